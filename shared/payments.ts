// A booking's payment, as the server decides it and both front ends show it. Pure data and functions.
//
//   awaiting_proof ──proof──▶ proof_submitted ──verify──▶ verified
//        │                      │      ▲
//        │ deadline             reject └──────proof──────┐
//        ▼                      ▼                          │
//     expired ◀──deadline─── rejected ─────────────────────┘
//
// A counter sale is verified at once. An unpaid hold (awaiting_proof, rejected) lasts until its deadline; a
// proof under review holds its seats until staff decide.
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
/** Unpaid states that lapse at their deadline. */
export const LAPSING_STATUSES = ['awaiting_proof', 'rejected'] as const;
/** States in which the traveller may send a (new) proof. */
export const PROOF_WANTED_STATUSES: readonly PaymentStatus[] = ['awaiting_proof', 'rejected'];

export const PAYMENT_DEFAULTS = {
  /** Minutes an unpaid hold lasts, from booking or from a rejection. */
  proofMinutes: 30,
  /** Live unpaid bookings one phone may hold at once. */
  maxUnpaidPerPhone: 2,
  /** Share of a trip's seats that unpaid holds may occupy. */
  maxUnpaidShare: 0.5,
} as const;

/** When an unpaid hold made at `now` lapses: after the proof window, never later than departure. */
export function holdDeadline(now: Date, proofMinutes: number, departure: Date): Date {
  return new Date(Math.min(now.getTime() + proofMinutes * 60_000, departure.getTime()));
}

/** Whether a booking in `status` with this deadline has lapsed at `now`. */
export function hasLapsed(status: string, deadline: string | null | undefined, now: Date): boolean {
  return (
    (LAPSING_STATUSES as readonly string[]).includes(status) &&
    !!deadline &&
    Date.parse(deadline) <= now.getTime()
  );
}
