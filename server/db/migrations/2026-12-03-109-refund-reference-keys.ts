// A refund paid by transfer keeps its transaction number as staff typed it (refundReference) and, beside it,
// in the one form payment references are compared in (refundReferenceKey, shared/payment-reference.ts), indexed:
// one transfer pays back one refund, so a number another refund was recorded with is refused. The refunds
// recorded before get their key here, put in form in JavaScript as migration 103 did (refunds are a small share
// of the bookings). Null for cash.
import type { Kysely } from 'kysely';
import { normaliseReference } from '../../../shared/payment-reference.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('refundReferenceKey', 'text').execute();
  await db.schema
    .createIndex('bookings_refund_reference_key')
    .on('bookings')
    .column('refundReferenceKey')
    .execute();
  const rows: { id: string; refundReference: string }[] = await db
    .selectFrom('bookings')
    .select(['id', 'refundReference'])
    .where('refundMethod', '=', 'transfer')
    .where('refundReference', 'is not', null)
    .execute();
  for (const row of rows) {
    const key = normaliseReference(row.refundReference);
    if (key)
      await db.updateTable('bookings').set({ refundReferenceKey: key }).where('id', '=', row.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_refund_reference_key').execute();
  await db.schema.alterTable('bookings').dropColumn('refundReferenceKey').execute();
}
