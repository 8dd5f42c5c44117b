// The payments queue reads proofs waiting in the order their trips leave: walking trips by date and looking up
// each trip's waiting proofs in a small partial index stops after one page, however many proofs wait and
// however many bookings there are. Frozen in time.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index bookings_queue on bookings ("tripId", "bookingDate")
    where "paymentStatus" = 'proof_submitted' and "isCancelled" = 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index bookings_queue`.execute(db);
}
