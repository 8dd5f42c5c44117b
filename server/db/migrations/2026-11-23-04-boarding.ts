// At the bus door: a traveller per seat with an official ID (national number, national card, passport, work
// card, other official card), the scans conductors make (each kept, so two devices boarding one ticket both
// show and the earliest wins), and the no-shows marked after departure. Frozen in time.
import type { Kysely } from 'kysely';

const ID = 'varchar(32)';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_passengers')
    .addColumn('bookingId', ID, (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('fullName', 'text')
    .addColumn('idType', 'text')
    /** Staff only; erased ID_RETENTION_DAYS after the trip. */
    .addColumn('idNumber', 'text')
    .addPrimaryKeyConstraint('booking_passengers_pk', ['bookingId', 'seat'])
    .execute();

  await db.schema
    .createTable('scans')
    /** A hash of ticket, device and time: the same scan synced twice is stored once. */
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tripId', ID, (c) => c.notNull())
    .addColumn('ticketId', 'text')
    .addColumn('bookingId', ID)
    .addColumn('deviceId', 'text', (c) => c.notNull())
    .addColumn('scannedAt', 'text', (c) => c.notNull())
    .addColumn('receivedAt', 'text', (c) => c.notNull())
    .addColumn('verdict', 'text', (c) => c.notNull())
    .addColumn('staffId', ID)
    .execute();
  await db.schema.createIndex('scans_booking').on('scans').columns(['bookingId', 'scannedAt']).execute();
  await db.schema.createIndex('scans_trip').on('scans').column('tripId').execute();

  // A trip closed after departure: its travellers not boarded were marked no-shows, its list is locked.
  await db.schema
    .createTable('trip_closures')
    .addColumn('tripId', ID, (c) => c.primaryKey())
    .addColumn('closedAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('bookings')
    .addColumn('noShow', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('noShow').execute();
  await db.schema.dropTable('trip_closures').execute();
  await db.schema.dropTable('scans').execute();
  await db.schema.dropTable('booking_passengers').execute();
}
