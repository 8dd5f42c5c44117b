// A booking's payment, as the server decides it and both front ends show it. Pure data and functions.
//
//          ┌────────────review time ran out (proof kept, no rejection)────────────┐
//          ▼                                                                       │
//   awaiting_proof ──proof──▶ proof_submitted ──verify──▶ verified                │
//        │                      │      ▲   └───────────────────────────────────────┘
//        │ deadline     reject  │      │
//        ▼                      ▼      │
//     expired ◀──deadline─── rejected ─┘
//
// A counter sale is verified at once. Every unpaid hold lasts until its deadline: a hold without a proof (or
// whose proof was rejected) for the proof window; a proof under review until its review deadline
// (`reviewDeadline`), when, undecided, it goes back to awaiting_proof with its own short deadline (one proof
// window more), so a screenshot nobody checks cannot hold seats for ever. The proof stays with the booking and
// staff may still decide it; a proof re-sent then holds no longer, and if the booking lapses or is cancelled it
// is a cancelled proof to check (the money may have arrived). A proof from a phone, device or address whose
// proofs staff rejected again and again holds no longer than a booking without one (no review time).
export const PAYMENT_STATUSES = [
  'awaiting_proof',
  'proof_submitted',
  'verified',
  'rejected',
  'expired',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['bankak', 'mobile_money', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a refund goes back: a transfer (its reference), or cash at the desk, which a manager or an admin confirms. */
export const REFUND_METHODS = ['transfer', 'cash'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const REJECTION_REASONS = [
  'amount_wrong',
  'proof_unreadable',
  'payment_not_received',
  'duplicate_proof',
  'other',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** States in which a booking holds seats without being paid. */
export const UNPAID_STATUSES = ['awaiting_proof', 'proof_submitted', 'rejected'] as const;
/** Unpaid states that lapse at their deadline (a proof under review too, if it outlives its review time). */
export const LAPSING_STATUSES = UNPAID_STATUSES;
/** Unpaid holds without a proof waiting: they give way to a traveller who pays when a trip's unpaid share is full. */
export const UNPROVEN_STATUSES = ['awaiting_proof', 'rejected'] as const;
/** States in which the traveller may send a (new) proof. */
export const PROOF_WANTED_STATUSES: readonly PaymentStatus[] = ['awaiting_proof', 'rejected'];

export const PAYMENT_DEFAULTS = {
  /** Minutes an unpaid hold lasts, from booking or from a rejection. */
  proofMinutes: 30,
  /** Live unpaid bookings one phone may hold at once. */
  maxUnpaidPerPhone: 2,
  /** Share of a trip's seats that unpaid holds may occupy. */
  maxUnpaidShare: 0.5,
  /** Live unpaid bookings one client address may hold at once (generous: a carrier's address is shared). */
  maxUnpaidPerAddress: 10,
  /** Seats one client address may hold unpaid on one trip (two bookings of three). */
  maxUnpaidSeatsPerAddressPerTrip: 6,
  /** Live unpaid bookings one device (the public site's device id) may hold at once. */
  maxUnpaidPerDevice: 3,
  /** Minutes staff have to check a proof before its hold winds down (one proof window more, then it lapses). */
  reviewMinutes: 120,
  /** Rejected proofs (in REJECTION_WINDOW_HOURS) after which a phone's or device's proofs no longer hold. */
  rejectionsPerPhone: 2,
  /** The same for a client address, shared by more people. */
  rejectionsPerAddress: 5,
} as const;

/** How far back rejected proofs count against a phone, device or address. */
export const REJECTION_WINDOW_HOURS = 24;

/** When an unpaid hold made at `now` lapses: after the proof window, never later than departure. */
export function holdDeadline(now: Date, proofMinutes: number, departure: Date): Date {
  return new Date(Math.min(now.getTime() + proofMinutes * 60_000, departure.getTime()));
}

/**
 * The hold of a proof under review: until `review` staff are expected to decide; then it lasts one proof
 * window more (`until`), whatever departure (a traveller who paid stays "staff decide" at the bus door).
 */
export function reviewHold(now: Date, reviewMinutes: number, proofMinutes: number) {
  const review = new Date(now.getTime() + reviewMinutes * 60_000);
  return { review, until: new Date(review.getTime() + proofMinutes * 60_000) };
}

/**
 * Where a proof waiting for staff stands at `now`, for the payments desk: under review until its review
 * deadline; past it (the seats go at the payment deadline unless staff decide); holding no longer than an
 * unpaid booking because its phone, device or address had proofs rejected (no review time); lapsed; or, for a
 * proof sent before holds had an end, held until staff decide.
 */
export type ProofHold =
  | { kind: 'review'; review: string; until: string }
  | { kind: 'overdue'; until: string }
  | { kind: 'untrusted'; until: string }
  | { kind: 'lapsed' }
  | { kind: 'open' };

export function proofHold(
  booking: { paymentDeadline: string | null; reviewDeadline?: string | null },
  now: Date,
): ProofHold {
  const until = booking.paymentDeadline;
  if (!until) return { kind: 'open' };
  if (Date.parse(until) <= now.getTime()) return { kind: 'lapsed' };
  const review = booking.reviewDeadline;
  if (!review) return { kind: 'untrusted', until };
  return Date.parse(review) > now.getTime() ? { kind: 'review', review, until } : { kind: 'overdue', until };
}

/** Whether a booking in `status` with this deadline has lapsed at `now`. */
export function hasLapsed(status: string, deadline: string | null | undefined, now: Date): boolean {
  return (
    (LAPSING_STATUSES as readonly string[]).includes(status) &&
    !!deadline &&
    Date.parse(deadline) <= now.getTime()
  );
}

/**
 * Whether a booking uses its transaction reference, so another booking under it is flagged: paid with it (even
 * cancelled since, its refund owed), still live, or with a proof under it nobody decided on, whatever became of
 * the booking (cancelled, lapsed, or back to awaiting_proof once its review time ran out): the money may have
 * arrived. The last kind, cancelled, is what the payments desk lists as cancelled proofs to check.
 */
export function usesReference(booking: {
  paymentStatus: string;
  isCancelled: number | boolean;
  bankakScreenshot: string | null;
  rejectionReason: string | null;
}): boolean {
  return (
    booking.paymentStatus === 'verified' ||
    (!Number(booking.isCancelled) && booking.paymentStatus !== 'expired') ||
    (booking.bankakScreenshot !== null && booking.rejectionReason === null)
  );
}

/**
 * Whether staff (or a bank statement) may still decide a live booking's proof: one under review, or one whose
 * review time ran out (back to awaiting_proof, its proof kept).
 */
export function proofUndecided(booking: { paymentStatus: string; bankakScreenshot: string | null }): boolean {
  return (
    booking.paymentStatus === 'proof_submitted' ||
    (booking.paymentStatus === 'awaiting_proof' && booking.bankakScreenshot !== null)
  );
}

/** A booking's proof as staff saw it (verifyPayment's `seen`): its reference and image (null: none). */
export interface ProofSeen {
  paymentReference: string | null;
  bankakScreenshot: string | null;
}

type WithProof = { paymentReference?: string | null; bankakScreenshot?: string | null };

/** The proof a booking carries now, as ProofSeen (a missing field: none). */
export const proofOf = (booking: WithProof): ProofSeen => ({
  paymentReference: booking.paymentReference ?? null,
  bankakScreenshot: booking.bankakScreenshot ?? null,
});

/** Whether the booking carries another proof than `seen`. */
export const proofChanged = (booking: WithProof, seen: ProofSeen) => {
  const now = proofOf(booking);
  return now.paymentReference !== seen.paymentReference || now.bankakScreenshot !== seen.bankakScreenshot;
};
