// A disruption of a corridor, measured (issue 21): 100 trips of one route with 4,000 bookings (half paid, a
// quarter unpaid holds, a quarter proofs to decide) cancelled in one call of the disruption service, one
// transaction per trip, every traveller's message queued with it. The dry run first (what staff preview).
// Goal: ≤ 10 s for the real run.
//   node --import tsx bench/disruptions.ts                      (SQLite, a fresh temporary DATA_DIR)
//   DATABASE_URL=postgres://… node --import tsx bench/disruptions.ts   (an empty PostgreSQL database)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { disrupt } from '../server/resources/trips/disruptions.service.ts';
import { insertCompanyAndBus } from './lib/direct.ts';

const TRIPS = Number(process.env.TRIPS ?? 100);
const PER_TRIP = Number(process.env.PER_TRIP ?? 40);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-disrupt-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const database = openDatabase(config);
const { db } = database;
try {
  await migrateToLatest(db);
  const now = new Date('2027-05-01T06:00:00Z');
  let seq = 0;
  const id = (prefix: string) => `${prefix}${(seq++).toString(16).padStart(22, '0')}`;
  await insertCompanyAndBus(db, PER_TRIP);
  await db.insertInto('origins').values({ id: 'o0', origin_city: 'Khartoum' }).execute();
  await db.insertInto('destinations').values({ id: 'd0', destination_city: 'Kassala' }).execute();
  await db.insertInto('prices').values({ id: 'p0', price: 15000 }).execute();
  // Two a day (9:00 am and 7:00 pm) from 2 June: 50 days.
  const trips = Array.from({ length: TRIPS }, (_, i) => ({
    id: id('t'),
    busId: 'b0',
    trip_originId: 'o0',
    trip_destinationId: 'd0',
    trip_date: new Date(Date.parse('2027-06-02') + Math.floor(i / 2) * 86_400_000).toISOString().slice(0, 10),
    trip_boarding_time: i % 2 ? '7:00 pm' : '9:00 am',
    trip_ticket_priceId: 'p0',
    isCancelled: 0,
  }));
  await db.insertInto('trips').values(trips).execute();
  const bookings = [];
  const seats = [];
  const at = now.toISOString();
  for (const [t, trip] of trips.entries())
    for (let s = 1; s <= PER_TRIP; s++) {
      const booking = id('k');
      const kind = s % 4;
      bookings.push({
        id: booking,
        tripId: trip.id,
        ticketId: String(1_000_000_000_000 + t * PER_TRIP + s),
        seats: JSON.stringify([s]),
        first_name: 'Amna',
        last_name: 'Osman',
        phone: `09${String(10_000_000 + t * PER_TRIP + s)}`,
        totalTicketPrice: 15000,
        bookingDate: at,
        isCancelled: 0,
        noShow: 0,
        created_at: at,
        paymentStatus: kind < 2 ? 'verified' : kind === 2 ? 'awaiting_proof' : 'proof_submitted',
        bankakScreenshot: kind === 3 ? `/api/uploads/${booking}.png` : null,
        paymentDeadline: kind < 2 ? null : '2027-05-01T07:00:00.000Z',
        language: s % 3 ? 'ar' : 'en',
      });
      seats.push({ tripId: trip.id, seat: s, bookingId: booking });
    }
  for (let i = 0; i < bookings.length; i += 250)
    await db
      .insertInto('bookings')
      .values(bookings.slice(i, i + 250))
      .execute();
  for (let i = 0; i < seats.length; i += 500)
    await db
      .insertInto('booking_seats')
      .values(seats.slice(i, i + 500))
      .execute();

  const body = {
    originId: 'o0',
    destinationId: 'd0',
    from: trips[0]!.trip_date,
    to: trips.at(-1)!.trip_date,
    action: 'cancel' as const,
    reason_en: 'the road is closed',
    reason_ar: 'الطريق مقفول',
  };
  const actor = { userId: 'bench', userLabel: 'bench@rihla.local' };
  let started = performance.now();
  const preview = await disrupt(db, { ...body, dryRun: true }, actor, now);
  const previewSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const done = await disrupt(db, body, actor, now);
  const seconds = (performance.now() - started) / 1000;
  const messages = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  console.log(
    `disruption (${database.dialect}): ${done.totals.trips} trips, ${done.totals.bookings} bookings ` +
      `(${done.totals.waiting} waiting for a choice, ${done.totals.released} released), ` +
      `${Number(messages?.n)} messages queued: ${seconds.toFixed(2)} s (goal ≤ 10 s); ` +
      `its dry run ${previewSeconds.toFixed(2)} s (${preview.totals.bookings} bookings)`,
  );
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
