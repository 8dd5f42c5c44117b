// Paid or not: the traveller's later proof, staff verifying or rejecting it, lapsed holds expiring, refunds
// owed after a paid booking is cancelled. Each call answers a typed outcome; the routes translate it.
import {
  holdDeadline,
  normaliseReference,
  type PaymentMethod,
  PROOF_WANTED_STATUSES,
  type RejectionReason,
  reviewHold,
} from '../../../shared/payments.ts';
import { departureInstant } from '../../../shared/rules.ts';
import type { BookingContext } from '../bookings/bookings.service.ts';
import { findByTicket } from '../bookings/bookings.repository.ts';
import type { Document } from '../crud/row-mapper.ts';
import {
  acceptProof,
  bookingRow,
  expireBatch,
  findBookingDocument,
  flagsOf,
  isFlagged,
  latestProofSender,
  transition,
} from './payments.repository.ts';
import { checkProof, type ProofSender } from './proofs.ts';
import { forgetOldRejections, proofHolds, recordRejection } from './rejections.ts';

type Populated = Record<string, any>;

/** Staff may confirm a payment that waits for a proof or whose proof waits for them (not one they rejected). */
const VERIFIABLE = ['awaiting_proof', 'proof_submitted'];

export type ProofOutcome =
  | { accepted: Document }
  | { refused: 'NOT_FOUND' | 'PROOF_NOT_IMAGE' | 'PROOF_TOO_LARGE' }
  | { refused: 'NOT_WAITING'; status: string };

/**
 * A proof sent after booking, by the traveller who proves the booking with its ticket id and phone: accepted
 * while the booking waits for one (awaiting_proof, or rejected) and its deadline has not passed. It holds the
 * seats for staff's review time, unless its phone, device or address had proofs rejected too often: then the
 * booking keeps the deadline it had.
 */
export async function submitProof(
  ctx: BookingContext,
  request: {
    ticketId: string;
    phone: string;
    reference: string;
    method: PaymentMethod;
    image: Buffer;
    sender: ProofSender;
  },
): Promise<ProofOutcome> {
  const booking = (await findByTicket(ctx.db, request.ticketId, request.phone))[0];
  if (!booking) return { refused: 'NOT_FOUND' };
  const checked = await checkProof(request.image);
  if ('refused' in checked) return { refused: checked.refused };
  const now = ctx.clock.now();
  const holds = await proofHolds(ctx.db, ctx.payments, { phone: request.phone, ...request.sender }, now);
  const accepted = await acceptProof(
    ctx.db,
    booking._id,
    checked.proof,
    { reference: normaliseReference(request.reference), method: request.method },
    request.sender,
    holds ? reviewHold(now, ctx.payments.reviewMinutes, ctx.payments.proofMinutes) : undefined,
    now,
  );
  const current = (await findBookingDocument(ctx.db, booking._id))!;
  if (!accepted) {
    // Why not, in the traveller's terms: cancelled (by them or staff), lapsed, paid, or already being checked.
    const status =
      current.paymentStatus === 'expired' ||
      (!current.isCancelled && PROOF_WANTED_STATUSES.includes(current.paymentStatus as never))
        ? 'expired'
        : current.isCancelled
          ? 'cancelled'
          : String(current.paymentStatus);
    return { refused: 'NOT_WAITING', status };
  }
  return { accepted: current };
}

export type DecisionOutcome =
  | { decided: Document }
  | { refused: 'NOT_FOUND' | 'CANCELLED' }
  | { refused: 'ALREADY_DECIDED'; status: string }
  | { refused: 'NO_PROOF' }
  | { refused: 'FLAGGED'; flags: Awaited<ReturnType<typeof flagsOf>> };

async function decisionRefusal(ctx: BookingContext, id: string): Promise<DecisionOutcome> {
  const row = await bookingRow(ctx.db, id);
  if (!row) return { refused: 'NOT_FOUND' };
  if (Number(row.isCancelled)) return { refused: 'CANCELLED' };
  return { refused: 'ALREADY_DECIDED', status: row.paymentStatus };
}

/**
 * Staff confirm the money arrived. A booking whose reference or proof image is also another booking's is
 * verified only when the staff member confirms the override, which is recorded with their note.
 */
export async function verify(
  ctx: BookingContext,
  id: string,
  by: { staffId: string; via: 'review' | 'import'; override?: string },
): Promise<DecisionOutcome> {
  const row = await bookingRow(ctx.db, id);
  if (!row) return { refused: 'NOT_FOUND' };
  if (Number(row.isCancelled)) return { refused: 'CANCELLED' };
  if (!VERIFIABLE.includes(row.paymentStatus))
    return { refused: 'ALREADY_DECIDED', status: row.paymentStatus };
  if (!by.override) {
    const flags = await flagsOf(ctx.db, row);
    if (isFlagged(flags)) return { refused: 'FLAGGED', flags };
  }
  const now = ctx.clock.now().toISOString();
  const moved = await transition(ctx.db, id, VERIFIABLE, {
    paymentStatus: 'verified',
    paymentDeadline: null,
    verifiedBy: by.staffId,
    verifiedAt: now,
    verifiedVia: by.via,
    overrideNote: by.override ?? null,
  });
  return moved ? { decided: (await findBookingDocument(ctx.db, id))! } : decisionRefusal(ctx, id);
}

/** Staff refuse a proof, saying why; the traveller has a fresh deadline to send a new one. */
export async function reject(
  ctx: BookingContext,
  id: string,
  by: { reason: RejectionReason; note?: string },
): Promise<DecisionOutcome> {
  const booking = await findBookingDocument(ctx.db, id);
  if (!booking) return { refused: 'NOT_FOUND' };
  const trip = booking.tripId as Populated;
  const now = ctx.clock.now();
  const deadline = holdDeadline(
    now,
    ctx.payments.proofMinutes,
    departureInstant(String(trip.trip_date), String(trip.trip_boarding_time)),
  );
  if (!booking.isCancelled && booking.paymentStatus === 'awaiting_proof') return { refused: 'NO_PROOF' };
  const moved = await transition(ctx.db, id, ['proof_submitted'], {
    paymentStatus: 'rejected',
    paymentDeadline: deadline.toISOString(),
    reviewDeadline: null,
    rejectionReason: by.reason,
    rejectionNote: by.note ?? null,
  });
  if (!moved) return decisionRefusal(ctx, id);
  // The rejection counts against the booking's phone and against whoever sent the proof.
  const phone = (booking.passengerInfo as { phone: string }).phone;
  await recordRejection(ctx.db, { phone, ...(await latestProofSender(ctx.db, id)) }, now);
  return { decided: (await findBookingDocument(ctx.db, id))! };
}

/**
 * Expires every lapsed hold (in batches) and frees its seats, and forgets rejected proofs older than a day;
 * answers how many holds expired.
 */
export async function expireLapsedHolds(ctx: BookingContext, batch = 1000): Promise<number> {
  let expired = 0;
  for (;;) {
    const count = await expireBatch(ctx.db, ctx.clock.now(), batch);
    expired += count;
    if (count < batch) break;
  }
  await forgetOldRejections(ctx.db, ctx.clock.now());
  return expired;
}

export type RefundOutcome = { paid: Document } | { refused: 'NOT_FOUND' | 'NOT_OWED' | 'ALREADY_PAID' };

/** Staff record that the refund of a cancelled paid booking was paid, with its transaction reference. */
export async function markRefundPaid(
  ctx: BookingContext,
  id: string,
  by: { staffId: string; reference: string },
): Promise<RefundOutcome> {
  const row = await bookingRow(ctx.db, id);
  if (!row) return { refused: 'NOT_FOUND' };
  if (row.refundDue === null) return { refused: 'NOT_OWED' };
  const result = await ctx.db
    .updateTable('bookings')
    .set({
      refundPaidAt: ctx.clock.now().toISOString(),
      refundPaidBy: by.staffId,
      refundReference: by.reference,
    })
    .where('id', '=', id)
    .where('refundPaidAt', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { refused: 'ALREADY_PAID' };
  return { paid: (await findBookingDocument(ctx.db, id))! };
}
