// The back-office dashboard in one call: counts, recent reports, proofs and disrupted bookings waiting, the
// outbox's figures, and seats sold against seats offered for each of the next 14 days (aggregated in the
// database, never by downloading bookings).
import { companyWhere } from '../../auth/company-scope.ts';
import type { Reach } from '../../../shared/roles.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { addDays, khartoumMidnight, khartoumToday } from '../../../shared/rules.ts';

export const DASHBOARD_DAYS = 14;

/** A count of the rows a query selects (pg answers counts as text, SQLite as numbers). */
const countAll = sql<number | string>`count(*)`.as('count');
const counted = async (row: Promise<{ count: number | string } | undefined>) =>
  Number((await row)?.count ?? 0);

/** The outbox at a glance: failed in the last 24 h (to resend), segments sent since the 1st (the credit spent). */
async function messageFigures(db: Db, now: Date, mine: Mine) {
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const monthStart = new Date(khartoumMidnight(`${khartoumToday(now).slice(0, 7)}-01`)).toISOString();
  const [failed, sent] = await Promise.all([
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('status', '=', 'failed')
      .where('failed_at', '>', dayAgo)
      .$call(mine('message'))
      .executeTakeFirst(),
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.sum('segments').as('segments'))
      .where('sent_at', '>=', monthStart)
      .$call(mine('message'))
      .executeTakeFirst(),
  ]);
  return { failedLastDay: Number(failed?.count ?? 0), segmentsThisMonth: Number(sent?.segments ?? 0) };
}

/** Company staff count their company's business alone; the platform's (employees, reports) is none of theirs. */
type Mine = (reach: Reach, table?: string) => <Q extends WhereAble>(query: Q) => Q;
type WhereAble = { where(condition: ReturnType<typeof companyWhere>): WhereAble };

export async function dashboardSummary(db: Db, now = new Date(), companyId?: string) {
  const mine: Mine = (reach, table) => (query) =>
    companyId ? (query.where(companyWhere(db, reach, companyId, table)) as typeof query) : query;
  const platform = !companyId;
  const today = khartoumToday(now);
  const last = addDays(today, DASHBOARD_DAYS - 1);
  const [
    bookings,
    trips,
    buses,
    employees,
    recentReports,
    offered,
    sold,
    proofsWaiting,
    messages,
    disruptedWaiting,
  ] = await Promise.all([
    counted(
      db
        .selectFrom('bookings')
        .select(countAll)
        .where('isCancelled', '=', 0)
        .$call(mine('booking'))
        .executeTakeFirst(),
    ),
    counted(db.selectFrom('trips').select(countAll).$call(mine('trip')).executeTakeFirst()),
    counted(db.selectFrom('buses').select(countAll).$call(mine('bus')).executeTakeFirst()),
    platform ? counted(db.selectFrom('employees').select(countAll).executeTakeFirst()) : 0,
    platform
      ? db
          .selectFrom('reports')
          .select(['id', 'report_title', 'created_at'])
          .orderBy('created_at', 'desc')
          .limit(5)
          .execute()
      : [],
    db
      .selectFrom('trips')
      .innerJoin('buses', 'buses.id', 'trips.busId')
      .select(['trips.trip_date as date', (eb) => eb.fn.sum('buses.bus_number_of_seats').as('seats')])
      .where('trips.trip_date', '>=', today)
      .where('trips.trip_date', '<=', last)
      .where('trips.isCancelled', '=', 0)
      .$call(mine('bus', 'buses'))
      .groupBy('trips.trip_date')
      .execute(),
    // A seat sold on several legs (one row each) is one seat sold.
    db
      .selectFrom(
        db
          .selectFrom('booking_seats')
          .innerJoin('trips', 'trips.id', 'booking_seats.tripId')
          .select(['trips.trip_date as date', 'booking_seats.tripId', 'booking_seats.seat'])
          .distinct()
          .where('trips.trip_date', '>=', today)
          .where('trips.trip_date', '<=', last)
          .where('trips.isCancelled', '=', 0)
          .$call(mine('trip', 'trips'))
          .as('sold'),
      )
      .select(['sold.date as date', (eb) => eb.fn.countAll().as('seats')])
      .groupBy('sold.date')
      .execute(),
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('paymentStatus', '=', 'proof_submitted')
      .where('isCancelled', '=', 0)
      .$call(mine('booking'))
      .executeTakeFirst(),
    messageFigures(db, now, mine),
    counted(
      db
        .selectFrom('bookings')
        .select(countAll)
        .where('disruptionState', '=', 'waiting')
        .$call(mine('booking'))
        .executeTakeFirst(),
    ),
  ]);
  const offeredByDate = new Map(offered.map((row) => [row.date, Number(row.seats)]));
  const soldByDate = new Map(sold.map((row) => [row.date, Number(row.seats)]));
  const seatsByDay = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const date = addDays(today, i);
    return { date, seatsSold: soldByDate.get(date) ?? 0, seatsTotal: offeredByDate.get(date) ?? 0 };
  });
  return {
    counts: { bookings, trips, buses, employees },
    recentReports: recentReports.map((r) => ({
      _id: r.id,
      report_title: r.report_title,
      created_at: r.created_at,
    })),
    seatsByDay,
    proofsWaiting: Number(proofsWaiting?.count ?? 0),
    messages,
    disruptedWaiting,
  };
}
