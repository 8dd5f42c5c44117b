// The travellers' forms are counted by phone (at most a few from one number in 24 hours, whatever the address):
// each form table is indexed by phone and creation time, so a phone's count reads its own few entries instead
// of every form of the day. Frozen in time.
import type { Kysely } from 'kysely';

const TABLES = ['lost_items', 'enquiries'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES)
    await db.schema
      .createIndex(`${table}_phone_created`)
      .on(table)
      .columns(['phone', 'created_at'])
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.dropIndex(`${table}_phone_created`).execute();
}
