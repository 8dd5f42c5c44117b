// Payment decisions as single conditional updates: each changes a booking only from the states it may leave,
// so two decisions (or a decision and an expiry) racing for one booking never both apply, on any node.
import { andBookingOfCompany, companyWhere } from '../auth/company-scope.ts';
import { type SqlBool, sql } from 'kysely';
import { normaliseReference } from '../../shared/payment-reference.ts';
import {
  LAPSING_STATUSES,
  PROOF_WANTED_STATUSES,
  type ProofSeen,
  UNPAID_STATUSES,
} from '../../shared/payments.ts';
import { bookings } from '../../shared/registry/index.ts';
import { readCacheOf } from '../cache/read-cache.ts';
import { isPostgres, lockRow } from '../db/locks.ts';
import type { BookingRow, BookingsTable, Db } from '../db/schema.ts';
import { expireLapsed } from './bookings.repository.ts';
import { completeChange } from './booking-changes.ts';
import { toDocuments } from '../resources/crud/populate.ts';
import type { Document } from '../resources/crud/row-mapper.ts';
import { insertProof, type Proof, type ProofSender } from './proofs.ts';

/** Rows of a page from `start` to `end` (none when `end` is not after `start`; at most 200). */
const pageSize = (start: number, end: number) => Math.max(0, Math.min(end - start, 200));

type Changes = Partial<Omit<BookingsTable, 'id'>>;

/**
 * Sets `changes` on a live booking that is in one of `from` (and, when `before` is given, whose deadline is
 * still ahead of it); false when it was not.
 */
export async function transition(
  db: Db,
  id: string,
  from: readonly string[],
  changes: Changes,
  before?: Date,
  /** The proof the decision was made on: the booking moves only while it still carries this one. */
  proof?: ProofSeen,
): Promise<boolean> {
  // A verification locks the booking's trip before the booking (a cancellation's order: trip, then bookings),
  // so a change to another day completed by it and a cancellation of its new trip never wait on each other.
  if (changes.paymentStatus === 'verified') {
    const row = await db.selectFrom('bookings').select('tripId').where('id', '=', id).executeTakeFirst();
    if (row) await lockRow(db, 'trips', row.tripId, 'share');
  }
  let query = db
    .updateTable('bookings')
    .set(changes)
    .where('id', '=', id)
    .where('isCancelled', '=', 0)
    .where('paymentStatus', 'in', [...from]);
  if (before) query = query.where('paymentDeadline', '>', before.toISOString());
  if (proof)
    for (const column of ['paymentReference', 'bankakScreenshot'] as const) {
      const value = proof[column];
      query = value === null ? query.where(column, 'is', null) : query.where(column, '=', value);
    }
  const moved = Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
  // A change to another day whose difference is now paid moves its booking, in the same transaction.
  // Its time is the verification's, which every caller takes from the app's clock.
  if (moved && changes.paymentStatus === 'verified') {
    if (!changes.verifiedAt) throw new Error('A verification carries the time it was made (verifiedAt).');
    await completeChange(db, id, new Date(changes.verifiedAt));
  }
  return moved;
}

/**
 * A new proof for a booking that waits for one (before its deadline): stored with the state change, or
 * neither. With `review`, the proof holds the seats for staff's review time (`review.review`) and until
 * `review.until`; without, the booking keeps the deadline it had (a proof that does not hold).
 */
export async function acceptProof(
  db: Db,
  id: string,
  proof: Proof,
  payment: { reference: string; method: string },
  sender: ProofSender,
  review: { review: Date; until: Date } | undefined,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const moved = await transition(
      trx,
      id,
      PROOF_WANTED_STATUSES,
      {
        paymentStatus: 'proof_submitted',
        paymentReference: payment.reference,
        paymentMethod: payment.method,
        ...(review
          ? { paymentDeadline: review.until.toISOString(), reviewDeadline: review.review.toISOString() }
          : { reviewDeadline: null }),
        bankakScreenshot: proof.url,
        rejectionReason: null,
        rejectionNote: null,
      },
      now,
    );
    if (moved) await insertProof(trx, id, proof, now, sender);
    return moved;
  });
}

/** Who sent a booking's latest proof (address and device), when known. */
export async function latestProofSender(db: Db, bookingId: string): Promise<ProofSender> {
  const row = await db
    .selectFrom('payment_proofs')
    .select(['clientAddress', 'deviceId'])
    .where('bookingId', '=', bookingId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return { address: row?.clientAddress ?? null, device: row?.deviceId ?? null };
}

/** What should make staff look twice before verifying a booking. */
export interface Flags {
  /** Other bookings that used the same transaction reference: live, paid (even cancelled) or with a proof undecided. */
  duplicateReference: { _id: string; ticketId: string }[];
  /** Other bookings whose proof is the very same image. */
  duplicateImage: { _id: string; ticketId: string }[];
  /**
   * Such bookings of other companies, counted, not named, for a company's staff: a copied transfer is caught
   * across companies, and nobody learns another company's bookings (platform staff see them in the lists).
   */
  duplicateReferenceElsewhere: number;
  duplicateImageElsewhere: number;
  /** Live bookings made with the same phone (this one included). */
  bookingsFromPhone: number;
}

type FlaggedBooking = { _id: string; ticketId: string; companyId: string | null };

/**
 * The bookings that share this one's reference or image, and its phone's live bookings. `viewerCompany`: the
 * company whose staff asks (null: the platform's), who sees its own company's bookings by name and others'
 * as a count.
 */
export async function flagsOf(
  db: Db,
  booking: Pick<BookingsTable, 'id' | 'paymentReference' | 'phone'>,
  viewerCompany: string | null,
) {
  const byReference = booking.paymentReference
    ? await bookingsUsingReference(db, booking.paymentReference, booking.id)
    : [];
  const byImage: FlaggedBooking[] = await db
    .selectFrom('payment_proofs as mine')
    .innerJoin('payment_proofs as other', 'other.sha256', 'mine.sha256')
    .innerJoin('bookings', 'bookings.id', 'other.bookingId')
    .leftJoin('trips', 'trips.id', 'bookings.tripId')
    .leftJoin('buses', 'buses.id', 'trips.busId')
    .select(['bookings.id as _id', 'bookings.ticketId', 'buses.bus_owner_companyId as companyId'])
    .where('mine.bookingId', '=', booking.id)
    .where('other.bookingId', '<>', booking.id)
    .distinct()
    .limit(20)
    .execute();
  const phone = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('phone', '=', booking.phone)
    .where('isCancelled', '=', 0)
    .executeTakeFirst();
  const reference = seenBy(byReference, viewerCompany);
  const image = seenBy(byImage, viewerCompany);
  const flags: Flags = {
    duplicateReference: reference.named,
    duplicateImage: image.named,
    duplicateReferenceElsewhere: reference.elsewhere,
    duplicateImageElsewhere: image.elsewhere,
    bookingsFromPhone: Number(phone?.count ?? 0),
  };
  return flags;
}

/**
 * The bookings but `exceptId` that used this transaction reference and still count as its users. A reference
 * once used stays used: by a live booking, by one paid with it (cancelled since, its refund owed), or by a
 * proof nobody decided on (cancelled, lapsed or back from review: the money may have arrived).
 * shared/payments.ts usesReference, which statement.ts reads, in SQL.
 */
export function bookingsUsingReference(
  db: Db,
  reference: string,
  exceptId?: string,
): Promise<FlaggedBooking[]> {
  let query = db
    .selectFrom('bookings')
    .leftJoin('trips', 'trips.id', 'bookings.tripId')
    .leftJoin('buses', 'buses.id', 'trips.busId')
    .select(['bookings.id as _id', 'bookings.ticketId', 'buses.bus_owner_companyId as companyId'])
    .where('bookings.paymentReference', '=', normaliseReference(reference))
    .where((eb) =>
      eb.or([
        eb('bookings.paymentStatus', '=', 'verified'),
        eb.and([eb('bookings.isCancelled', '=', 0), eb('bookings.paymentStatus', '<>', 'expired')]),
        eb.and([eb('bookings.bankakScreenshot', 'is not', null), eb('bookings.rejectionReason', 'is', null)]),
      ]),
    );
  if (exceptId) query = query.where('bookings.id', '<>', exceptId);
  return query.limit(20).execute();
}

/**
 * Bookings as `viewerCompany`'s staff may see them (null: the platform's, who see all): their own company's
 * named, others' counted.
 */
export function seenBy(list: FlaggedBooking[], viewerCompany: string | null) {
  const seen = (found: FlaggedBooking) => viewerCompany === null || found.companyId === viewerCompany;
  return {
    named: list.filter(seen).map(({ _id, ticketId }) => ({ _id, ticketId })),
    elsewhere: list.filter((found) => !seen(found)).length,
  };
}

export const isFlagged = (flags: Flags) =>
  flags.duplicateReference.length > 0 ||
  flags.duplicateImage.length > 0 ||
  flags.duplicateReferenceElsewhere > 0 ||
  flags.duplicateImageElsewhere > 0;

export async function bookingRow(db: Db, id: string) {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Proofs waiting for staff, the trip that leaves first first; with the total. Read in the order of a partial
 * index of the waiting proofs by their trip's departure (kept on each booking by the database: migration
 * 2026-11-23-07), so a page reads what it shows, however many proofs wait and however many trips there are:
 * the page's ids from the index alone, then their rows.
 */
export async function proofQueue(db: Db, start: number, end: number, companyId?: string) {
  const waiting = sql`"paymentStatus" = 'proof_submitted' and "isCancelled" = 0 ${andBookingOfCompany(companyId)}`;
  const from = isPostgres(db) ? sql`bookings` : sql`bookings indexed by bookings_queue`;
  const order = sql`order by "tripDeparture", "bookingDate", id`;
  const page = sql`select id from ${from} where ${waiting} ${order} limit ${pageSize(start, end)} offset ${start}`;
  const { rows } = await sql<BookingRow>`select * from bookings where id in (${page}) ${order}`.execute(db);
  const count = async () => {
    const counted = await sql<{
      count: number | string;
    }>`select count(*) as count from ${from} where ${waiting}`.execute(db);
    return Number(counted.rows[0]?.count ?? 0);
  };
  const total =
    (await readCacheOf(db)?.remember(`count|payments-queue|${companyId ?? ''}`, count, {
      tables: companyId ? ['bookings', 'trips', 'buses'] : ['bookings'],
    })) ?? (await count());
  return { documents: await toDocuments(db, bookings, rows), total };
}

/**
 * Cancelled bookings whose proof nobody decided on: the traveller may have paid. The condition is the partial
 * index's (migration 2026-11-24-32), so a page reads what it shows.
 */
const undecidedCancelled = sql<SqlBool>`"isCancelled" = 1 and "bankakScreenshot" is not null and "rejectionReason" is null
  and "paymentStatus" <> 'verified'`;

/** Cancelled bookings with a proof to check, newest first; with the total. */
export async function cancelledProofs(db: Db, start: number, end: number, companyId?: string) {
  const mine = andBookingOfCompany(companyId);
  const from = isPostgres(db) ? sql`bookings` : sql`bookings indexed by bookings_cancelled_proofs`;
  const order = sql`order by "bookingDate" desc, id desc`;
  const { rows } = await sql<BookingRow>`select * from ${from} where ${undecidedCancelled} ${mine} ${order}
    limit ${pageSize(start, end)} offset ${start}`.execute(db);
  const counted = await sql<{
    count: number | string;
  }>`select count(*) as count from ${from} where ${undecidedCancelled} ${mine}`.execute(db);
  return { documents: await toDocuments(db, bookings, rows), total: Number(counted.rows[0]?.count ?? 0) };
}

/** Records what staff found of a cancelled booking's proof, only while it is still undecided. */
export async function settleCancelledProof(db: Db, id: string, changes: Changes): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set(changes)
    .where('id', '=', id)
    .where(undecidedCancelled)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Paid bookings that were cancelled: refunds owed (or, with `paid`, those recorded as paid). */
export async function refundList(db: Db, paid: boolean, start: number, end: number, companyId?: string) {
  const base = db
    .selectFrom('bookings')
    .$if(!!companyId, (q) => q.where(companyWhere(db, 'booking', companyId!)))
    .where('refundDue', 'is not', null)
    .where('refundPaidAt', paid ? 'is not' : 'is', null);
  const rows = await base
    .selectAll()
    .orderBy('bookingDate', 'desc')
    .limit(pageSize(start, end))
    .offset(start)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  return { documents: await toDocuments(db, bookings, rows), total: Number(total?.count ?? 0) };
}

export async function findBookingDocument(db: Db, id: string): Promise<Document | undefined> {
  const row = await bookingRow(db, id);
  return row && (await toDocuments(db, bookings, [row]))[0];
}

/**
 * Proofs whose review time ran out with no decision go back to waiting for a proof (awaiting_proof), each until
 * the end of its hold (its paymentDeadline: one proof window after the review deadline). The proof stays with
 * the booking, with no rejection (staff may still verify or reject it; if the booking lapses or is cancelled,
 * it is a cancelled proof to check), and reviewDeadline stays, saying the booking had its review time; answers
 * how many went back.
 */
export async function returnOverdueProofs(db: Db, now: Date): Promise<number> {
  const result = await overdueProofs(db, now).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The sweep's statement: the waiting proofs by review deadline (migration 2026-11-28-101's partial index), so
 * it reads only the overdue ones, not every proof waiting (its plan is tested).
 */
export function overdueProofs(db: Db, now: Date) {
  return db
    .updateTable('bookings')
    .set({ paymentStatus: 'awaiting_proof' })
    .where(sql<SqlBool>`"paymentStatus" = 'proof_submitted' and "isCancelled" = 0`)
    .where('reviewDeadline', '<=', now.toISOString());
}

/**
 * Expires up to `limit` lapsed holds, oldest deadline first, and frees their seats; answers how many. On
 * PostgreSQL, rows another node is expiring at the same moment are skipped (FOR UPDATE SKIP LOCKED).
 */
export async function expireBatch(db: Db, now: Date, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('bookings')
      .select(['id', 'tripId'])
      .where('paymentStatus', 'in', [...LAPSING_STATUSES])
      .where('paymentDeadline', '<=', now.toISOString())
      .where('isCancelled', '=', 0)
      .orderBy('paymentDeadline')
      .limit(limit);
    if (isPostgres(trx)) query = query.forUpdate().skipLocked();
    return (await expireLapsed(trx, await query.execute(), now)).length;
  });
}

export { UNPAID_STATUSES };
