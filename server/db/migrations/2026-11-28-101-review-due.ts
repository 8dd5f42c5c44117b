// The sweep that returns proofs whose review time ran out (payments.repository.ts returnOverdueProofs, every
// EXPIRY_SWEEP_SECONDS on every node) reads only the overdue ones: a partial index of the waiting proofs by
// their review deadline. Through the queue's index it checked every waiting proof's deadline each time
// (20,000 waiting proofs: 35–130 ms every 15 s, the node stopped on SQLite). Frozen in time.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The status leads although the index holds one status: with only the deadline, SQLite (which never has
  // statistics here) preferred the status index, an equality, to a range of this one.
  await sql`create index bookings_review_due on bookings ("paymentStatus", "reviewDeadline")
    where "paymentStatus" = 'proof_submitted' and "isCancelled" = 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index bookings_review_due`.execute(db);
}
