// A message is written queued, with no send or failure time: its sent_at and failed_at indexes now hold only
// the messages that have one (`where … is not null`), so writing a sale's ticket message touches 6 indexes, not
// 8. Every reader asks for a time range (>, >=), which implies not null on both databases, so each still uses
// its index. Frozen in time.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_failed').execute();
  await db.schema.dropIndex('messages_sent').execute();
  await sql`create index messages_failed on messages (failed_at) where failed_at is not null`.execute(db);
  await sql`create index messages_sent on messages (sent_at) where sent_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_sent').execute();
  await db.schema.dropIndex('messages_failed').execute();
  await db.schema.createIndex('messages_failed').on('messages').columns(['failed_at']).execute();
  await db.schema.createIndex('messages_sent').on('messages').columns(['sent_at']).execute();
}
