// A refund handed over in cash is confirmed by a manager or an admin: how a refund went back (transfer or
// cash), and who recorded it and when (a cashier's cash refund waits for the confirmation; refundPaidAt and
// refundPaidBy are then the confirmation's). Frozen in time.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const columns: [string, string][] = [
    ['refundMethod', 'text'],
    ['refundRecordedBy', 'varchar(32)'],
    ['refundRecordedAt', 'text'],
  ];
  for (const [name, type] of columns)
    await db.schema
      .alterTable('bookings')
      .addColumn(name, sql.raw(type) as any)
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['refundMethod', 'refundRecordedBy', 'refundRecordedAt'])
    await db.schema.alterTable('bookings').dropColumn(name).execute();
}
