// Paid or not: the traveller's later proof, staff verifying or rejecting it, lapsed holds expiring, refunds
// owed after a paid booking is cancelled. Each call answers a typed outcome; the routes translate it.
import { normaliseReference } from '../../shared/payment-reference.ts';
import {
  hasLapsed,
  holdDeadline,
  type PaymentMethod,
  proofChanged,
  proofOf,
  type ProofSeen,
  PROOF_WANTED_STATUSES,
  type RefundMethod,
  type RejectionReason,
  reviewHold,
} from '../../shared/payments.ts';
import { departureInstant } from '../../shared/rules.ts';
import { openShiftOf, recordCash } from '../resources/shifts/shifts.repository.ts';
import type { BookingContext } from './context.ts';
import { findByTicket } from './bookings.repository.ts';
import { changeCutoffOf } from './booking-changes.ts';
import type { Document } from '../resources/crud/row-mapper.ts';
import {
  acceptProof,
  bookingRow,
  expireBatch,
  findBookingDocument,
  flagsOf,
  isFlagged,
  latestProofSender,
  returnOverdueProofs,
  settleCancelledProof,
  transition,
} from './payments.repository.ts';
import { checkProof, type ProofSender } from './proofs.ts';
import { forgetOldRejections, proofHolds, recordRejection } from './rejections.ts';
import { changeAndTell } from '../messages/messages.service.ts';
import type { BookingRow, Db } from '../db/schema.ts';
import { lockName, lockRow } from '../db/locks.ts';
import { type Actor, logBookingChange, loggedBooking } from './booking-audit.ts';
import type { TripDetails } from '../../shared/contract/documents.ts';

/** Staff may confirm a payment that waits for a proof or whose proof waits for them (not one they rejected). */
const VERIFIABLE = ['awaiting_proof', 'proof_submitted'];
/** Staff may reject a proof waiting for them, or one whose review time ran out (awaiting_proof with its proof). */
const REJECTABLE = ['proof_submitted', 'awaiting_proof'];

export type ProofOutcome =
  | { accepted: Document }
  | { refused: 'NOT_FOUND' | 'PROOF_NOT_IMAGE' | 'PROOF_TOO_LARGE' }
  | { refused: 'NOT_WAITING'; status: string };

/** Why a booking refuses a proof, in the traveller's terms: cancelled (by them or staff), lapsed, paid, or being checked. */
function notWaiting(booking: Document, now: Date): ProofOutcome | undefined {
  const status = String(booking.paymentStatus);
  const wanted = PROOF_WANTED_STATUSES.includes(status as never);
  if (wanted && !booking.isCancelled && !hasLapsed(status, booking.paymentDeadline as string, now))
    return undefined;
  const why =
    status === 'expired' || (!booking.isCancelled && wanted)
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
  // A booking gets its review time once per proof staff decided on: a proof re-sent after the review time ran
  // out (awaiting_proof, with a review deadline) goes back to the desk but holds no longer than it did.
  const reviewSpent = booking.paymentStatus === 'awaiting_proof' && !!booking.reviewDeadline;
  const holds =
    !reviewSpent &&
    (await proofHolds(ctx.db, ctx.payments, { phone: request.phone, ...request.sender }, now));
  const accepted = await acceptProof(
    ctx.db,
    booking._id,
    checked.proof,
    { reference: normaliseReference(request.reference), method: request.method },
    request.sender,
    holds
      ? changeHold(
          reviewHold(now, ctx.payments.reviewMinutes, ctx.payments.proofMinutes),
          await changeCutoffOf(ctx.db, booking._id),
        )
      : undefined,
    now,
  );
  const current = (await findBookingDocument(ctx.db, booking._id))!;
  // Refused under the lock: the hold lapsed (or was decided, or cancelled) since it was read.
  if (!accepted) return notWaiting(current, now) ?? { refused: 'NOT_WAITING', status: 'expired' };
  return { accepted: current };
}

/**
 * A change's proof holds its new seats no later than the old trip's change cut-off: verified after it, the
 * change cannot complete (completeChange gives the difference back), so the seats would be held for nothing.
 */
function changeHold(hold: ReturnType<typeof reviewHold>, cutoff: Date | undefined) {
  if (!cutoff) return hold;
  const cap = (at: Date) => new Date(Math.min(at.getTime(), cutoff.getTime()));
  return { review: cap(hold.review), until: cap(hold.until) };
}

export type DecisionOutcome =
  | { decided: Document }
  | { refused: 'NOT_FOUND' | 'CANCELLED' }
  | { refused: 'ALREADY_DECIDED'; status: string }
  | { refused: 'NO_PROOF' | 'NOTE_REQUIRED' | 'PROOF_CHANGED' }
  | { refused: 'FLAGGED'; flags: Awaited<ReturnType<typeof flagsOf>> };

async function decisionRefusal(ctx: BookingContext, id: string, read?: ProofSeen): Promise<DecisionOutcome> {
  const row = await bookingRow(ctx.db, id);
  if (!row) return { refused: 'NOT_FOUND' };
  if (Number(row.isCancelled)) return { refused: 'CANCELLED' };
  if (read && VERIFIABLE.includes(row.paymentStatus) && proofChanged(row, read))
    return { refused: 'PROOF_CHANGED' };
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
  by: {
    staffId: string;
    actor: Actor;
    /** The staff member's company (null: the platform's), whose bookings the flags name. */
    company: string | null;
    via: 'review' | 'import';
    override?: string;
    note?: string;
    /**
     * The proof staff looked at. A traveller may send another once the review time ran out (back to
     * awaiting_proof), while staff still have the old one open: the new one is refused PROOF_CHANGED, never
     * verified unseen.
     */
    seen?: ProofSeen;
  },
): Promise<DecisionOutcome> {
  const row = await bookingRow(ctx.db, id);
  if (!row) return { refused: 'NOT_FOUND' };
  if (Number(row.isCancelled)) return { refused: 'CANCELLED' };
  if (!VERIFIABLE.includes(row.paymentStatus))
    return { refused: 'ALREADY_DECIDED', status: row.paymentStatus };
  if (by.seen && proofChanged(row, by.seen)) return { refused: 'PROOF_CHANGED' };
  // What the flags below were read of: a proof sent after them is not verified by this decision.
  const read = proofOf(row);
  // No proof to look at: what staff checked instead (the account, a call) is written down.
  const note = by.override ?? by.note;
  if (row.paymentStatus === 'awaiting_proof' && !row.bankakScreenshot && (note ?? '').trim().length < 3)
    return { refused: 'NOTE_REQUIRED' };
  if (!by.override) {
    const flags = await flagsOf(ctx.db, row, by.company);
    if (isFlagged(flags)) return { refused: 'FLAGGED', flags };
  }
  const at = ctx.clock.now();
  const now = at.toISOString();
  const moved = await changeAndTell(
    ctx.db,
    async (trx) => {
      const before = await loggedBooking(trx, id);
      const done = await transition(
        trx,
        id,
        VERIFIABLE,
        {
          paymentStatus: 'verified',
          paymentDeadline: null,
          verifiedBy: by.staffId,
          verifiedAt: now,
          verifiedVia: by.via,
          overrideNote: note ?? null,
        },
        undefined,
        read,
      );
      if (done) await logBookingChange(trx, by.actor, 'verify_payment', id, before, at);
      return done;
    },
    'payment_verified',
    id,
    at,
  );
  return moved ? { decided: (await findBookingDocument(ctx.db, id))! } : decisionRefusal(ctx, id, read);
}

export type CashOutcome =
  | { paid: Document }
  | { refused: 'NOT_FOUND' | 'CANCELLED' | 'NO_OPEN_SHIFT' | 'HAS_PROOF' | 'LAPSED' }
  | { refused: 'ALREADY_DECIDED'; status: string }
  | { refused: 'AMOUNT_CHANGED'; totalTicketPrice: number };

/**
 * A cashier takes an unpaid booking's price in cash at the desk (an online hold paid at the office, or the
 * difference of a change to a dearer trip): verified as cash, counted in the cashier's open shift (the drawer
 * must hold it at cash-up), in one transaction with the activity-log row naming them. `amount` is what the
 * cashier was shown and took: another amount owed now refuses (AMOUNT_CHANGED). Not a booking whose proof of a
 * transfer waits for staff (the money may already be in the account: decide the proof), nor a lapsed hold.
 */
export async function payInCash(
  ctx: BookingContext,
  id: string,
  by: { staffId: string; actor: Actor; amount: number },
): Promise<CashOutcome> {
  const at = ctx.clock.now();
  let refusal: CashOutcome | undefined;
  const refuse = (outcome: CashOutcome) => ((refusal = outcome), false);
  const paid = await changeAndTell(
    ctx.db,
    async (trx) => {
      const shift = await openShiftOf(trx, by.staffId);
      if (!shift) return refuse({ refused: 'NO_OPEN_SHIFT' });
      const found = await trx.selectFrom('bookings').select('tripId').where('id', '=', id).executeTakeFirst();
      if (!found) return refuse({ refused: 'NOT_FOUND' });
      // The trip, then the booking: a verification's order (transition), so a cancellation never deadlocks it.
      await lockRow(trx, 'trips', found.tripId, 'share');
      const row = (await lockRow(trx, 'bookings', id, 'update')) as BookingRow | undefined;
      if (!row) return refuse({ refused: 'NOT_FOUND' });
      if (Number(row.isCancelled)) return refuse({ refused: 'CANCELLED' });
      if (
        row.paymentStatus === 'proof_submitted' ||
        (row.paymentStatus === 'awaiting_proof' && row.bankakScreenshot)
      )
        return refuse({ refused: 'HAS_PROOF' });
      if (row.paymentStatus !== 'awaiting_proof')
        return refuse({ refused: 'ALREADY_DECIDED', status: row.paymentStatus });
      if (hasLapsed(row.paymentStatus, row.paymentDeadline, at)) return refuse({ refused: 'LAPSED' });
      const amount = Number(row.totalTicketPrice);
      if (Math.abs(amount - by.amount) > 0.005)
        return refuse({ refused: 'AMOUNT_CHANGED', totalTicketPrice: amount });
      const before = await loggedBooking(trx, id);
      const done = await transition(trx, id, ['awaiting_proof'], {
        paymentStatus: 'verified',
        paymentMethod: 'cash',
        paymentDeadline: null,
        verifiedBy: by.staffId,
        verifiedAt: at.toISOString(),
        verifiedVia: 'counter',
      });
      if (!done) return refuse({ refused: 'ALREADY_DECIDED', status: row.paymentStatus });
      await recordCash(trx, { shiftId: shift.id, bookingId: id, kind: 'sale', amount }, at);
      await logBookingChange(trx, by.actor, 'pay_in_cash', id, before, at);
      return true;
    },
    'payment_verified',
    id,
    at,
  );
  if (!paid) return refusal ?? { refused: 'NOT_FOUND' };
  return { paid: (await findBookingDocument(ctx.db, id))! };
}

/** Staff refuse a proof, saying why; the traveller has a fresh deadline to send a new one. */
export async function reject(
  ctx: BookingContext,
  id: string,
  by: { actor: Actor; reason: RejectionReason; note?: string },
): Promise<DecisionOutcome> {
  const booking = await findBookingDocument(ctx.db, id);
  if (!booking) return { refused: 'NOT_FOUND' };
  const trip = booking.tripId as TripDetails;
  const now = ctx.clock.now();
  const deadline = holdDeadline(
    now,
    ctx.payments.proofMinutes,
    departureInstant(String(trip.trip_date), String(trip.trip_boarding_time)),
  );
  // A proof whose review time ran out (back to awaiting_proof) may still be rejected; a booking never proven not.
  if (!booking.isCancelled && booking.paymentStatus === 'awaiting_proof' && !booking.bankakScreenshot)
    return { refused: 'NO_PROOF' };
  // A booking may be rejected more than once (a new proof, rejected again): each rejection is told once.
  const moved = await changeAndTell(
    ctx.db,
    async (trx) => {
      const before = await loggedBooking(trx, id);
      const done = await transition(trx, id, REJECTABLE, {
        paymentStatus: 'rejected',
        paymentDeadline: deadline.toISOString(),
        reviewDeadline: null,
        rejectionReason: by.reason,
        rejectionNote: by.note ?? null,
      });
      if (done) await logBookingChange(trx, by.actor, 'reject_payment', id, before, now);
      return done;
    },
    'payment_rejected',
    id,
    now,
    { event: now.toISOString() },
  );
  if (!moved) return decisionRefusal(ctx, id);
  // The rejection counts against the booking's phone and against whoever sent the proof.
  const phone = (booking.passengerInfo as { phone: string }).phone;
  await recordRejection(ctx.db, { phone, ...(await latestProofSender(ctx.db, id)) }, now);
  return { decided: (await findBookingDocument(ctx.db, id))! };
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
  by: {
    staffId: string;
    actor: Actor;
    company: string | null;
    moneyArrived: boolean;
    override?: string;
    note?: string;
  },
): Promise<CancelledProofOutcome> {
  const row = await bookingRow(ctx.db, id);
  if (!row) return { refused: 'NOT_FOUND' };
  if (!Number(row.isCancelled)) return { refused: 'BOOKING_LIVE' };
  if (!row.bankakScreenshot) return { refused: 'NO_PROOF' };
  if (by.moneyArrived && !by.override) {
    const flags = await flagsOf(ctx.db, row, by.company);
    if (isFlagged(flags)) return { refused: 'FLAGGED', flags };
  }
  const at = ctx.clock.now();
  const changes = by.moneyArrived
    ? {
        paymentStatus: 'verified',
        paymentDeadline: null,
        verifiedBy: by.staffId,
        verifiedAt: at.toISOString(),
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
  const settled = await ctx.db.transaction().execute(async (trx) => {
    const before = await loggedBooking(trx, id);
    const done = await settleCancelledProof(trx, id, changes);
    if (done) await logBookingChange(trx, by.actor, 'cancelled_proof_checked', id, before, at);
    return done;
  });
  if (settled) return { checked: (await findBookingDocument(ctx.db, id))! };
  const now = await bookingRow(ctx.db, id);
  return now ? { refused: 'ALREADY_DECIDED', status: now.paymentStatus } : { refused: 'NOT_FOUND' };
}

/**
 * Returns the proofs whose review time ran out to awaiting_proof, expires every lapsed hold (in batches) and
 * frees its seats, and forgets rejected proofs older than a day; answers how many holds expired.
 */
export async function expireLapsedHolds(ctx: BookingContext, batch = 1000): Promise<number> {
  await returnOverdueProofs(ctx.db, ctx.clock.now());
  let expired = 0;
  for (;;) {
    const count = await expireBatch(ctx.db, ctx.clock.now(), batch);
    expired += count;
    if (count < batch) break;
  }
  await forgetOldRejections(ctx.db, ctx.clock.now());
  return expired;
}

export type RefundOutcome =
  | { paid: Document }
  | { recorded: Document }
  | {
      refused:
        | 'NOT_FOUND'
        | 'NOT_OWED'
        | 'ALREADY_PAID'
        | 'AWAITS_CONFIRMATION'
        | 'OWN_CASH_REFUND'
        | 'REFERENCE_USED';
    }
  /** What is owed changed since staff read it (a change to a cheaper trip added to it): look again. */
  | { refused: 'AMOUNT_CHANGED'; refundDue: number };

/**
 * Staff record that the refund of a cancelled paid booking went back: by transfer, with its transaction
 * reference, or in cash at the desk. A transfer leaves a trace at the bank; cash does not, so a cash refund a
 * cashier records only waits for a manager or an admin (`confirms`) to confirm it, and is paid then.
 */
export async function markRefundPaid(
  ctx: BookingContext,
  id: string,
  by: { staffId: string; actor: Actor; confirms: boolean; method: RefundMethod; reference?: string },
): Promise<RefundOutcome> {
  const row = await bookingRow(ctx.db, id);
  if (!row) return { refused: 'NOT_FOUND' };
  if (row.refundDue === null) return { refused: 'NOT_OWED' };
  if (row.refundPaidAt) return { refused: 'ALREADY_PAID' };
  if (row.refundRecordedAt) return { refused: 'AWAITS_CONFIRMATION' };
  const at = ctx.clock.now();
  const now = at.toISOString();
  // A transfer's transaction number, kept in the one form payment references have: one transfer pays back one
  // refund, so a number another refund was recorded with is refused (a second refund "paid" by the first's).
  const transfer =
    (by.method === 'transfer' && by.reference && normaliseReference(by.reference)) || undefined;
  const recorded = {
    refundMethod: by.method,
    refundRecordedBy: by.staffId,
    refundRecordedAt: now,
    refundReference: by.reference ?? null,
    refundReferenceKey: transfer ?? null,
  };
  const awaits = by.method === 'cash' && !by.confirms;
  let reused = false;
  const write = async (trx: Db) => {
    if (transfer) {
      // Under a lock of the number (PostgreSQL; SQLite has one writer): two refunds racing with it, one goes.
      await lockName(trx, `refund-reference:${transfer}`);
      const other = await trx
        .selectFrom('bookings')
        .select('id')
        .where('refundReferenceKey', '=', transfer)
        .where('id', '!=', id)
        .executeTakeFirst();
      if (other) {
        reused = true;
        return false;
      }
    }
    const before = await loggedBooking(trx, id);
    const result = await trx
      .updateTable('bookings')
      .set(awaits ? recorded : { ...recorded, refundPaidAt: now, refundPaidBy: by.staffId })
      .where('id', '=', id)
      .where('refundPaidAt', 'is', null)
      .where('refundRecordedAt', 'is', null)
      // The amount the cash entry below hands over, and staff were shown.
      .where('refundDue', '=', row.refundDue)
      .executeTakeFirst();
    const done = Number(result.numUpdatedRows) === 1;
    if (done)
      await logBookingChange(trx, by.actor, awaits ? 'refund_cash_recorded' : 'refund_paid', id, before, at);
    // Cash leaves the drawer when it is handed over, that is when it is recorded (a manager's confirmation
    // comes later and moves no cash): it is counted in the recording staff member's open shift. Recorded
    // with no shift open (a manager paying from the safe), it is in no drawer's cash-up.
    const shift = done && by.method === 'cash' ? await openShiftOf(trx, by.staffId) : undefined;
    if (shift)
      await recordCash(
        trx,
        { shiftId: shift.id, bookingId: id, kind: 'refund', amount: -Number(row.refundDue) },
        at,
      );
    return done;
  };
  // The traveller is told once the money is paid: a cash refund when a manager confirms it.
  const done = awaits
    ? await ctx.db.transaction().execute(write)
    : await changeAndTell(ctx.db, write, 'refund_paid', id, at);
  if (reused) return { refused: 'REFERENCE_USED' };
  if (!done) return refundRefusal(ctx, id);
  const booking = (await findBookingDocument(ctx.db, id))!;
  return awaits ? { recorded: booking } : { paid: booking };
}

async function refundRefusal(ctx: BookingContext, id: string): Promise<RefundOutcome> {
  const now = await bookingRow(ctx.db, id);
  if (!now) return { refused: 'NOT_FOUND' };
  if (now.refundPaidAt) return { refused: 'ALREADY_PAID' };
  if (now.refundRecordedAt) return { refused: 'AWAITS_CONFIRMATION' };
  return now.refundDue === null
    ? { refused: 'NOT_OWED' }
    : { refused: 'AMOUNT_CHANGED', refundDue: Number(now.refundDue) };
}

/** A manager or an admin confirms a cash refund a cashier recorded (a second person: never its recorder). */
export async function confirmCashRefund(
  ctx: BookingContext,
  id: string,
  by: { staffId: string; actor: Actor },
): Promise<RefundOutcome> {
  const row = await bookingRow(ctx.db, id);
  if (!row) return { refused: 'NOT_FOUND' };
  if (row.refundPaidAt) return { refused: 'ALREADY_PAID' };
  if (row.refundMethod !== 'cash' || !row.refundRecordedAt) return { refused: 'NOT_OWED' };
  if (row.refundRecordedBy === by.staffId) return { refused: 'OWN_CASH_REFUND' };
  const at = ctx.clock.now();
  const confirmed = await changeAndTell(
    ctx.db,
    async (trx) => {
      const before = await loggedBooking(trx, id);
      const result = await trx
        .updateTable('bookings')
        .set({ refundPaidAt: at.toISOString(), refundPaidBy: by.staffId })
        .where('id', '=', id)
        .where('refundPaidAt', 'is', null)
        .where('refundMethod', '=', 'cash')
        .executeTakeFirst();
      const done = Number(result.numUpdatedRows) === 1;
      if (done) await logBookingChange(trx, by.actor, 'refund_cash_confirmed', id, before, at);
      return done;
    },
    'refund_paid',
    id,
    at,
  );
  if (!confirmed) return { refused: 'ALREADY_PAID' };
  return { paid: (await findBookingDocument(ctx.db, id))! };
}
