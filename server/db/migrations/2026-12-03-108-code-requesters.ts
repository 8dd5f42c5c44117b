// "Find my bookings": who asked for each code, as a hash of the address it came from (its /64 for IPv6). A phone's
// hourly codes are counted per address besides the phone's own ceiling, so a stranger's requests from one address
// no longer use up the codes its owner may ask for. Null for a code asked before: counted for the phone only.
// Frozen in time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_codes').addColumn('requester_hash', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_codes').dropColumn('requester_hash').execute();
}
