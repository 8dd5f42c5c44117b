// Holds that cannot close a trip (issue 18): a proof under review holds until a review deadline
// ("reviewDeadline"; its "paymentDeadline" is then when the hold ends), and who made each hold is kept so that
// one client address or one device holds only so many: the booking's address and device, and each proof's
// sender (whose rejected proofs count against them, in proof_rejections). Partial indexes hold only the live
// unpaid bookings, so a sale counts a source's holds by reading a handful of rows. Proofs sent before this hold
// until staff decide, as they did. Frozen in time.
import { type Kysely, sql } from 'kysely';

const UNPAID = `"isCancelled" = 0 and "paymentStatus" in ('awaiting_proof', 'proof_submitted', 'rejected')`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['reviewDeadline', 'clientAddress', 'deviceId'])
    await db.schema.alterTable('bookings').addColumn(column, 'text').execute();
  for (const column of ['clientAddress', 'deviceId'])
    await db.schema.alterTable('payment_proofs').addColumn(column, 'text').execute();
  await sql`${sql.raw(`create index bookings_unpaid_address on bookings ("clientAddress") where ${UNPAID}`)}`.execute(
    db,
  );
  await sql`${sql.raw(`create index bookings_unpaid_device on bookings ("deviceId") where ${UNPAID}`)}`.execute(
    db,
  );

  // One row per source of a rejected proof ("phone:…", "device:…", "address:…"); rows older than a day are
  // swept away.
  await db.schema
    .createTable('proof_rejections')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('rejectedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('proof_rejections_source')
    .on('proof_rejections')
    .columns(['source', 'rejectedAt'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('proof_rejections').execute();
  await sql`drop index bookings_unpaid_device`.execute(db);
  await sql`drop index bookings_unpaid_address`.execute(db);
  for (const column of ['clientAddress', 'deviceId'])
    await db.schema.alterTable('payment_proofs').dropColumn(column).execute();
  for (const column of ['reviewDeadline', 'clientAddress', 'deviceId'])
    await db.schema.alterTable('bookings').dropColumn(column).execute();
}
