// "Find my bookings" by phone (issue 22): the one-time codes texted to a phone, kept only as hashes, and each
// phone's wrong tries and lock. In the database, so every node counts the same codes and tries. Frozen in time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('access_codes_phone')
    .on('access_codes')
    .columns(['phone', 'created_at'])
    .execute();
  await db.schema
    .createTable('access_code_phones')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_code_phones').execute();
  await db.schema.dropTable('access_codes').execute();
}
