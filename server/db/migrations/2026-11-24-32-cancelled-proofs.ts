// Cancelled bookings whose payment proof nobody decided on: the traveller may have paid. The payments desk lists
// them ("cancelled — check whether the money arrived") from this partial index, newest first. Frozen in time.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index bookings_cancelled_proofs on bookings ("bookingDate", id)
    where "isCancelled" = 1 and "bankakScreenshot" is not null and "rejectionReason" is null
      and "paymentStatus" <> 'verified'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index bookings_cancelled_proofs`.execute(db);
}
