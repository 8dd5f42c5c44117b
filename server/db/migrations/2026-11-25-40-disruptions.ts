// Disruptions: a trip cancelled or delayed by the operator, with its reason in both languages, and what became
// of each booking on it (the traveller chooses: another trip of the route, or a full refund). Frozen in time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('disruptions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tripId', 'varchar(32)', (c) => c.notNull())
    /** cancel or delay. */
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason_en', 'text', (c) => c.notNull())
    .addColumn('reason_ar', 'text', (c) => c.notNull())
    /** The trip's date and boarding time before a delay (and after it, in new_*). */
    .addColumn('old_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('old_boarding_time', 'varchar(16)', (c) => c.notNull())
    .addColumn('new_date', 'varchar(10)')
    .addColumn('new_boarding_time', 'varchar(16)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(32)')
    .execute();
  await db.schema.createIndex('disruptions_trip').on('disruptions').columns(['tripId']).execute();
  // The latest disruption of the booking's trip, and what became of the booking: waiting (the traveller chooses),
  // moved, refunded, auto_refunded (no choice before the trip's time), delayed (told, nothing to choose).
  await db.schema.alterTable('bookings').addColumn('disruptionId', 'varchar(32)').execute();
  await db.schema.alterTable('bookings').addColumn('disruptionState', 'varchar(16)').execute();
  /** The trip a moved booking was on first. */
  await db.schema.alterTable('bookings').addColumn('movedFromTripId', 'varchar(32)').execute();
  // The dashboard's and the refund job's question: who is still waiting.
  await db.schema
    .createIndex('bookings_disruption_waiting')
    .on('bookings')
    .columns(['disruptionState', 'tripId'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_disruption_waiting').execute();
  await db.schema.alterTable('bookings').dropColumn('movedFromTripId').execute();
  await db.schema.alterTable('bookings').dropColumn('disruptionState').execute();
  await db.schema.alterTable('bookings').dropColumn('disruptionId').execute();
  await db.schema.dropTable('disruptions').execute();
}
