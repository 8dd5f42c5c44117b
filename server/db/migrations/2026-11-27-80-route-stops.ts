// Routes with stops and seats by segment (issue 23). A trip and a timetable keep their intermediate stops and
// fares as JSON lists (empty: origin → destination as before); a booking its boarding and alighting stop
// (0 → 1 for every booking made before, the ends of a trip without stops). booking_seats gains the leg a row
// holds (leg k: stop k → k + 1; every earlier row is leg 0, the one leg of a trip without stops) and its key
// becomes (tripId, seat, leg): the database still refuses a second sale of a seat on any leg, with no lock of
// ours. SQLite cannot change a primary key, so there the table is rebuilt. Frozen in time.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['trips', 'timetables']) {
    for (const column of ['trip_stops', 'trip_fares']) {
      await db.schema
        .alterTable(table)
        .addColumn(column, 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
    }
  }
  await db.schema
    .alterTable('bookings')
    .addColumn('boardingStop', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('alightingStop', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema
      .alterTable('booking_seats')
      .addColumn('leg', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('booking_seats').dropConstraint('booking_seats_pk').execute();
    await db.schema
      .alterTable('booking_seats')
      .addPrimaryKeyConstraint('booking_seats_pk', ['tripId', 'seat', 'leg'])
      .execute();
    return;
  }
  await db.schema
    .createTable('booking_seats_legs')
    .addColumn('tripId', 'varchar(32)', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('leg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bookingId', 'varchar(32)', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('booking_seats_pk', ['tripId', 'seat', 'leg'])
    .execute();
  await sql`insert into booking_seats_legs ("tripId", seat, leg, "bookingId")
    select "tripId", seat, 0, "bookingId" from booking_seats`.execute(db);
  await db.schema.dropTable('booking_seats').execute();
  await sql`alter table booking_seats_legs rename to booking_seats`.execute(db);
  await db.schema.createIndex('booking_seats_booking').on('booking_seats').column('bookingId').execute();
}

export async function down(): Promise<void> {
  // Rows of other legs than 0 would collide under the old key: there is no way back without losing sales.
}
