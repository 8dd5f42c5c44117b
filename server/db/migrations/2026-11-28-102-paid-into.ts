// Whose account a booking's traveller was told to pay into when it was made: the trip's company's id, or
// 'operator' for the operator's account of Settings (null: made before this column, decided by the company's
// account as it is now). A company that opens an account of its own later must not leave the transfers its
// travellers already made into the operator's account unmatched by the operator's statement. Frozen in time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('paidInto', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('paidInto').execute();
}
