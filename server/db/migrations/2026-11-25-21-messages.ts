// The outbox: every text message to a traveller, written in the same transaction as the event that causes it
// and sent by whichever API node claims it (server/messages). The only record of what was sent. Frozen in time.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    /** One message per event: e.g. `ticket:<bookingId>`; a second enqueue of the same event is a no-op. */
    .addColumn('dedupe_key', 'varchar(160)', (c) => c.unique())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('language', 'varchar(2)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('segments', 'integer', (c) => c.notNull())
    .addColumn('bookingId', 'varchar(32)')
    .addColumn('tripId', 'varchar(32)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    /** When it may be (re)tried; while `sending`, when the claim's lease runs out. */
    .addColumn('next_try_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('claimed_by', 'varchar(32)')
    .addColumn('provider_id', 'varchar(160)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('delivered_at', 'varchar(32)')
    .addColumn('created_by', 'varchar(32)')
    .execute();
  // The sender's question ("what is due?") reads only the messages still to send.
  await sql`create index messages_due on messages (next_try_at) where status in ('queued', 'sending')`.execute(
    db,
  );
  await db.schema.createIndex('messages_booking').on('messages').columns(['bookingId']).execute();
  await db.schema.createIndex('messages_phone').on('messages').columns(['phone', 'created_at']).execute();
  await db.schema.createIndex('messages_created').on('messages').columns(['created_at']).execute();
  // The language a traveller booked in (the page's, or the one staff picked at the counter): their messages'.
  await db.schema.alterTable('bookings').addColumn('language', 'varchar(2)').execute();
  // A traveller who asked for no reminders or broadcasts (ticket and payment messages always go).
  await db.schema
    .alterTable('bookings')
    .addColumn('messagesOptOut', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.alterTable('bookings').dropColumn('language').execute();
  await db.schema.alterTable('bookings').dropColumn('messagesOptOut').execute();
}
