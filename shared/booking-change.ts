// Another day: a traveller moves their booking to another trip of the same route (FlixBus's rule: until 15
// minutes before the booked trip's departure). Pure; one rule for the server's quote, the change that records
// it and the look-up that offers it.
//
// What the traveller owes for a change of a paid booking is the new price minus what was paid, plus the change
// fee the booking was sold under (its refund-rules snapshot):
//   owed > 0 ──▶ a change awaiting payment (its own proof and deadline); the old seats are kept until it is paid
//   owed = 0 ──▶ moved at once
//   owed < 0 ──▶ moved at once, what is left recorded as refund due
// A booking not yet paid moves at once, free of fee: its price becomes the new trip's, its deadline stays
// (never past the new departure).

/** Minutes before the booked trip's departure after which it can no longer be changed. */
export const CHANGE_CUTOFF_MINUTES = 15;

/** Whether a booking whose trip leaves at `departure` may still be changed at `now` (exactly 15 min before: no). */
export function changeOpen(departure: Date, now: Date, cutoffMinutes = CHANGE_CUTOFF_MINUTES): boolean {
  return departure.getTime() - now.getTime() > cutoffMinutes * 60_000;
}

export interface ChangeQuote {
  /** What the booking cost (what was paid, for a paid booking). */
  oldTotal: number;
  /** What the same seats cost on the new trip. */
  newTotal: number;
  /** newTotal − oldTotal. */
  difference: number;
  /** The change fee (0 for a booking not yet paid). */
  fee: number;
  /** What the traveller pays to complete the change (0 when nothing). */
  toPay: number;
  /** What goes back to the traveller (0 when nothing). */
  refund: number;
}

/** The money of a change from `oldTotal` to `newTotal` with `fee`; `paid` false: no fee, nothing to pay or refund. */
export function changeQuote(oldTotal: number, newTotal: number, fee: number, paid: boolean): ChangeQuote {
  const difference = newTotal - oldTotal;
  if (!paid) return { oldTotal, newTotal, difference, fee: 0, toPay: 0, refund: 0 };
  const owed = difference + fee;
  return { oldTotal, newTotal, difference, fee, toPay: Math.max(owed, 0), refund: Math.max(-owed, 0) };
}
