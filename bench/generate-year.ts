// Fills a database with a realistic year: ~200 origin–destination pairs × 365 days × 2 departures
// (~146k trips, a quarter of them with two intermediate stops and fares between every pair, issue 23) and 1M
// bookings (with their seats, per leg; on a trip with stops a third of them ride only part of the road). Target: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL).
//   DATA_DIR=/tmp/rihla-year node --import tsx bench/generate-year.ts
//   DATABASE_URL=postgres://… node --import tsx bench/generate-year.ts
// BOOKINGS and PAIRS may be set to make a smaller database. Each pair is run by one of 10 companies (its buses), each
// with its commission; a booking is paid by Bankak, mobile money or cash at the counter, and made up to two weeks
// before its trip; the ledger's rows (written by the database's triggers as the rows go in) are then dated as the
// bookings were paid, so the reports (bench/reports.ts) read a year of money.
import { sql } from 'kysely';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { BOARDING_TIMES, khartoumToday } from '../shared/rules.ts';
import type { Tables } from '../server/db/schema.ts';

const PAIRS = Number(process.env.PAIRS ?? 200);
const DAYS = 365;
const BOOKINGS = Number(process.env.BOOKINGS ?? 1_000_000);
const CITIES = [
  'Khartoum',
  'Omdurman',
  'Port Sudan',
  'Kassala',
  'Halfa',
  'Gedaref',
  'Madani',
  'Dongola',
  'Nyala',
  'Fashir',
  'Kosti',
  'Sennar',
  'Atbara',
  'Obeid',
  'Kadugli',
  'Damazin',
  'Shendi',
  'Karima',
  'Geneina',
  'Rabak',
];
const FIRST = [
  'Mohamed',
  'Ahmed',
  'Fatima',
  'Amna',
  'Osman',
  'Huda',
  'Khalid',
  'Sara',
  'محمد',
  'فاطمة',
  'عثمان',
  'آمنة',
];
const LAST = ['Ali', 'Hassan', 'Ibrahim', 'Abdalla', 'Yousif', 'Elnour', 'علي', 'حسن', 'إبراهيم'];

const config = loadConfig();
const { db, dialect, close } = openDatabase(config);
await migrateToLatest(db);
if (await db.selectFrom('trips').select('id').limit(1).executeTakeFirst()) {
  console.error('The database already has trips; give an empty DATA_DIR or database.');
  process.exit(1);
}
let seq = 0;
const id = () => `g${(seq++).toString(16).padStart(23, '0')}`;
const started = Date.now();

async function insertMany(
  table: keyof Tables,
  rows: Record<string, unknown>[],
  chunk = dialect === 'postgres' ? 1000 : 500,
) {
  for (let i = 0; i < rows.length; i += chunk)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk))
      .execute();
}

const origins = CITIES.map((city) => ({ id: id(), origin_city: city }));
const destinations = CITIES.map((city) => ({ id: id(), destination_city: city }));
const prices = [8000, 12000, 15000, 20000, 25000, 30000, 45000, 60000].map((price) => ({ id: id(), price }));
const COMPANIES = 10;
const companies = Array.from({ length: COMPANIES }, (_, i) => ({
  id: id(),
  company_name: `Company ${i + 1}`,
  company_name_ar: `شركة ${i + 1}`,
  company_commission: 5 + (i % 6),
  company_phone: '0912345678',
  company_email: `c${i}@example.com`,
  company_tin: `TIN${i}`,
}));
const buses = Array.from({ length: 400 }, (_, i) => ({
  id: id(),
  bus_number: `BUS-${1000 + i}`,
  bus_owner_companyId: companies[i % companies.length].id,
  bus_number_of_seats: 40 + (i % 10),
  bus_status: 'In Service',
  date_ofLast_oil_service: '2026-10-01',
}));
await insertMany('origins', origins);
await insertMany('destinations', destinations);
await insertMany('prices', prices);
await insertMany('companies', companies);
await insertMany('buses', buses);

const pairs: [number, number][] = [];
for (let a = 0; a < CITIES.length && pairs.length < PAIRS; a++)
  for (let b = 0; b < CITIES.length && pairs.length < PAIRS; b++) if (a !== b) pairs.push([a, b]);
const today = khartoumToday();
const day = (offset: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

/** A quarter of the pairs stop twice on the way, at two other towns (both lists name them: same index). */
const stopsOf = (p: number, a: number, b: number) => {
  if (p % 4 !== 0) return [];
  const others = CITIES.map((_, i) => i).filter((i) => i !== a && i !== b);
  return [others[p % others.length], others[(p + 7) % others.length]].map((town, k) => ({
    originId: origins[town].id,
    destinationId: destinations[town].id,
    minutes: 90 * (k + 1),
  }));
};
/** Every pair but the ends (the trip's own price). */
const FARES = [
  { from: 0, to: 1, price: 6000 },
  { from: 0, to: 2, price: 9000 },
  { from: 1, to: 2, price: 5000 },
  { from: 1, to: 3, price: 9000 },
  { from: 2, to: 3, price: 6000 },
];

const trips: { id: string; seats: number; legs: number; date: string }[] = [];
const batch: Record<string, unknown>[] = [];
for (let d = 0; d < DAYS; d++) {
  for (const [p, [a, b]] of pairs.entries()) {
    for (const [t, time] of BOARDING_TIMES.entries()) {
      // The pair's company runs it, with one of its 40 buses (bus i belongs to company i mod 10).
      const bus = buses[(p % COMPANIES) + COMPANIES * ((p * 2 + t + d) % (buses.length / COMPANIES))];
      const stops = stopsOf(p, a, b);
      const trip = {
        id: id(),
        busId: bus.id,
        trip_originId: origins[a].id,
        trip_destinationId: destinations[b].id,
        trip_date: day(d),
        trip_boarding_time: time,
        trip_ticket_priceId: prices[(a + b) % prices.length].id,
        isCancelled: 0,
        trip_stops: JSON.stringify(stops),
        trip_fares: JSON.stringify(stops.length ? FARES : []),
      };
      trips.push({
        id: trip.id,
        seats: bus.bus_number_of_seats,
        legs: stops.length + 1,
        date: trip.trip_date,
      });
      batch.push(trip);
      if (batch.length >= 5000) await insertMany('trips', batch.splice(0));
    }
  }
}
await insertMany('trips', batch.splice(0));
console.log(
  `${trips.length} trips (${trips.filter((trip) => trip.legs > 1).length} with stops) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

/**
 * A payment as an operator's year has them: most paid; 2 % with a proof waiting for staff (the queue), 2 %
 * waiting for one; of the cancelled, half expired unpaid and half paid and owed back.
 */
const METHODS = ['bankak', 'bankak', 'mobile_money', 'cash'] as const;
function payment(i: number, cancelled: boolean, total: number, when: string, departure: string) {
  const method = METHODS[i % METHODS.length];
  const none = { paymentReference: null, paymentMethod: method, paymentDeadline: null, refundDue: null };
  const paidAt = new Date(Date.parse(when) + (method === 'cash' ? 0 : 40 * 60_000)).toISOString();
  if (cancelled)
    return i % 40 === 0
      ? { ...none, paymentStatus: 'expired' }
      : {
          ...none,
          paymentStatus: 'verified',
          verifiedVia: 'review',
          verifiedAt: paidAt,
          refundDue: total,
          // Half the refunds owed have been paid back.
          refundPaidAt: i % 80 === 20 ? null : paidAt,
        };
  if (i % 50 === 1) return { ...none, paymentStatus: 'proof_submitted', paymentReference: `REF${i}` };
  if (i % 50 === 2)
    return {
      ...none,
      paymentStatus: 'awaiting_proof',
      // Until the trip leaves: a database benchmarked days later has no pile of lapsed holds for the expiry
      // sweep to work through (a steady network expires a few at a time).
      paymentDeadline: departure,
    };
  return {
    ...none,
    paymentStatus: 'verified',
    verifiedVia: method === 'cash' ? 'counter' : 'review',
    verifiedAt: paidAt,
    paymentReference: `REF${i}`,
  };
}

// Bookings fill trips in order of seats, 1–3 seats each, spread over all trips.
const nextSeat = new Map<string, number>();
const bookings: Record<string, unknown>[] = [];
const seats: Record<string, unknown>[] = [];
let made = 0;
let ticket = 1_000_000_000_000;
for (let i = 0; made < BOOKINGS; i++) {
  const trip = trips[(i * 7919) % trips.length];
  const count = (i % 3) + 1;
  const first = nextSeat.get(trip.id) ?? 1;
  if (first + count - 1 > trip.seats) continue;
  nextSeat.set(trip.id, first + count);
  const bookingId = id();
  const cancelled = i % 20 === 0;
  const list = Array.from({ length: count }, (_, k) => first + k);
  // On a trip with stops: the whole road, its first two legs, or its last leg, in turn.
  const [from, to] =
    trip.legs === 1
      ? [0, 1]
      : (
          [
            [0, 3],
            [0, 2],
            [2, 3],
          ] as const
        )[i % 3];
  // Booked up to two weeks before the trip, at some minute of the day.
  const when = new Date(
    Date.parse(`${trip.date}T06:00:00Z`) - (i % 14) * 86_400_000 - (i % 600) * 60_000,
  ).toISOString();
  bookings.push({
    id: bookingId,
    tripId: trip.id,
    ticketId: String(ticket++),
    seats: JSON.stringify(list),
    first_name: FIRST[i % FIRST.length],
    last_name: LAST[i % LAST.length],
    phone: `09${String(10_000_000 + (i % 89_999_999)).padStart(8, '0')}`,
    email: null,
    totalTicketPrice: count * 15000,
    bookingDate: when,
    isCancelled: cancelled ? 1 : 0,
    bankakScreenshot: null,
    created_at: when,
    boardingStop: from,
    alightingStop: to,
    ...payment(i, cancelled, count * 15000, when, `${trip.date}T04:00:00.000Z`),
  });
  if (!cancelled)
    for (const seat of list)
      for (let leg = from; leg < to; leg++) seats.push({ tripId: trip.id, seat, leg, bookingId });
  made++;
  if (bookings.length >= 5000) {
    await insertMany('bookings', bookings.splice(0), dialect === 'postgres' ? 400 : 250);
    await insertMany('booking_seats', seats.splice(0));
    if (made % 100_000 === 0)
      console.log(`${made} bookings, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
await insertMany('bookings', bookings, dialect === 'postgres' ? 400 : 250);
await insertMany('booking_seats', seats);
// The ledger's rows carry the time they were written (now); date them as the bookings were paid and paid back.
const ledgerStarted = Date.now();
await sql`update money_events set at = (select case when money_events.kind = 'refund_paid'
  then coalesce(bookings."refundPaidAt", bookings."verifiedAt") else bookings."verifiedAt" end
  from bookings where bookings.id = money_events."bookingId")`.execute(db);
console.log(`ledger dated in ${((Date.now() - ledgerStarted) / 1000).toFixed(1)} s`);
// …and the ledger's day sums (money_days, money_route_days) added up again from the rows so dated.
const khartoumDay =
  dialect === 'postgres'
    ? sql`to_char((e.at::timestamptz at time zone 'UTC') + interval '2 hours', 'YYYY-MM-DD')`
    : sql`date(e.at, '+2 hours')`;
const kinds = ['sale', 'refund_owed', 'refund_paid', 'commission'].map(
  (name) => sql`sum(case when e.kind = ${name} then e.amount else 0 end)`,
);
const sums = sql.raw('sales, "refundsOwed", "refundsPaid", commission');
const company = sql`coalesce(e."companyId", '')`;
const method = sql`coalesce(e.method, 'other')`;
await db.deleteFrom('money_days').execute();
await db.deleteFrom('money_route_days').execute();
await sql`insert into money_days (day, "companyId", method, ${sums})
  select ${khartoumDay}, ${company}, ${method}, ${sql.join(kinds)} from money_events e
  group by ${khartoumDay}, ${company}, ${method}`.execute(db);
await sql`insert into money_route_days (day, "companyId", "originId", "destinationId", ${sums})
  select ${khartoumDay}, ${company}, t."trip_originId", t."trip_destinationId", ${sql.join(kinds)}
  from money_events e join trips t on t.id = e."tripId"
  group by ${khartoumDay}, ${company}, t."trip_originId", t."trip_destinationId"`.execute(db);
await sql`analyze`.execute(db);
console.log(
  `${made} bookings, ${trips.length} trips, ${pairs.length} pairs in ${((Date.now() - started) / 1000).toFixed(1)} s (${dialect})`,
);
await close();
