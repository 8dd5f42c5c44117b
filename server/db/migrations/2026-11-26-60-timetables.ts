// Timetables: a trip that repeats on days of the week between two dates, less days off. Every node's job puts
// its trips on sale some days ahead; the unique key (timetableId, timetable_date) lets the database, not the
// nodes, decide that a timetable has one trip a date (two nodes or a restart insert it once). A trip staff
// edited by hand is marked, so a later edit of its timetable leaves it as they made it. Frozen in time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('timetables')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('timetable_originId', 'varchar(32)', (c) => c.notNull())
    .addColumn('timetable_destinationId', 'varchar(32)', (c) => c.notNull())
    .addColumn('busId', 'varchar(32)', (c) => c.notNull())
    .addColumn('timetable_boarding_time', 'varchar(16)', (c) => c.notNull())
    .addColumn('timetable_ticket_priceId', 'varchar(32)', (c) => c.notNull())
    /** JSON list of days of the week, 0 = Sunday … 6 = Saturday. */
    .addColumn('timetable_days', 'text', (c) => c.notNull())
    .addColumn('timetable_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('timetable_until', 'varchar(10)')
    /** JSON list of dates without a trip (holidays). */
    .addColumn('timetable_dates_off', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('isActive', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('trips').addColumn('timetableId', 'varchar(32)').execute();
  /** The date the timetable made the trip for: kept when staff move the trip to another day. */
  await db.schema.alterTable('trips').addColumn('timetable_date', 'varchar(10)').execute();
  await db.schema
    .alterTable('trips')
    .addColumn('editedByHand', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Hand-made trips have no timetable: NULLs never collide, on either database.
  await db.schema
    .createIndex('trips_timetable_date')
    .on('trips')
    .columns(['timetableId', 'timetable_date'])
    .unique()
    .execute();
  // A bus's trips of a day: the check that a bus is on one trip at a time.
  await db.schema.createIndex('trips_bus_date').on('trips').columns(['busId', 'trip_date']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('trips_bus_date').execute();
  await db.schema.dropIndex('trips_timetable_date').execute();
  await db.schema.alterTable('trips').dropColumn('editedByHand').execute();
  await db.schema.alterTable('trips').dropColumn('timetable_date').execute();
  await db.schema.alterTable('trips').dropColumn('timetableId').execute();
  await db.schema.dropTable('timetables').execute();
}
