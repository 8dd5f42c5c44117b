// A change to another day that waits for the traveller to pay the difference is a booking of its own (the
// payments desk, proofs, deadlines and the seat key then work for it unchanged): `changeOf` names the booking it
// changes, `changeTerms` (JSON) what it will do once paid (the trip moved from, the new total, the fee).
// Frozen in time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('changeOf', 'varchar(32)').execute();
  await db.schema.alterTable('bookings').addColumn('changeTerms', 'text').execute();
  await db.schema.createIndex('bookings_change_of').on('bookings').column('changeOf').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_change_of').execute();
  await db.schema.alterTable('bookings').dropColumn('changeTerms').execute();
  await db.schema.alterTable('bookings').dropColumn('changeOf').execute();
}
