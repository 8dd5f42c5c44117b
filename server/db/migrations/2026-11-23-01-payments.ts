// A booking's payment: its state (awaiting_proof → proof_submitted → verified, or rejected → proof_submitted
// again, or expired), the traveller's transaction reference and method, the deadline of an unpaid hold, who
// decided and why, and what is owed back after a paid booking is cancelled. Payment proofs move into the
// database (bytes with their hashes), so every API node serves them and a backup carries them. Bookings made
// before this were confirmed on an unchecked screenshot: those with one now wait for staff (proof_submitted),
// those without wait for one with no deadline (staff decide). Frozen in time.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const ID = 'varchar(32)';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const columns: [string, string][] = [
    ['paymentStatus', "text not null default 'awaiting_proof'"],
    ['paymentReference', 'text'],
    ['paymentMethod', 'text'],
    ['paymentDeadline', 'text'],
    ['verifiedBy', ID],
    ['verifiedAt', 'text'],
    /** review, import (a bank statement) or counter (paid at the desk). */
    ['verifiedVia', 'text'],
    /** What the staff member wrote when verifying despite a duplicate flag. */
    ['overrideNote', 'text'],
    ['rejectionReason', 'text'],
    ['rejectionNote', 'text'],
    ['soldBy', ID],
    ['refundDue', 'double precision'],
    ['refundPaidAt', 'text'],
    ['refundPaidBy', ID],
    ['refundReference', 'text'],
  ];
  for (const [name, type] of columns) {
    await db.schema
      .alterTable('bookings')
      .addColumn(name, sql.raw(type) as any)
      .execute();
  }
  await db
    .updateTable('bookings')
    .set({ paymentStatus: 'proof_submitted' })
    .where('bankakScreenshot', 'is not', null)
    .execute();
  // The expiry sweep and the payments queue read by state (and deadline); duplicate references are looked up.
  await db.schema
    .createIndex('bookings_payment')
    .on('bookings')
    .columns(['paymentStatus', 'paymentDeadline'])
    .execute();
  await db.schema.createIndex('bookings_reference').on('bookings').column('paymentReference').execute();
  await db.schema
    .createIndex('bookings_refund')
    .on('bookings')
    .columns(['refundDue', 'refundPaidAt'])
    .execute();

  await db.schema
    .createTable('payment_proofs')
    .addColumn('id', ID, (c) => c.primaryKey())
    /** The name in its URL (/api/uploads/<name>): a random UUID and the image's extension. */
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('bookingId', ID, (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_proofs_booking').on('payment_proofs').column('bookingId').execute();
  await db.schema.createIndex('payment_proofs_sha256').on('payment_proofs').column('sha256').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_proofs').execute();
  for (const index of ['bookings_payment', 'bookings_reference', 'bookings_refund'])
    await db.schema.dropIndex(index).execute();
}
