// Conductors' assignments in SQL (issue 24). One rule, written once: a conductor opens a trip assigned to them,
// or any trip of a company on a day they are assigned to that company's day (`assignedTripIds`). The door's
// calls ask it about one trip or a few, and a conductor's trip list filters by it in the query that pages and
// counts, so what a phone lists is what it may open.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { AssignmentDocument } from '../../../shared/contract/conductors.ts';
import { companyWhere } from '../../auth/company-scope.ts';
import type { Db } from '../../db/schema.ts';

/** The ids of the trips `userId` is assigned to, as a subquery. */
export const assignedTripIds = (db: Db, userId: string) =>
  db
    .selectFrom('trips')
    .innerJoin('buses', 'buses.id', 'trips.busId')
    .select('trips.id')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('conductor_assignments as a')
          .select(sql`1`.as('one'))
          .where('a.userId', '=', userId)
          .where((inner) =>
            inner.or([
              inner('a.tripId', '=', inner.ref('trips.id')),
              inner.and([
                inner('a.tripId', 'is', null),
                inner('a.companyId', '=', inner.ref('buses.bus_owner_companyId')),
                inner('a.date', '=', inner.ref('trips.trip_date')),
              ]),
            ]),
          ),
      ),
    );

/** The condition "this trip is assigned to `userId`" on a list of trips (column `id`). */
export const assignedTripWhere =
  (db: Db, userId: string) =>
  (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    eb(sql.ref('id'), 'in', assignedTripIds(db, userId));

/** Which of `tripIds` are assigned to `userId`. */
export async function assignedAmong(db: Db, userId: string, tripIds: string[]): Promise<Set<string>> {
  if (!tripIds.length) return new Set();
  const rows = await assignedTripIds(db, userId).where('trips.id', 'in', tripIds).execute();
  return new Set(rows.map((row) => row.id));
}

/** What an assignment row becomes in answers: with the conductor's and the assigner's names. */
const assignmentQuery = (db: Db) =>
  db
    .selectFrom('conductor_assignments as a')
    .leftJoin('users as c', 'c.id', 'a.userId')
    .leftJoin('users as by', 'by.id', 'a.assignedBy')
    .select([
      'a.id as _id',
      'a.userId',
      sql<string | null>`c.first_name || ' ' || c.last_name`.as('userName'),
      'c.email as userEmail',
      'a.tripId',
      'a.companyId',
      'a.date',
      'a.assignedBy',
      sql<string | null>`by.first_name || ' ' || by.last_name`.as('assignedByName'),
      'a.assignedAt',
    ]);

export async function findAssignment(db: Db, id: string): Promise<AssignmentDocument | undefined> {
  return assignmentQuery(db).where('a.id', '=', id).executeTakeFirst();
}

export interface AssignmentFilter {
  start: number;
  end: number;
  /** The assignments that open this trip: its own, and its company's day. */
  tripId?: string;
  userId?: string;
  /** Company staff: their company's assignments alone. */
  companyId?: string;
}

/** The filter's conditions on `conductor_assignments as a`. */
const assignmentWhere =
  (db: Db, filter: AssignmentFilter) =>
  (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    const all: Expression<SqlBool>[] = [];
    if (filter.companyId) all.push(companyWhere(db, 'assignment', filter.companyId, 'a')(eb));
    if (filter.userId) all.push(eb('a.userId', '=', filter.userId));
    if (filter.tripId) {
      const trip = (column: 'buses.bus_owner_companyId' | 'trips.trip_date') =>
        db
          .selectFrom('trips')
          .innerJoin('buses', 'buses.id', 'trips.busId')
          .select(column)
          .where('trips.id', '=', filter.tripId!);
      all.push(
        eb.or([
          eb('a.tripId', '=', filter.tripId),
          eb.and([
            eb('a.tripId', 'is', null),
            eb('a.companyId', '=', trip('buses.bus_owner_companyId')),
            eb('a.date', '=', trip('trips.trip_date')),
          ]),
        ]),
      );
    }
    return eb.and(all);
  };

export async function listAssignments(db: Db, filter: AssignmentFilter) {
  const where = assignmentWhere(db, filter);
  const rows = await assignmentQuery(db)
    .where(where)
    .orderBy('a.assignedAt', 'desc')
    .orderBy('a.id')
    .limit(Math.max(filter.end - filter.start, 0))
    .offset(filter.start)
    .execute();
  const count = await db
    .selectFrom('conductor_assignments as a')
    .select((eb) => eb.fn.countAll().as('count'))
    .where(where)
    .executeTakeFirst();
  return { rows: rows as AssignmentDocument[], total: Number(count?.count ?? 0) };
}

/** The conductors' accounts of a company (or every conductor, for the platform's staff), by name. */
export async function listConductors(db: Db, companyId: string | undefined, start: number, end: number) {
  let query = db.selectFrom('users').where('role', '=', 'conductor');
  if (companyId) query = query.where(companyWhere(db, 'staff', companyId, 'users'));
  const rows = await query
    .select(['id as _id', sql<string>`first_name || ' ' || last_name`.as('full_name'), 'email', 'companyId'])
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .limit(Math.max(end - start, 0))
    .offset(start)
    .execute();
  const count = await query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  return { rows, total: Number(count?.count ?? 0) };
}
