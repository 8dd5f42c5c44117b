// The hourly ID-retention sweep (jobs.ts, on every node) over a generated year (bench/generate-year.ts, whose
// trips start today): the travellers of the paid bookings of its first 60 days are given ID numbers, then the
// sweep runs twice with the cutoff 30 days in: once erasing the older half, then again with nothing left to
// erase (every later hour). A node's event loop waits for each run on SQLite. The IDs it added are removed.
//   DATA_DIR=/tmp/rihla-year node --import tsx bench/retention.ts
//   DATABASE_URL=postgres://… node --import tsx bench/retention.ts
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { eraseOldIdNumbers } from '../server/resources/boarding/boarding.repository.ts';
import { addDays } from '../shared/rules.ts';

if (!process.env.DATA_DIR && !process.env.DATABASE_URL)
  throw new Error('DATA_DIR or DATABASE_URL: a generated year');
const { db, close } = openDatabase({
  dataDir: process.env.DATA_DIR ?? '',
  databaseUrl: process.env.DATABASE_URL,
});
await migrateToLatest(db);
const first = String(
  (
    await db
      .selectFrom('trips')
      .select(sql<string>`min(trip_date)`.as('day'))
      .executeTakeFirstOrThrow()
  ).day,
);
const marker = 'BENCH-RETENTION';
const rowsOf = async (table: 'booking_passengers' | 'bookings') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
try {
  const before = await rowsOf('booking_passengers');
  await db
    .insertInto('booking_passengers')
    .columns(['bookingId', 'seat', 'fullName', 'idType', 'idNumber'])
    .expression((eb) =>
      eb
        .selectFrom('bookings')
        .innerJoin('trips', 'trips.id', 'bookings.tripId')
        .select([
          'bookings.id',
          sql<number>`-1`.as('seat'),
          sql<string>`${marker}`.as('fullName'),
          sql<string>`'passport'`.as('idType'),
          sql<string>`'P0000000'`.as('idNumber'),
        ])
        .where('trips.trip_date', '<', addDays(first, 60))
        .where('bookings.paymentStatus', '=', 'verified'),
    )
    .executeTakeFirst();
  const added = (await rowsOf('booking_passengers')) - before;
  const bookings = await rowsOf('bookings');
  console.log(
    `${bookings} bookings; ${before} travellers already listed; ${added} given an ID (trips of the first 60 days)`,
  );
  for (const run of ['erasing the older half', 'nothing left to erase']) {
    const start = performance.now();
    const erased = await eraseOldIdNumbers(db, addDays(first, 30));
    console.log(`  sweep, ${run}: ${erased} erased in ${(performance.now() - start).toFixed(0)} ms`);
  }
} finally {
  await db.deleteFrom('booking_passengers').where('fullName', '=', marker).where('seat', '=', -1).execute();
  await close();
}
