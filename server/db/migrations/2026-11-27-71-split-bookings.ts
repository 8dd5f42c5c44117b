// Seats cancelled from a paid booking that keeps its others become a cancelled record of their own, holding
// those seats and their refund (so the refunds list pays each cancellation once, whatever follows), named
// after the booking they were part of. Null for every other booking. Frozen in time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('splitFrom', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('splitFrom').execute();
}
