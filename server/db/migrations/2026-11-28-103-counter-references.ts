// Counter sales stored their transaction number as typed until this version (online bookings kept it in the
// compared form of shared/payment-reference.ts): each is rewritten in that form, so that the payments desk's
// flags, the bank statement import and the counter's own check find it ("bk-77 12" was never "BK7712"). The
// same on both databases: read, put in form in JavaScript, written back where it changed (a counter's sales
// are a small share of the bookings).
import type { Kysely } from 'kysely';
import { normaliseReference } from '../../../shared/payment-reference.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: string; paymentReference: string }[] = await db
    .selectFrom('bookings')
    .select(['id', 'paymentReference'])
    .where('verifiedVia', '=', 'counter')
    .where('paymentReference', 'is not', null)
    .execute();
  for (const row of rows) {
    const compared = normaliseReference(row.paymentReference) || null;
    if (compared !== row.paymentReference)
      await db.updateTable('bookings').set({ paymentReference: compared }).where('id', '=', row.id).execute();
  }
}

/** The form a number was typed in is not kept: nothing to undo. */
export async function down(): Promise<void> {}
