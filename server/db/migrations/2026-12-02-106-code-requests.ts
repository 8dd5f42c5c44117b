// "Find my bookings": wrong codes count against the code request they were typed for, not against the phone.
// Each code's row is its request: the hash of the request's token (given only to whoever asked, never texted)
// and the wrong codes typed for it. The phones' wrong tries and locks go: a stranger who knew a traveller's
// number could keep that phone locked for good with 5 made-up codes every 15 minutes. A phone locked at the
// upgrade is open at once; a code sent before it has no token and can no longer be used (ask for a new one).
// Frozen in time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_codes').addColumn('request_hash', 'text').execute();
  await db.schema
    .alterTable('access_codes')
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropTable('access_code_phones').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_code_phones')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .execute();
  await db.schema.alterTable('access_codes').dropColumn('wrong_tries').execute();
  await db.schema.alterTable('access_codes').dropColumn('request_hash').execute();
}
