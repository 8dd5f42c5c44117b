// The activity log's cost: what recording adds to a staff write (reading the record before it, appending the
// row), and paging the activity list over 1,000,000 rows at 10 connections.
//   node --import tsx bench/activity.ts                           (SQLite, a temporary DATA_DIR)
//   DATABASE_URL=postgres://… node --import tsx bench/activity.ts   (an empty PostgreSQL database)
// ROWS sets the size of the log (default 1,000,000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { recordAudit } from '../server/audit/audit.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { findShallowDocument } from '../server/resources/crud/crud.repository.ts';
import { buses } from '../shared/registry/index.ts';
import { login, percentile, startServer } from './lib/server.ts';
import { insertCompanyAndBus } from './lib/direct.ts';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const ACTIONS = ['create', 'update', 'delete', 'verify_payment', 'cancel_booking', 'sign_in', 'counter_sale'];
const RESOURCES = ['bookings', 'trips', 'buses', 'users', 'companies'];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-activity-'));
const env = { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL };
const database = openDatabase(loadConfig({ ...process.env, ...env }));
const { db } = database;
await migrateToLatest(db);

// A year of activity: 1M rows over 365 days, a few dozen staff.
const started = Date.now();
const year = 365 * 86_400_000;
for (let done = 0; done < ROWS;) {
  const batch = [];
  for (let i = 0; i < 2000 && done < ROWS; i++, done++) {
    batch.push({
      id: `a${done.toString(16).padStart(23, '0')}`,
      at: new Date(started - year + Math.floor((done / ROWS) * year)).toISOString(),
      userId: `u${(done % 40).toString(16).padStart(23, '0')}`,
      userLabel: `staff${done % 40}@rihla.sd`,
      action: ACTIONS[done % ACTIONS.length],
      resource: RESOURCES[done % RESOURCES.length],
      recordId: `r${(done % 50_000).toString(16).padStart(23, '0')}`,
      diff: JSON.stringify({ paymentStatus: ['proof_submitted', 'verified'] }),
      ip: '10.0.0.1',
    });
  }
  for (let i = 0; i < batch.length; i += database.dialect === 'postgres' ? 1000 : 300)
    await db
      .insertInto('audit_log')
      .values(batch.slice(i, i + (database.dialect === 'postgres' ? 1000 : 300)))
      .execute();
}
console.log(
  `${ROWS} activity rows written in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.dialect})`,
);
await sql`analyze`.execute(db);

// What recording adds to a write: the record read before it, and the row appended.
await insertCompanyAndBus(db, 45);
const before: number[] = [];
const append: number[] = [];
for (let i = 0; i < 1000; i++) {
  let t0 = performance.now();
  const bus = await findShallowDocument(db, buses, 'b0');
  before.push(performance.now() - t0);
  t0 = performance.now();
  await recordAudit(
    db,
    {
      action: 'update',
      resource: 'buses',
      recordId: 'b0',
      userId: 'u0',
      userLabel: 'x',
      ip: '1',
      diff: { bus_number: [bus?.bus_number, 'B-2'] },
    },
    new Date(),
  );
  append.push(performance.now() - t0);
}
const sum = (list: number[]) => list.sort((a, b) => a - b);
console.log(
  `recording a staff write: read before p50 ${percentile(sum(before), 50).toFixed(2)} ms, append p50 ${percentile(sum(append), 50).toFixed(2)} ms → adds p50 ${(percentile(before, 50) + percentile(append, 50)).toFixed(2)} ms`,
);
await database.close();

const server = await startServer(env);
try {
  const token = await login(server.url);
  const auth = { authorization: `Bearer ${token}` };
  // A write through the API, whole: PATCH a bus 300 times, one after another.
  const write: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    await fetch(`${server.url}/api/buses/updateBus/b0`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ bus_number_of_seats: 40 + (i % 5) }),
    }).then((r) => r.text());
    write.push(performance.now() - t0);
  }
  console.log(
    `PATCH updateBus through the API (with its activity row): p50 ${percentile(sum(write), 50).toFixed(2)} ms`,
  );

  const pages = [
    ...Array.from(
      { length: 30 },
      (_, i) => `/api/activity/getAllActivity?_start=${i * 25}&_end=${i * 25 + 25}`,
    ),
    ...ACTIONS.map((action) => `/api/activity/getAllActivity?_start=0&_end=25&action=${action}`),
    `/api/activity/getAllActivity?_start=0&_end=25&userId=u${(7).toString(16).padStart(23, '0')}`,
    `/api/activity/getAllActivity?_start=0&_end=25&resource=bookings&recordId=r${(42).toString(16).padStart(23, '0')}`,
  ];
  for (const page of pages) await (await fetch(server.url + page, { headers: auth })).text();
  let i = 0;
  const result = await autocannon({
    url: server.url,
    connections: 10,
    duration: Number(process.env.BENCH_SECONDS ?? 10),
    requests: [{ setupRequest: (req: any) => ({ ...req, path: pages[i++ % pages.length], headers: auth }) }],
  });
  console.log(
    `activity list (${ROWS} rows, 25 a page, pages and filters by action, user, record; 10 connections): ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx + result.errors} errors`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
