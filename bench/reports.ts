// Reports (issue 24): each figure of /api/analytics over a year of a network (bench/generate-year.ts: 1,000,000
// bookings, 10 companies), for the platform and for one company's desk, at 10 connections, with autocannon in
// this process and the server in its own. Goal: p99 ≤ 200 ms on each database. Beside each: the first answer
// (nothing remembered, the file maybe not in memory), the second (remembered), one just after a write that
// makes the server forget it (computed again: what a report costs while sales go on), and a bare Fastify
// answering the same JSON from memory in its own process, measured in the same run (the ceiling).
//   DATA_DIR=/tmp/rihla-year node --import tsx bench/reports.ts
//   DATABASE_URL=postgres://… node --import tsx bench/reports.ts
//   BENCH_SECONDS (10) per run; BENCH_ONLY=sales|occupancy|settlement.
import os from 'node:os';
import { startBare } from './lib/bare.ts';
import { fmt, load } from './lib/load.ts';
import { login, startServer } from './lib/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const REPORTS = ['sales', 'occupancy', 'settlement'].filter(
  (name) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY === name,
);
if (!process.env.DATA_DIR && !process.env.DATABASE_URL)
  throw new Error('Give DATA_DIR or DATABASE_URL of a generated year (bench/generate-year.ts).');

const server = await startServer({ DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
try {
  const token = await login(server.url);
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const started = performance.now();
    const response = await fetch(server.url + path, { headers });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
    return { text, ms: performance.now() - started };
  };
  const companies: { _id: string; company_name: string; company_phone: string }[] = JSON.parse(
    (await get('/api/companies/getAllCompanies')).text,
  );
  const trips = JSON.parse(
    (await get('/api/trips/getAllTrips?_sort=trip_date&_order=ASC&_start=0&_end=1')).text,
  );
  const from: string = (Array.isArray(trips) ? trips[0] : trips.data?.[0])?.trip_date;
  if (!from) throw new Error('the database has no trips');
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + 364 * 86_400_000).toISOString().slice(0, 10);
  const company = companies.find((c) => c.company_name === 'Company 1') ?? companies[0];
  console.log(
    `A year, ${from} to ${to}; ${companies.length} companies; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
  );
  for (const name of REPORTS)
    for (const [who, query] of [
      ['platform', ''],
      [company.company_name, `&companyId=${company._id}`],
    ] as const) {
      const path = `/api/analytics/${name}?from=${from}&to=${to}${query}`;
      const first = await get(path);
      const again = await get(path);
      // A write to what reports read (a company's phone, to the same) forgets them: read cold, data in memory.
      const touched = await fetch(`${server.url}/api/companies/updateCompany/${company._id}`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ company_phone: company.company_phone }),
      });
      if (!touched.ok) throw new Error(`updateCompany: ${touched.status} ${await touched.text()}`);
      const afterWrite = await get(path);
      const result = await load(server.url, [{ path, headers }], {
        connections: CONNECTIONS,
        seconds: SECONDS,
        pid: server.process.pid,
      });
      const bare = await startBare('/same', first.text);
      const ceiling = await load(bare.url, [{ path: '/same' }], {
        connections: CONNECTIONS,
        seconds: SECONDS,
        pid: bare.pid,
      });
      bare.stop();
      console.log(
        `${name} (${who}, ${(first.text.length / 1024).toFixed(0)} KB): first ${first.ms.toFixed(0)} ms, second ${again.ms.toFixed(0)} ms, ` +
          `after a write ${afterWrite.ms.toFixed(0)} ms; ` +
          `at ${CONNECTIONS} connections ${fmt(result)} — ${result.p99 <= 200 ? 'within' : 'OVER'} 200 ms; ` +
          `bare ${fmt(ceiling)}`,
      );
    }
} finally {
  await server.stop();
}
