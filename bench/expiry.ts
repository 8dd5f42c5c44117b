// The expiry sweep: 10,000 unpaid holds past their deadline, expired and their seats freed in one sweep.
//   node --import tsx bench/expiry.ts                      (SQLite, a fresh temporary DATA_DIR)
//   DATABASE_URL=postgres://… node --import tsx bench/expiry.ts   (an empty PostgreSQL database)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ManualClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { expireLapsedHolds } from '../server/sales/index.ts';
import { insertCompanyAndBus } from './lib/direct.ts';

const HOLDS = Number(process.env.HOLDS ?? 10_000);
const SEATS = 40;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-expiry-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const database = openDatabase(config);
const { db } = database;
try {
  await migrateToLatest(db);
  const now = new Date();
  const lapsed = new Date(now.getTime() - 60_000).toISOString();
  let seq = 0;
  const id = (prefix: string) => `${prefix}${(seq++).toString(16).padStart(22, '0')}`;
  await insertCompanyAndBus(db, SEATS);
  await db.insertInto('origins').values({ id: 'o0', origin_city: 'A' }).execute();
  await db.insertInto('destinations').values({ id: 'd0', destination_city: 'B' }).execute();
  await db.insertInto('prices').values({ id: 'p0', price: 15000 }).execute();
  const trips = Array.from({ length: Math.ceil(HOLDS / SEATS) }, () => ({
    id: id('t'),
    busId: 'b0',
    trip_originId: 'o0',
    trip_destinationId: 'd0',
    trip_date: '2027-06-01',
    trip_boarding_time: '9:00 am',
    trip_ticket_priceId: 'p0',
    isCancelled: 0,
  }));
  for (let i = 0; i < trips.length; i += 500)
    await db
      .insertInto('trips')
      .values(trips.slice(i, i + 500))
      .execute();
  const bookings = [];
  const seats = [];
  for (let i = 0; i < HOLDS; i++) {
    const booking = id('k');
    const tripId = trips[Math.floor(i / SEATS)].id;
    bookings.push({
      id: booking,
      tripId,
      ticketId: String(1_000_000_000_000 + i),
      seats: JSON.stringify([(i % SEATS) + 1]),
      first_name: 'Amna',
      last_name: 'Osman',
      phone: '0912345678',
      totalTicketPrice: 15000,
      bookingDate: lapsed,
      isCancelled: 0,
      noShow: 0,
      created_at: lapsed,
      paymentStatus: i % 2 ? 'awaiting_proof' : 'rejected',
      paymentDeadline: lapsed,
    });
    seats.push({ tripId, seat: (i % SEATS) + 1, bookingId: booking });
  }
  for (let i = 0; i < HOLDS; i += 250)
    await db
      .insertInto('bookings')
      .values(bookings.slice(i, i + 250))
      .execute();
  for (let i = 0; i < HOLDS; i += 500)
    await db
      .insertInto('booking_seats')
      .values(seats.slice(i, i + 500))
      .execute();

  const started = performance.now();
  const expired = await expireLapsedHolds({ db, clock: new ManualClock(now), payments: config.payments });
  const seconds = (performance.now() - started) / 1000;
  const left = await db
    .selectFrom('booking_seats')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  console.log(
    `expiry sweep (${database.dialect}): ${expired} of ${HOLDS} lapsed holds expired in ${seconds.toFixed(2)} s; ${Number(left?.n)} seats still held`,
  );
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
