// Paid or not: the traveller's later proof, staff verifying or rejecting it, lapsed holds expiring, refunds
// owed after a paid booking is cancelled. Each call answers a typed outcome; the routes translate it.
import { normaliseReference } from '../../../shared/payment-reference.ts';
import {
  hasLapsed,
  holdDeadline,
  LAPSING_STATUSES,
  type PaymentMethod,
  type RefundMethod,
  type RejectionReason,
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
  settleCancelledProof,
  transition,
} from './payments.repository.ts';
import { checkProof } from './proofs.ts';

type Populated = Record<string, any>;

/** Staff may confirm a payment that waits for a proof or whose proof waits for them (not one they rejected). */
const VERIFIABLE = ['awaiting_proof', 'proof_submitted'];

export type ProofOutcome =
  | { accepted: Document }
  | { refused: 'NOT_FOUND' | 'PROOF_NOT_IMAGE' | 'PROOF_TOO_LARGE' }
  | { refused: 'NOT_WAITING'; status: string };

/** Why a booking refuses a proof, in the traveller's terms: cancelled (by them or staff), lapsed, paid, or being checked. */
function notWaiting(booking: Document, now: Date): ProofOutcome | undefined {
  const status = String(booking.paymentStatus);
  const lapsing = (LAPSING_STATUSES as readonly string[]).includes(status);
  if (lapsing && !booking.isCancelled && !hasLapsed(status, booking.paymentDeadline as string, now))
    return undefined;
  const why =
    status === 'expired' || (!booking.isCancelled && lapsing)
      ? 'expired'
      : booking.isCancelled
        ? 'cancelled'
        : status;
  return { refused: 'NOT_WAITING', status: why };
}

/**
 * Whether a proof for this ticket id and phone would be refused whatever its image: read before the image is,
 * so a refused upload costs no bytes. The decision itself is submitProof's, under the row's lock.
 */
export async function proofRefusal(
  ctx: BookingContext,
  ticketId: string,
  phone: string,
): Promise<ProofOutcome | undefined> {
  const booking = (await findByTicket(ctx.db, ticketId, phone))[0];
  if (!booking) return { refused: 'NOT_FOUND' };
  return notWaiting(booking, ctx.clock.now());
}

/**
 * A proof sent after booking, by the traveller who proves the booking with its ticket id and phone: accepted
 * while the booking waits for one (awaiting_proof, or rejected) and its deadline has not passed.
 */
export async function submitProof(
  ctx: BookingContext,
  request: { ticketId: string; phone: string; reference: string; method: PaymentMethod; image: Buffer },
): Promise<ProofOutcome> {
  const booking = (await findByTicket(ctx.db, request.ticketId, request.phone))[0];
  if (!booking) return { refused: 'NOT_FOUND' };
  const checked = await checkProof(request.image);
  if ('refused' in checked) return { refused: checked.refused };
  const now = ctx.clock.now();
  const accepted = await acceptProof(
    ctx.db,
    booking._id,
    checked.proof,
    { reference: normaliseReference(request.reference), method: request.method },
    now,
  );
  const current = (await findBookingDocument(ctx.db, booking._id))!;
  // Refused under the lock: the hold lapsed (or was decided, or cancelled) since it was read.
  if (!accepted) return notWaiting(current, now) ?? { refused: 'NOT_WAITING', status: 'expired' };
  return { accepted: current };
}

export type DecisionOutcome =
  | { decided: Document }
  | { refused: 'NOT_FOUND' | 'CANCELLED' }
  | { refused: 'ALREADY_DECIDED'; status: string }
  | { refused: 'NO_PROOF' | 'NOTE_REQUIRED' }
  | { refused: 'FLAGGED'; flags: Awaited<ReturnType<typeof flagsOf>> };

async function decisionRefusal(ctx: BookingContext, id: string): Promise<DecisionOutcome> {
  const row = await bookingRow(ctx.db, id);
  if (!row) return { refused: 'NOT_FOUND' };
  if (Number(row.isCancelled)) return { refused: 'CANCELLED' };
  return { refused: 'ALREADY_DECIDED', status: row.paymentStatus };
}

/**
 * Staff confirm the money arrived. A booking whose reference or proof image is also another booking's is
 * verified only when the staff member confirms the override, which is recorded with their note; one with no
 * proof at all only with a note saying how the money was checked.
 */
export async function verify(
  ctx: BookingContext,
  id: string,
  by: { staffId: string; via: 'review' | 'import'; override?: string; note?: string },
): Promise<DecisionOutcome> {
  const row = await bookingRow(ctx.db, id);
  if (!row) return { refused: 'NOT_FOUND' };
  if (Number(row.isCancelled)) return { refused: 'CANCELLED' };
  if (!VERIFIABLE.includes(row.paymentStatus))
    return { refused: 'ALREADY_DECIDED', status: row.paymentStatus };
  // No proof to look at: what staff checked instead (the account, a call) is written down.
  const note = by.override ?? by.note;
  if (row.paymentStatus === 'awaiting_proof' && (note ?? '').trim().length < 3)
    return { refused: 'NOTE_REQUIRED' };
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
    overrideNote: note ?? null,
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
    rejectionReason: by.reason,
    rejectionNote: by.note ?? null,
  });
  return moved ? { decided: (await findBookingDocument(ctx.db, id))! } : decisionRefusal(ctx, id);
}

export type CancelledProofOutcome =
  | { checked: Document }
  | { refused: 'NOT_FOUND' | 'BOOKING_LIVE' | 'NO_PROOF' }
  | { refused: 'ALREADY_DECIDED'; status: string }
  | { refused: 'FLAGGED'; flags: Awaited<ReturnType<typeof flagsOf>> };

/**
 * A cancelled booking whose proof nobody decided on: staff check whether the money arrived. It did: the payment
 * is verified and its price is owed back (the refunds list). It did not: the proof is rejected as not received.
 * Confirming money whose reference or image is also another booking's needs an override with a note, as a
 * verification does.
 */
export async function checkCancelledProof(
  ctx: BookingContext,
  id: string,
  by: { staffId: string; moneyArrived: boolean; override?: string; note?: string },
): Promise<CancelledProofOutcome> {
  const row = await bookingRow(ctx.db, id);
  if (!row) return { refused: 'NOT_FOUND' };
  if (!Number(row.isCancelled)) return { refused: 'BOOKING_LIVE' };
  if (!row.bankakScreenshot) return { refused: 'NO_PROOF' };
  if (by.moneyArrived && !by.override) {
    const flags = await flagsOf(ctx.db, row);
    if (isFlagged(flags)) return { refused: 'FLAGGED', flags };
  }
  const changes = by.moneyArrived
    ? {
        paymentStatus: 'verified',
        paymentDeadline: null,
        verifiedBy: by.staffId,
        verifiedAt: ctx.clock.now().toISOString(),
        verifiedVia: 'review',
        overrideNote: by.override ?? by.note ?? null,
        refundDue: Number(row.totalTicketPrice),
      }
    : {
        paymentStatus: 'rejected',
        paymentDeadline: null,
        rejectionReason: 'payment_not_received' as const,
        rejectionNote: by.note ?? null,
      };
  if (await settleCancelledProof(ctx.db, id, changes))
    return { checked: (await findBookingDocument(ctx.db, id))! };
  const now = await bookingRow(ctx.db, id);
  return now ? { refused: 'ALREADY_DECIDED', status: now.paymentStatus } : { refused: 'NOT_FOUND' };
}

/** Expires every lapsed hold (in batches) and frees its seats; answers how many. */
export async function expireLapsedHolds(ctx: BookingContext, batch = 1000): Promise<number> {
  let expired = 0;
  for (;;) {
    const count = await expireBatch(ctx.db, ctx.clock.now(), batch);
    expired += count;
    if (count < batch) return expired;
  }
}

export type RefundOutcome =
  | { paid: Document }
  | { recorded: Document }
  | { refused: 'NOT_FOUND' | 'NOT_OWED' | 'ALREADY_PAID' | 'AWAITS_CONFIRMATION' | 'OWN_CASH_REFUND' };

/**
 * Staff record that the refund of a cancelled paid booking went back: by transfer, with its transaction
 * reference, or in cash at the desk. A transfer leaves a trace at the bank; cash does not, so a cash refund a
 * cashier records only waits for a manager or an admin (`confirms`) to confirm it, and is paid then.
 */
export async function markRefundPaid(
  ctx: BookingContext,
  id: string,
  by: { staffId: string; confirms: boolean; method: RefundMethod; reference?: string },
): Promise<RefundOutcome> {
  const row = await bookingRow(ctx.db, id);
  if (!row) return { refused: 'NOT_FOUND' };
  if (row.refundDue === null) return { refused: 'NOT_OWED' };
  if (row.refundPaidAt) return { refused: 'ALREADY_PAID' };
  if (row.refundRecordedAt) return { refused: 'AWAITS_CONFIRMATION' };
  const now = ctx.clock.now().toISOString();
  const recorded = {
    refundMethod: by.method,
    refundRecordedBy: by.staffId,
    refundRecordedAt: now,
    refundReference: by.reference ?? null,
  };
  const awaits = by.method === 'cash' && !by.confirms;
  const result = await ctx.db
    .updateTable('bookings')
    .set(awaits ? recorded : { ...recorded, refundPaidAt: now, refundPaidBy: by.staffId })
    .where('id', '=', id)
    .where('refundPaidAt', 'is', null)
    .where('refundRecordedAt', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return refundRefusal(ctx, id);
  const booking = (await findBookingDocument(ctx.db, id))!;
  return awaits ? { recorded: booking } : { paid: booking };
}

async function refundRefusal(ctx: BookingContext, id: string): Promise<RefundOutcome> {
  const now = await bookingRow(ctx.db, id);
  if (!now) return { refused: 'NOT_FOUND' };
  return { refused: now.refundPaidAt ? 'ALREADY_PAID' : 'AWAITS_CONFIRMATION' };
}

/** A manager or an admin confirms a cash refund a cashier recorded (a second person: never its recorder). */
export async function confirmCashRefund(
  ctx: BookingContext,
  id: string,
  by: { staffId: string },
): Promise<RefundOutcome> {
  const row = await bookingRow(ctx.db, id);
  if (!row) return { refused: 'NOT_FOUND' };
  if (row.refundPaidAt) return { refused: 'ALREADY_PAID' };
  if (row.refundMethod !== 'cash' || !row.refundRecordedAt) return { refused: 'NOT_OWED' };
  if (row.refundRecordedBy === by.staffId) return { refused: 'OWN_CASH_REFUND' };
  const result = await ctx.db
    .updateTable('bookings')
    .set({ refundPaidAt: ctx.clock.now().toISOString(), refundPaidBy: by.staffId })
    .where('id', '=', id)
    .where('refundPaidAt', 'is', null)
    .where('refundMethod', '=', 'cash')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { refused: 'ALREADY_PAID' };
  return { paid: (await findBookingDocument(ctx.db, id))! };
}
