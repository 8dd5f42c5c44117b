// Ticket PDF benchmark: ms per rendered ticket and its size. Run: node --import tsx bench/ticket-pdf.ts
// Every ticket differs (id, passenger, route, seats, total), as in production, so shaping caches only help with
// what really repeats (labels, cities, companies).
import { CITIES, HUB } from '../server/demo/demo-data.ts';
import { renderTicket, type TicketData } from '../server/tickets/ticket-pdf.ts';
import { BOARDING_TIMES } from '../shared/rules.ts';
import { generateKeyPairSync } from 'node:crypto';
import { ticketSigner } from '../server/tickets/signing.ts';

const WARMUP = 20;
const RUNS = Number(process.env.BENCH_TICKETS ?? 200);

// Names are written in one script or the other, and almost every one differs from the last.
const NAMES = [
  {
    given: ['Mohamed', 'Fatima', 'Omer', 'Amna', 'Hassan', 'Khalid', 'Sara', 'Yousif'],
    family: ['Ahmed', 'Osman', 'Elamin', 'Babiker', 'Mustafa', 'Idris', 'Suliman', 'Eltayeb'],
  },
  {
    given: ['محمد', 'فاطمة', 'عمر', 'آمنة', 'حسن', 'خالد', 'سارة', 'يوسف'],
    family: ['عبد الله', 'الطيب', 'إبراهيم', 'عثمان', 'بابكر', 'مصطفى', 'إدريس', 'سليمان'],
  },
];
const COMPANIES = ['Nile Express', 'Sudan Star Travel'];

// A fixed pseudo-random sequence, so runs compare.
let seed = 42;
function random(n: number): number {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
}

function passengerName(): string {
  const { given, family } = NAMES[random(NAMES.length)];
  return `${given[random(given.length)]} ${given[random(given.length)]} ${family[random(family.length)]}`;
}

const signer = ticketSigner(generateKeyPairSync('ed25519').privateKey);

function sampleTicket(i: number): TicketData {
  const [city, fare] = CITIES[random(CITIES.length)];
  const outbound = random(2) === 0;
  const count = 1 + random(3);
  const first = 1 + random(40);
  const seats = Array.from({ length: count }, (_, k) => first + k);
  return {
    ticketId: String(1_000_000_000_000 + random(2 ** 30) * 7919 + i).slice(0, 13),
    passengerName: passengerName(),
    companyName: COMPANIES[random(COMPANIES.length)],
    busNumber: `KH-${1000 + random(4)}`,
    tripDate: `2026-12-${String(1 + random(28)).padStart(2, '0')}`,
    boardingTime: BOARDING_TIMES[random(BOARDING_TIMES.length)],
    originCity: outbound ? HUB : city,
    destinationCity: outbound ? city : HUB,
    seats,
    passengerCount: count,
    total: count * fare,
    currency: 'SDG',
    bookingDate: new Date(Date.UTC(2026, 10, 21, 8, 0, 0) + i * 97_000).toISOString(),
    paid: random(2) === 0,
    // A signed code as tickets carry (shared/ticket-code.ts), ~135 characters in the QR.
    code: signer.code({ ticketId: String(1_000_000_000_000 + i), tripId: '6b0360bc1c22c679935a4b03', seats }),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const coldStart = performance.now();
await renderTicket(sampleTicket(-1));
const coldMs = performance.now() - coldStart;
for (let i = 0; i < WARMUP; i++) await renderTicket(sampleTicket(-2 - i));

const times: number[] = [];
let bytes = 0;
const cpuBefore = process.cpuUsage();
for (let i = 0; i < RUNS; i++) {
  const ticket = sampleTicket(i);
  const start = performance.now();
  const pdf = await renderTicket(ticket);
  times.push(performance.now() - start);
  bytes += pdf.length;
}
// CPU time is less sensitive than wall time to other processes competing for the two cores.
const cpu = process.cpuUsage(cpuBefore);

times.sort((a, b) => a - b);
const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
console.log(`first ticket (reads and parses the font): ${coldMs.toFixed(0)} ms`);
console.log(
  `${RUNS} tickets: mean ${mean.toFixed(1)} ms, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms per PDF`,
);
console.log(`CPU time ${((cpu.user + cpu.system) / 1000 / RUNS).toFixed(1)} ms per PDF (all threads)`);
console.log(`average size ${(bytes / RUNS / 1024).toFixed(1)} KB`);
