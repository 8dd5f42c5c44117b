// Timetables at scale (issue 21): a year of trips for 50 timetables put on sale by the generation job (one
// call, as a node does with SALES_HORIZON_DAYS=365), the same call again (idempotent: nothing made), and the
// public search's own query (searchTrips, no cache) for a route and day before and after those trips exist.
// Goal: ≤ 5 s for the year; search speed unchanged.
//   node --import tsx bench/timetables.ts                            (SQLite, a fresh temporary DATA_DIR)
//   DATABASE_URL=postgres://… node --import tsx bench/timetables.ts  (an empty PostgreSQL database)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { generateTrips } from '../server/resources/timetables/timetables.service.ts';
import { searchTrips } from '../server/resources/trips/trips.repository.ts';
import { insertCompanyAndBus } from './lib/direct.ts';

const TIMETABLES = Number(process.env.TIMETABLES ?? 50);
const DAYS = Number(process.env.DAYS ?? 365);
const SEARCHES = Number(process.env.SEARCHES ?? 500);
const ROUTES = 10;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-timetables-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const database = openDatabase(config);
const { db } = database;
const seconds = (from: number) => (performance.now() - from) / 1000;

/** SEARCHES searches of the routes' days, as travellers spread them; answers the mean in milliseconds. */
async function searchSpeed(): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < SEARCHES; i++) {
    const route = i % ROUTES;
    const date = new Date(Date.parse('2027-01-10') + (i % 60) * 86_400_000).toISOString().slice(0, 10);
    await searchTrips(db, `o${route}`, `d${route}`, date, new Date());
  }
  return (performance.now() - start) / SEARCHES;
}

try {
  await migrateToLatest(db);
  const now = new Date('2027-01-01T06:00:00Z');
  await insertCompanyAndBus(db, 45);
  await db
    .insertInto('buses')
    .values(
      Array.from({ length: TIMETABLES }, (_, i) => ({
        id: `bus${i}`,
        bus_number: `TT-${i}`,
        bus_owner_companyId: 'c0',
        bus_number_of_seats: 45,
        bus_status: 'In Service',
        date_ofLast_oil_service: '2026-10-01',
      })),
    )
    .execute();
  for (let r = 0; r < ROUTES; r++) {
    await db
      .insertInto('origins')
      .values({ id: `o${r}`, origin_city: `From ${r}` })
      .execute();
    await db
      .insertInto('destinations')
      .values({ id: `d${r}`, destination_city: `To ${r}` })
      .execute();
  }
  await db.insertInto('prices').values({ id: 'p0', price: 15000 }).execute();
  // Before: the hand-made trips of a small operator (two a day on each route for the two months searched).
  const handMade = [];
  for (let r = 0; r < ROUTES; r++)
    for (let d = 0; d < 60; d++)
      handMade.push({
        id: `h${r}-${d}`,
        busId: 'b0',
        trip_originId: `o${r}`,
        trip_destinationId: `d${r}`,
        trip_date: new Date(Date.parse('2027-01-10') + d * 86_400_000).toISOString().slice(0, 10),
        trip_boarding_time: '9:00 am',
        trip_ticket_priceId: 'p0',
        isCancelled: 0,
      });
  for (let i = 0; i < handMade.length; i += 200)
    await db
      .insertInto('trips')
      .values(handMade.slice(i, i + 200))
      .execute();
  await searchSpeed(); // warm up
  const before = await searchSpeed();

  // 50 timetables on 10 routes, each on its own bus, every day (one in five skips Fridays).
  await db
    .insertInto('timetables')
    .values(
      Array.from({ length: TIMETABLES }, (_, i) => ({
        id: `tt${i}`,
        timetable_originId: `o${i % ROUTES}`,
        timetable_destinationId: `d${i % ROUTES}`,
        busId: `bus${i}`,
        timetable_boarding_time: i % 2 ? '7:00 pm' : '9:00 am',
        timetable_ticket_priceId: 'p0',
        timetable_days: JSON.stringify(i % 5 ? [0, 1, 2, 3, 4, 5, 6] : [0, 1, 2, 3, 4, 6]),
        timetable_from: '2027-01-01',
        timetable_until: null,
        timetable_dates_off: JSON.stringify(['2027-01-07']),
        isActive: 1,
      })),
    )
    .execute();
  let start = performance.now();
  const created = await generateTrips(db, now, DAYS);
  const year = seconds(start);
  start = performance.now();
  const again = await generateTrips(db, now, DAYS);
  const rerun = seconds(start);
  await searchSpeed();
  const after = await searchSpeed();
  const total = Number(
    (await db
      .selectFrom('trips')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst())!.n,
  );

  console.log(`database: ${database.dialect}`);
  console.log(`timetables: ${TIMETABLES}, days ahead: ${DAYS}`);
  console.log(`year of trips: ${created} trips made in ${year.toFixed(2)} s (goal ≤ 5 s)`);
  console.log(`the job again: ${again} made in ${rerun.toFixed(2)} s`);
  console.log(`trips in the database: ${total}`);
  console.log(
    `search (mean of ${SEARCHES}, no cache): ${before.toFixed(3)} ms with ${handMade.length} trips, ${after.toFixed(3)} ms with ${total} (×${(after / before).toFixed(2)})`,
  );
  if (created === 0 || again !== 0) process.exitCode = 1;
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
