// The refund rules a booking was sold under (JSON: tiers, share kept after departure, change fee), copied at
// purchase so that a later change of policy never changes what a traveller was promised. Null for bookings
// sold before the rules existed: they are refunded in full, as they were then. Frozen in time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('refundRules', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('refundRules').execute();
}
