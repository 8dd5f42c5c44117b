// A sale counts the live unpaid bookings of its phone (at most MAX_UNPAID_BOOKINGS_PER_PHONE): a partial index
// holds just those, so the count reads a handful of rows even for a phone with years of paid bookings (an agent's).
// Frozen in time.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index bookings_unpaid_phone on bookings (phone)
    where "isCancelled" = 0 and "paymentStatus" in ('awaiting_proof', 'proof_submitted', 'rejected')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index bookings_unpaid_phone`.execute(db);
}
