// What a traveller waits for before confirming a cancellation (issue 22): GET /api/bookings/cancellationQuote
// (the booking proved by ticket id and phone, its refund by the tiers it was sold under) at 10 connections,
// whole and for one seat, beside the look-up (filterBookings: the same proof, the same reads) and a bare
// Fastify in its own process answering a quote's JSON from memory (the ceiling, measured in the same run).
//   node --import tsx bench/quote.ts                          (SQLite, a temporary DATA_DIR)
//   DATABASE_URL=postgres://… node --import tsx bench/quote.ts  (an empty PostgreSQL database)
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { makeTrips, postJson } from './lib/fixtures.ts';
import { login, startServer } from './lib/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const BOOKINGS = 300;

if (process.argv[2] === 'baseline') {
  const body = process.argv[3];
  const app = Fastify();
  app.get('/quote', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ url });
} else {
  const server = await startServer({ DATABASE_URL: process.env.DATABASE_URL });
  try {
    const token = await login(server.url);
    const proofs = await sellPaidBookings(server.url, token);
    const paths = (make: (p: (typeof proofs)[number]) => string) => proofs.map(make);
    const quotes = paths((p) => `/api/bookings/cancellationQuote?ticketId=${p.ticketId}&phone=${p.phone}`);
    const seatQuotes = paths(
      (p) => `/api/bookings/cancellationQuote?ticketId=${p.ticketId}&phone=${p.phone}&seats=${p.seat}`,
    );
    const lookups = paths((p) => `/api/bookings/filterBookings?ticketId=${p.ticketId}&phone=${p.phone}`);
    const sample = await fetch(server.url + quotes[0]).then((r) => r.text());
    const ceiling = fork(import.meta.filename, ['baseline', sample], { execArgv: ['--import', 'tsx'] });
    const ceilingUrl = await new Promise<string>((resolve) =>
      ceiling.once('message', (m: { url: string }) => resolve(m.url)),
    );
    try {
      const bare = await load(ceilingUrl, ['/quote']);
      const whole = await load(server.url, quotes);
      const one = await load(server.url, seatQuotes);
      const lookUp = await load(server.url, lookups);
      const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
      console.log(`${BOOKINGS} paid bookings, ${CONNECTIONS} connections, ${SECONDS} s each (${dialect}):`);
      console.log(`  bare Fastify, own process     ${fmt(bare)}`);
      console.log(`  cancellationQuote (whole)     ${fmt(whole)}  (${ratio(whole, bare)} of bare)`);
      console.log(`  cancellationQuote (one seat)  ${fmt(one)}  (${ratio(one, bare)} of bare)`);
      console.log(`  filterBookings (the look-up)  ${fmt(lookUp)}  (${ratio(lookUp, bare)} of bare)`);
    } finally {
      ceiling.kill();
    }
  } finally {
    await server.stop();
  }
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, paths: string[]): Promise<Result> {
  let i = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req: any) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

function fmt(r: Result) {
  return `${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors`;
}
function ratio(r: Result, bare: Result) {
  return `${((r.rps / bare.rps) * 100).toFixed(0)} %`;
}

/** 300 bookings of two seats paid at the counter on 10 trips, a few days ahead. */
async function sellPaidBookings(url: string, token: string) {
  const made = await makeTrips(url, token, 10, 62);
  const sold: { ticketId: string; phone: string; seat: number }[] = [];
  for (let i = 0; i < BOOKINGS; i++) {
    const trip = made[i % made.length];
    const seat = 1 + 2 * Math.floor(i / made.length);
    const phone = `0912${String(i).padStart(6, '0')}`;
    const answer = await postJson(url, token, '/api/bookings/counterSale', {
      tripId: trip.id,
      seats: [seat, seat + 1],
      passengerInfo: { firstName: 'Amna', lastName: 'Idris', phone },
      paymentMethod: 'cash',
    });
    sold.push({ ticketId: answer.booking.ticketId, phone, seat });
  }
  return sold;
}
