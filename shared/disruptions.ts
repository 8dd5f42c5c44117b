// Disruptions: the operator cancels or delays trips (one, or a route over a range of dates), with a reason in
// both languages. Pure data and functions, used by the server, the back-office and the public look-up.
//
// A cancelled trip's bookings:
//   unpaid hold without a proof ─────────────────────────────▶ cancelled (nothing to pay, nothing owed)
//   paid, or a proof not yet decided ──▶ waiting ──move──▶ moved (same ticket id, another trip of the route)
//                                           │ ──refund──▶ refunded (cancelled, refundDue = what was paid)
//                                           └─trip's time passes─▶ auto_refunded (as refunded, by the server)
// A delayed trip's bookings stay as they are (delayed: told the new time, nothing to choose).
import { addDays, departureInstant, khartoumMidnight, khartoumToday } from './rules.ts';

export const DISRUPTION_ACTIONS = ['cancel', 'delay'] as const;
export type DisruptionAction = (typeof DISRUPTION_ACTIONS)[number];

export const DISRUPTION_STATES = ['waiting', 'moved', 'refunded', 'auto_refunded', 'delayed'] as const;
export type DisruptionState = (typeof DISRUPTION_STATES)[number];

/** Days after a cancelled trip's date within which its travellers may move to another trip of the route. */
export const MOVE_WINDOW_DAYS = 7;
/** Trips one disruption may touch (a corridor for a month has ~60). */
export const MAX_DISRUPTED_TRIPS = 400;

/** The dates a waiting traveller may move to: from today (Khartoum) to the cancelled trip's date + the window. */
export function moveWindow(
  tripDate: string,
  now: Date,
  days = MOVE_WINDOW_DAYS,
): { from: string; until: string } {
  return { from: khartoumToday(now), until: addDays(tripDate, days) };
}

/**
 * Whether a waiting booking may still choose: until the cancelled trip's departure time (after it, the server
 * refunds in full on its own).
 */
export function choiceOpen(tripDate: string, boardingTime: string, now: Date): boolean {
  return departureInstant(tripDate, boardingTime).getTime() > now.getTime();
}

/** The reason told when staff cancel a trip without giving one. */
export const DEFAULT_CANCEL_REASON = {
  en: 'cancelled by the bus company',
  ar: 'ألغتها شركة البصات',
} as const;

/** The start of a Khartoum day as an instant (the search for trips to move to starts at today's). */
export const dayStart = (date: string) => new Date(khartoumMidnight(date));
