// Search at scale: filterTrips and the admin's bookings list against a generated year
// (bench/generate-year.ts), at 50 connections with autocannon; in the same run, a bare Fastify route
// answering the same JSON from memory, as the ceiling to compare with.
//   DATA_DIR=/tmp/rihla-year node --import tsx bench/search.ts          (SQLite)
//   DATABASE_URL=postgres://… node --import tsx bench/search.ts         (PostgreSQL)
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { ADMIN, login, percentile, startServer } from './lib/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(
  url: string,
  requests: { path: string; headers?: Record<string, string> }[],
  connections = CONNECTIONS,
): Promise<Result> {
  let i = 0;
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    requests: [{ setupRequest: (req: any) => ({ ...req, ...requests[i++ % requests.length] }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

const fmt = (r: Result) => `${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors`;

const server = await startServer({ DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
try {
  const token = await login(server.url);
  const origins: { _id: string }[] = await fetch(`${server.url}/api/origins/getAllOrigins`).then((r) =>
    r.json(),
  );
  const destinations: { _id: string }[] = await fetch(
    `${server.url}/api/destination/getAllDestinations`,
  ).then((r) => r.json());
  // The searches of a booking rush: every pair, over the next 3 days.
  const searches: { path: string }[] = [];
  const today = Date.now() + 2 * 3_600_000; // Khartoum is UTC+2
  for (let d = 0; d < 3; d++) {
    const date = new Date(today + d * 86_400_000).toISOString().slice(0, 10);
    for (const o of origins)
      for (const dest of destinations)
        searches.push({
          path: `/api/trips/filterTrips?origin=${o._id}&destination=${dest._id}&date=${date}`,
        });
  }
  // Keep the searches that find trips (the generator links ~200 of the 400 city pairs).
  // 50 at a time: the server caps its connections (MAX_CONNECTIONS).
  const answers: string[] = [];
  for (let i = 0; i < searches.length; i += 50)
    answers.push(
      ...(await Promise.all(
        searches.slice(i, i + 50).map((s) => fetch(server.url + s.path).then((r) => r.text())),
      )),
    );
  const found = searches.filter((_, i) => answers[i] !== '[]');
  searches.length = 0;
  searches.push(...found);
  const sample = answers.find((a) => a !== '[]') ?? '[]';

  const baseline = Fastify();
  baseline.get('/same-json', async (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(sample),
  );
  const baseUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });

  console.log(
    `filterTrips: ${searches.length} different searches, answer ~${(sample.length / 1024).toFixed(1)} KB, ${CONNECTIONS} connections, ${SECONDS} s each`,
  );
  const memory = await load(baseUrl, [{ path: '/same-json' }]);
  console.log(`  baseline (Fastify from memory): ${fmt(memory)}`);
  const search = await load(server.url, searches);
  console.log(
    `  filterTrips, cache on:          ${fmt(search)}  → ${((100 * search.rps) / memory.rps).toFixed(0)} % of baseline`,
  );
  await baseline.close();
  // The same searches from a second server on the same data with its read cache off: what the cache buys.
  const uncached = await startServer({
    DATA_DIR: server.dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    SEARCH_CACHE_MS: '0',
  });
  try {
    const direct = await load(uncached.url, searches);
    console.log(
      `  filterTrips, cache off:         ${fmt(direct)}  → ${((100 * direct.rps) / memory.rps).toFixed(0)} % of baseline`,
    );
  } finally {
    await uncached.stop();
  }

  const auth = { authorization: `Bearer ${token}` };
  const pages = Array.from({ length: 40 }, (_, i) => ({
    path: `/api/bookings/getAllBookings?_start=${i * 25}&_end=${i * 25 + 25}&_sort=bookingDate&_order=DESC`,
    headers: auth,
  }));
  // Each page once, one after the other: what the first look at a page costs before its trips are remembered.
  const cold: number[] = [];
  for (const page of pages) {
    const t0 = performance.now();
    await (await fetch(server.url + page.path, { headers: auth })).text();
    cold.push(performance.now() - t0);
  }
  cold.sort((a, b) => a - b);
  console.log(
    `admin bookings list, first look at each of 40 pages: p50 ${percentile(cold, 50).toFixed(1)} ms, max ${cold[cold.length - 1].toFixed(1)} ms`,
  );
  // A busy office: 10 staff screens paging at once, each asking again the moment an answer arrives.
  const list = await load(server.url, pages, 10);
  const total = (await fetch(server.url + pages[0].path, { headers: auth })).headers.get('x-total-count');
  console.log(
    `admin bookings list (${total} bookings, 25 a page, first 40 pages, 10 connections): ${fmt(list)}`,
  );
  // The payments desk: the queue of proofs waiting (2 % of the year's bookings), oldest departure first.
  const queuePages = Array.from({ length: 40 }, (_, i) => ({
    path: `/api/payments/getQueue?_start=${i * 25}&_end=${i * 25 + 25}`,
    headers: auth,
  }));
  const queue = await load(server.url, queuePages, 10);
  const waiting = (await fetch(server.url + queuePages[0].path, { headers: auth })).headers.get(
    'x-total-count',
  );
  console.log(
    `payments queue (${waiting} proofs waiting, 25 a page, first 40 pages, 10 connections): ${fmt(queue)}`,
  );
  void ADMIN;
} finally {
  await server.stop();
}
