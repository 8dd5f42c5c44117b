// Bookings and the seats they hold. A seat is sold once: (tripId, seat) is the primary key of booking_seats,
// and a cancelled booking's rows are deleted, so the database itself refuses a second sale. Frozen in time.
import type { Kysely } from 'kysely';

const ID = 'varchar(32)';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bookings')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('tripId', ID, (c) => c.notNull())
    .addColumn('ticketId', 'varchar(13)', (c) => c.notNull().unique())
    .addColumn('seats', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'varchar(10)', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('totalTicketPrice', 'double precision', (c) => c.notNull())
    .addColumn('bookingDate', 'text', (c) => c.notNull())
    .addColumn('isCancelled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bankakScreenshot', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bookings_trip').on('bookings').columns(['tripId', 'isCancelled']).execute();
  await db.schema.createIndex('bookings_phone').on('bookings').column('phone').execute();
  await db.schema.createIndex('bookings_date').on('bookings').column('bookingDate').execute();
  await db.schema.createIndex('bookings_created').on('bookings').column('created_at').execute();

  await db.schema
    .createTable('booking_seats')
    .addColumn('tripId', ID, (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('bookingId', ID, (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('booking_seats_pk', ['tripId', 'seat'])
    .execute();
  await db.schema.createIndex('booking_seats_booking').on('booking_seats').column('bookingId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_seats').execute();
  await db.schema.dropTable('bookings').execute();
}
