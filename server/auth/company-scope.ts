// Company staff (issue 24): how each kind of record reaches its company, in SQL. The routes declare what their
// records are (shared/roles.ts, `scope`); staff-guard.ts checks a record named by :id or by a body field
// before the handler runs, and a list's handler filters with `companyWhere` in the same query that pages and
// counts it. A record of no company (a message to nobody's trip, the platform staff's activity) is not a
// company's: company staff never see it.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Reach } from '../../shared/roles.ts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/schema.ts';

/** The company of the signed-in staff member; null for the platform's own staff (or nobody signed in). */
export const staffCompany = (request: FastifyRequest): string | null => request.staff?.companyId ?? null;

/** The ids of a company's buses, as a subquery. */
export const companyBuses = (db: Db, companyId: string) =>
  db.selectFrom('buses').select('buses.id').where('buses.bus_owner_companyId', '=', companyId);

/** The ids of a company's trips, as a subquery. */
export const companyTrips = (db: Db, companyId: string) =>
  db
    .selectFrom('trips')
    .innerJoin('buses', 'buses.id', 'trips.busId')
    .select('trips.id')
    .where('buses.bus_owner_companyId', '=', companyId);

const companyBookings = (db: Db, companyId: string) =>
  db.selectFrom('bookings').select('bookings.id').where('bookings.tripId', 'in', companyTrips(db, companyId));

/** The tables a reach's filter reads (a count remembered for a list is forgotten when one of them changes). */
export const REACH_TABLES: Record<Reach, string[]> = {
  company: ['companies'],
  bus: ['buses'],
  trip: ['trips', 'buses'],
  timetable: ['timetables', 'buses'],
  booking: ['bookings', 'trips', 'buses'],
  message: ['messages', 'bookings', 'trips', 'buses'],
  activity: ['audit_log', 'users'],
  upload: ['payment_proofs', 'bookings', 'trips', 'buses'],
  shift: ['shifts'],
  assignment: ['conductor_assignments', 'trips', 'buses'],
  staff: ['users'],
};

/**
 * The condition "this row is the company's" on a list of `reach` records, whose columns are read under
 * `table` (a query that joins names its table; a one-table query may leave it out).
 */
export function companyWhere(db: Db, reach: Reach, companyId: string, table?: string) {
  const col = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    switch (reach) {
      case 'company':
        return eb(col('id'), '=', companyId);
      case 'bus':
        return eb(col('bus_owner_companyId'), '=', companyId);
      case 'trip':
      case 'timetable':
        return eb(col('busId'), 'in', companyBuses(db, companyId));
      case 'booking':
        return eb(col('tripId'), 'in', companyTrips(db, companyId));
      case 'message':
        return eb.or([
          eb(col('tripId'), 'in', companyTrips(db, companyId)),
          eb.and([eb(col('tripId'), 'is', null), eb(col('bookingId'), 'in', companyBookings(db, companyId))]),
        ]);
      case 'activity':
        return eb(
          col('userId'),
          'in',
          db.selectFrom('users').select('users.id').where('users.companyId', '=', companyId),
        );
      case 'upload':
        return eb(col('bookingId'), 'in', companyBookings(db, companyId));
      case 'shift':
        return eb(col('companyId'), '=', companyId);
      case 'assignment':
        return eb.or([
          eb(col('companyId'), '=', companyId),
          eb(col('tripId'), 'in', companyTrips(db, companyId)),
        ]);
      case 'staff':
        return eb(col('companyId'), '=', companyId);
    }
  };
}

/** The company of one record: its id, null when it belongs to none, undefined when there is no such record. */
export async function companyOf(db: Db, reach: Reach, id: string): Promise<string | null | undefined> {
  const first = async (query: { executeTakeFirst(): Promise<{ companyId: string | null } | undefined> }) =>
    (await query.executeTakeFirst())?.companyId;
  switch (reach) {
    case 'company':
      return first(db.selectFrom('companies').select('id as companyId').where('id', '=', id));
    case 'bus':
      return first(db.selectFrom('buses').select('bus_owner_companyId as companyId').where('id', '=', id));
    case 'trip':
      return first(
        db
          .selectFrom('trips')
          .leftJoin('buses', 'buses.id', 'trips.busId')
          .select('buses.bus_owner_companyId as companyId')
          .where('trips.id', '=', id),
      );
    case 'timetable':
      return first(
        db
          .selectFrom('timetables')
          .leftJoin('buses', 'buses.id', 'timetables.busId')
          .select('buses.bus_owner_companyId as companyId')
          .where('timetables.id', '=', id),
      );
    case 'booking': {
      const booking = await db
        .selectFrom('bookings')
        .select('tripId')
        .where('id', '=', id)
        .executeTakeFirst();
      return booking && ((await companyOf(db, 'trip', booking.tripId)) ?? null);
    }
    case 'message': {
      const message = await db
        .selectFrom('messages')
        .select(['tripId', 'bookingId'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!message) return undefined;
      if (message.tripId) return (await companyOf(db, 'trip', message.tripId)) ?? null;
      return message.bookingId ? ((await companyOf(db, 'booking', message.bookingId)) ?? null) : null;
    }
    case 'activity':
      return first(
        db
          .selectFrom('audit_log')
          .leftJoin('users', 'users.id', 'audit_log.userId')
          .select('users.companyId as companyId')
          .where('audit_log.id', '=', id),
      );
    case 'upload': {
      const proof = await db
        .selectFrom('payment_proofs')
        .select('bookingId')
        .where('name', '=', id)
        .executeTakeFirst();
      return proof && ((await companyOf(db, 'booking', proof.bookingId)) ?? null);
    }
    case 'shift':
      return first(db.selectFrom('shifts').select('companyId').where('id', '=', id));
    case 'assignment': {
      const row = await db
        .selectFrom('conductor_assignments')
        .select(['tripId', 'companyId'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return row.tripId ? ((await companyOf(db, 'trip', row.tripId)) ?? null) : row.companyId;
    }
    case 'staff':
      return first(db.selectFrom('users').select('companyId').where('id', '=', id));
  }
}

/** What a record of each reach is called in a 404 (the same words as when it does not exist). */
export const REACH_NAMES: Record<Reach, string> = {
  company: 'company',
  bus: 'bus',
  trip: 'trip',
  timetable: 'timetable',
  booking: 'booking',
  message: 'message',
  activity: 'activity entry',
  upload: 'file',
  shift: 'shift',
  assignment: 'assignment',
  staff: 'staff member',
};

/** The values at a body path: `tripId`, or `scans[].tripId` (one per item of the list). */
export function valuesAt(body: unknown, path: string): unknown[] {
  const [head, ...rest] = path.split('.');
  if (!body || typeof body !== 'object') return [];
  const list = head.endsWith('[]');
  const value = (body as Record<string, unknown>)[list ? head.slice(0, -2) : head];
  const items = list ? (Array.isArray(value) ? value : []) : [value];
  return rest.length ? items.flatMap((item) => valuesAt(item, rest.join('.'))) : items;
}

/** For raw SQL over bookings: `and "tripId" in (the company's trips)`, or nothing for the platform's staff. */
export const andBookingOfCompany = (companyId?: string) =>
  companyId
    ? sql`and "tripId" in (select t.id from trips t join buses b on b.id = t."busId"
        where b."bus_owner_companyId" = ${companyId})`
    : sql``;
