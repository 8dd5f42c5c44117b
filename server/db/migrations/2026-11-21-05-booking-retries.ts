// A traveller on a weak connection may resend a booking whose answer was lost: the client's idempotency key
// lets the server answer the booking it already made instead of refusing the traveller's own seats.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('idempotencyKey', 'varchar(64)').execute();
  await db.schema
    .createIndex('bookings_idempotency_key')
    .on('bookings')
    .column('idempotencyKey')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_idempotency_key').execute();
  await db.schema.alterTable('bookings').dropColumn('idempotencyKey').execute();
}
