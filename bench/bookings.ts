// Booking benchmark: 20 concurrent clients book seats (multipart, as the public site does) and get their PDF
// ticket back; after a 2 s warm-up, prints bookings per second and p50/p99 latency on SQLite and, when
// BENCH_DATABASE_URL (that database) or TEST_DATABASE_URL (a fresh database of its own, dropped after) is set,
// on PostgreSQL. Then checks that no seat was sold twice.
//   node --import tsx bench/bookings.ts
import fs from 'node:fs';
import { bookingFields, doubleSold, liveBookings, makeTrips } from './lib/fixtures.ts';
import { multipart } from '../tests/server/helpers/multipart.ts';
import { LightClient } from './lib/light-client.ts';
import { login, percentile, startServer } from './lib/server.ts';

/**
 * CPU seconds the server process used so far (user + system, all its threads; Linux only, else NaN): per
 * booking it says what a sale costs even when other work shares the machine and throughput is noise.
 */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return NaN;
  }
}

const CLIENTS = 20;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
/** Booked but not counted: compiled code and the ticket renderer's caches settle first. */
const WARMUP_MS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2) * 1000;
const TRIPS = 150;
const SEATS = 100;

async function run(label: string, env: Record<string, string | undefined>, ownPostgres = false) {
  const server = await startServer(env, { ownPostgres });
  try {
    const token = await login(server.url);
    const trips = await makeTrips(server.url, token, TRIPS, SEATS);
    // Each booking takes the next 1–3 free seats in order, so clients never collide by design;
    // the database constraint is what is being exercised, not luck.
    let tripIndex = 0;
    let cursor = 1;
    let next = 0;
    const claim = () => {
      const count = (next++ % 3) + 1;
      if (cursor + count - 1 > SEATS) {
        tripIndex = (tripIndex + 1) % TRIPS;
        cursor = 1;
      }
      const seats = Array.from({ length: count }, (_, k) => cursor + k);
      cursor += count;
      return { trip: trips[tripIndex], seats };
    };
    const latencies: number[] = [];
    let created = 0;
    let conflicts = 0;
    let failures = 0;
    let pdfBytes = 0;
    const client = new LightClient(server.url, CLIENTS);
    const started = Date.now() + WARMUP_MS;
    const deadline = started + DURATION_MS;
    let cpuAtStart = NaN;
    setTimeout(() => (cpuAtStart = cpuSeconds(server.process.pid)), WARMUP_MS);
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < deadline) {
          const { trip, seats } = claim();
          const form = multipart(bookingFields(trip, seats));
          const counted = Date.now() >= started;
          const t0 = performance.now();
          const { status, body } = await client.request(
            'POST',
            '/api/bookings/createBooking',
            form.payload,
            form.headers,
          );
          if (!counted) {
            if (status !== 201) failures++;
            continue;
          }
          latencies.push(performance.now() - t0);
          if (status === 201 && body.pdfBlob) {
            created++;
            pdfBytes += body.pdfBlob.length * 0.75;
          } else if (status === 409) conflicts++;
          else failures++;
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const cpuPerBooking = ((cpuSeconds(server.process.pid) - cpuAtStart) * 1000) / Math.max(created, 1);
    client.close();
    latencies.sort((a, b) => a - b);
    // Integrity: every seat of every trip held by at most one live booking.
    let twice = 0;
    for (const trip of trips) twice += doubleSold(await liveBookings(server.url, token, trip.id));
    console.log(
      `${label}: ${(created / seconds).toFixed(1)} bookings/s with tickets, p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies[latencies.length - 1]?.toFixed(1)} ms, ${CLIENTS} clients, ${created} booked, ${conflicts} conflicts, ` +
        `${failures} failures, avg ticket ${(pdfBytes / Math.max(created, 1) / 1024).toFixed(1)} KB, ` +
        `server CPU ${cpuPerBooking.toFixed(2)} ms a booking, seats sold twice: ${twice}`,
    );
    return { created, doubleSold: twice, failures };
  } finally {
    await server.stop();
  }
}

const workers = process.env.TICKET_WORKERS;
const results = [await run('SQLite', { DATABASE_URL: undefined, TICKET_WORKERS: workers })];
// Never the test server's own database: a run of another version would leave its migrations there.
if (process.env.BENCH_DATABASE_URL)
  results.push(
    await run('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL, TICKET_WORKERS: workers }),
  );
else if (process.env.TEST_DATABASE_URL)
  results.push(await run('PostgreSQL', { DATABASE_URL: undefined, TICKET_WORKERS: workers }, true));
if (results.some((r) => r.doubleSold > 0 || r.failures > 0)) process.exit(1);
