// When a text message failed for good (its last try, a 4xx, or a failed delivery report): the dashboard counts
// the messages that failed in the last day, and a message that failed after a day of tries was created long
// before. Sent messages are summed by sent_at for the month's segments. Frozen in time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('failed_at', 'varchar(32)').execute();
  await db.schema.createIndex('messages_failed').on('messages').columns(['failed_at']).execute();
  await db.schema.createIndex('messages_sent').on('messages').columns(['sent_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_sent').execute();
  await db.schema.dropIndex('messages_failed').execute();
  await db.schema.alterTable('messages').dropColumn('failed_at').execute();
}
