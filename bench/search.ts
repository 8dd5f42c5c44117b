// Search: one hot search (the same one again and again, answered from the read cache), one trip's seat map
// (getTrip, cached) and /api/health, then
// filterTrips and the admin's lists against a generated year (bench/generate-year.ts), with autocannon in this
// process and every server in a process of its own: the real one, and a bare Fastify answering the search's JSON
// from memory (bench/lib/bare.ts), the ceiling each figure is a share of, measured in the same run.
//   node --import tsx bench/search.ts                                   (SQLite, a few trips made for it)
//   DATA_DIR=/tmp/rihla-year node --import tsx bench/search.ts          (SQLite, a generated year)
//   DATABASE_URL=postgres://… node --import tsx bench/search.ts         (PostgreSQL)
//   BENCH_ONLY=hot: the hot search, the trip and health only. BENCH_ROUNDS (2): how often each of those runs,
//   in turn, so that the machine's changing load falls on each alike. BENCH_SECONDS (10) per run.
//   BENCH_DATABASE_CPUS=1: PostgreSQL on CPU 1, everything else on the others (bench/lib/pin.ts).
import { makeTrips } from './lib/fixtures.ts';
import { startBare } from './lib/bare.ts';
import { cpuMeter, fmt, load as loadWith, type LoadRequest, type LoadResult, ratio } from './lib/load.ts';
import { login, percentile, startServer } from './lib/server.ts';
import { pinDatabase } from './lib/pin.ts';
import os from 'node:os';

/** The machine's 1-minute load beside each figure (other work on the same cores moves every req/s). */
const loadNow = () => `load ${os.loadavg()[0].toFixed(1)}`;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 50;

const load = (url: string, requests: LoadRequest[], connections = CONNECTIONS, pid?: number) =>
  loadWith(url, requests, { connections, seconds: SECONDS, pid });

const mean = (results: LoadResult[]): LoadResult => ({
  rps: results.reduce((sum, r) => sum + r.rps, 0) / results.length,
  p50: Math.max(...results.map((r) => r.p50)),
  p99: Math.max(...results.map((r) => r.p99)),
  errors: results.reduce((sum, r) => sum + r.errors, 0),
  cpuUs: results.reduce((sum, r) => sum + (r.cpuUs ?? NaN), 0) / results.length,
});

/** What one answer costs `r`'s process in CPU, as a share of what it costs the bare one ("56 %"). */
const cpuRatio = (r: LoadResult, bare: LoadResult) => `${((100 * bare.cpuUs!) / r.cpuUs!).toFixed(0)} %`;

const unpin = pinDatabase();
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
  const searches: LoadRequest[] = [];
  const today = Date.now() + 2 * 3_600_000; // Khartoum is UTC+2
  for (let d = 0; d < 3; d++) {
    const date = new Date(today + d * 86_400_000).toISOString().slice(0, 10);
    for (const o of origins)
      for (const dest of destinations)
        searches.push({
          path: `/api/trips/filterTrips?origin=${o._id}&destination=${dest._id}&date=${date}`,
        });
  }
  // A fresh database (no DATA_DIR): a few trips between two new cities, searched by their days.
  if (!process.env.DATA_DIR && !process.env.DATABASE_URL)
    for (const trip of await makeTrips(server.url, token, 6, 50))
      searches.push({
        path: `/api/trips/filterTrips?origin=${trip.origin}&destination=${trip.destination}&date=${trip.date}`,
      });
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
  if (!found.length) throw new Error('no search finds a trip');
  // Each search's own answer, for the ceiling of the mix: a bare Fastify answering every URL with its JSON.
  const answerOf = Object.fromEntries(
    searches.flatMap((s, i) => (answers[i] === '[]' ? [] : [[s.path, answers[i]]])),
  );
  searches.length = 0;
  searches.push(...found);
  const sample = answers.find((a) => a !== '[]')!;

  const bare = await startBare('/same-json', sample);
  try {
    // One search asked again and again (its answer is the bare process's), and the health check.
    console.log(
      `one hot search (answer ${(sample.length / 1024).toFixed(1)} KB), one trip and /api/health, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each`,
    );
    // The seat map of the hot search's first trip: the trip, and where its traveller pays.
    const seatMap = { path: `/api/trips/getTrip/${(JSON.parse(sample) as { _id: string }[])[0]._id}` };
    const runs: Record<'bare' | 'hot' | 'trip' | 'health', LoadResult[]> = {
      bare: [],
      hot: [],
      trip: [],
      health: [],
    };
    for (let round = 0; round < ROUNDS; round++) {
      const pid = server.process.pid;
      runs.bare.push(await load(bare.url, [{ path: '/same-json' }], CONNECTIONS, bare.pid));
      runs.hot.push(await load(server.url, [searches[0]], CONNECTIONS, pid));
      runs.trip.push(await load(server.url, [seatMap], CONNECTIONS, pid));
      // BENCH_HEALTH=no: the hot search alone (a profile of it: BENCH_NODE_ARGS="--cpu-prof …").
      runs.health.push(
        process.env.BENCH_HEALTH === 'no'
          ? { rps: NaN, p50: NaN, p99: NaN, errors: 0 }
          : await load(server.url, [{ path: '/api/health' }], CONNECTIONS, pid),
      );
      console.log(
        `  round ${round + 1}: bare ${Math.round(runs.bare[round].rps)}, hot search ${Math.round(runs.hot[round].rps)}, one trip ${Math.round(runs.trip[round].rps)}, health ${Math.round(runs.health[round].rps)} req/s`,
      );
    }
    const [memory, hot, trip, health] = [mean(runs.bare), mean(runs.hot), mean(runs.trip), mean(runs.health)];
    console.log(`  bare Fastify, own process:      ${fmt(memory)}`);
    // CPU an answer: the bare process's share of the server's (on an idle machine, each at one core, the
    // share its req/s would be); req/s shares swing with what else the 2 cores run.
    console.log(
      `  one hot search (cached):        ${fmt(hot)}  → ${ratio(hot, memory)} of bare's req/s, ${cpuRatio(hot, memory)} by CPU an answer, ${loadNow()}`,
    );
    console.log(
      `  one trip (seat map, cached):    ${fmt(trip)}  → ${ratio(trip, memory)} of bare's req/s, ${cpuRatio(trip, memory)} by CPU an answer`,
    );
    console.log(
      `  /api/health:                    ${fmt(health)}  → ${ratio(health, memory)} of bare's req/s, ${cpuRatio(health, memory)} by CPU an answer`,
    );

    if (process.env.BENCH_ONLY !== 'hot') await mixed(searches, answerOf, token);
  } finally {
    bare.stop();
  }
} finally {
  await server.stop();
  unpin();
}

/**
 * Every search of a booking rush, with the cache and without, each beside a bare Fastify in its own process
 * answering the same URLs with the same JSON from memory (answers of 0.5–10 KB: one answer's ceiling would
 * not be theirs); the admin's lists.
 */
async function mixed(searches: LoadRequest[], answerOf: Record<string, string>, token: string) {
  const sizes = Object.values(answerOf).map((answer) => answer.length / 1024);
  console.log(
    `filterTrips: ${searches.length} different searches (answers ${Math.min(...sizes).toFixed(1)}–${Math.max(...sizes).toFixed(1)} KB, mean ${(sizes.reduce((a, b) => a + b, 0) / sizes.length).toFixed(1)}), ${CONNECTIONS} connections, ${SECONDS} s each, ${ROUNDS} rounds`,
  );
  const bare = await startBare('/api/trips/filterTrips', '[]', answerOf);
  // The same searches from a second server on the same data with its read cache off: what the cache buys.
  const uncached = await startServer({
    DATA_DIR: server.dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    SEARCH_CACHE_MS: '0',
  });
  try {
    const runs: Record<'bare' | 'cached' | 'cold', LoadResult[]> = { bare: [], cached: [], cold: [] };
    // What PostgreSQL's own processes spend on the cold searches, when they run on this machine: the same
    // two cores serve the database, the server and the load generator.
    let postgresUs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      runs.bare.push(await load(bare.url, searches, CONNECTIONS, bare.pid));
      runs.cached.push(await load(server.url, searches, CONNECTIONS, server.process.pid));
      const postgres = cpuMeter('postgres');
      runs.cold.push(await load(uncached.url, searches, CONNECTIONS, uncached.process.pid));
      postgresUs += (postgres() * 1e6) / (runs.cold[round].rps * SECONDS);
    }
    const [memory, search, direct] = [mean(runs.bare), mean(runs.cached), mean(runs.cold)];
    console.log(`  bare Fastify, the same answers: ${fmt(memory)}`);
    console.log(
      `  filterTrips, cache on:          ${fmt(search)}  → ${ratio(search, memory)} of bare's req/s, ${cpuRatio(search, memory)} by CPU an answer, ${loadNow()}`,
    );
    console.log(
      `  filterTrips, cache off:         ${fmt(direct)}  → ${ratio(direct, memory)} of bare's req/s, ${cpuRatio(direct, memory)} by CPU an answer, ${loadNow()}`,
    );
    if (postgresUs > 0)
      console.log(
        `  PostgreSQL's own CPU, cache off: ${Math.round(postgresUs / ROUNDS)} µs an answer (this machine's postgres processes)`,
      );
  } finally {
    bare.stop();
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
}
