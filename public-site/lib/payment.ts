// A booking's payment as the traveller reads it: which status to show now, whether a proof is wanted, the
// deadline on Khartoum's clock and the time left. Pure functions; the words live in the message files.
import {
  hasLapsed,
  PROOF_WANTED_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from '../../shared/payments.ts';
import { khartoumClock } from '../../shared/rules.ts';
import type { TravellerBooking } from './types.ts';

export type { PaymentMethod, PaymentStatus };

/** What the payment views read of a booking (createBooking's answer and a look-up's both carry it). */
export type PaymentFacts = Pick<
  TravellerBooking,
  | '_id'
  | 'ticketId'
  | 'passengerInfo'
  | 'totalTicketPrice'
  | 'isCancelled'
  | 'paymentStatus'
  | 'paymentDeadline'
  | 'reviewDeadline'
  | 'paymentMethod'
  | 'rejectionReason'
  | 'refundDue'
  | 'refundPaidAt'
>;

const PAYMENT_FIELDS = [
  'isCancelled',
  'paymentStatus',
  'paymentDeadline',
  'reviewDeadline',
  'paymentMethod',
  'rejectionReason',
  'refundDue',
  'refundPaidAt',
] as const;

/** The payment fields of an answer (a booking the server sent), to update the one on screen in place. */
export function paymentPatch(source: Record<string, unknown>): Partial<PaymentFacts> {
  const patch: Record<string, unknown> = {};
  for (const field of PAYMENT_FIELDS) if (field in source) patch[field] = source[field];
  return patch;
}

/** The server's limits on a transaction number (submitProof's paymentReference), after trimming. */
export const REFERENCE_MAX_LENGTH = 64;
export const isValidReference = (text: string) => {
  const length = text.trim().length;
  return length >= 3 && length <= REFERENCE_MAX_LENGTH;
};

/** The status to show at `now`: an unpaid hold past its deadline has expired, even before the server's sweep. */
export function shownStatus(booking: PaymentFacts, now: number): PaymentStatus {
  return hasLapsed(booking.paymentStatus, booking.paymentDeadline, new Date(now))
    ? 'expired'
    : booking.paymentStatus;
}

export const wantsProof = (booking: PaymentFacts, status: PaymentStatus) =>
  !booking.isCancelled && PROOF_WANTED_STATUSES.includes(status);

/** An instant on Khartoum's clock: "HH:MM", and its day (YYYY-MM-DD) when that is not today there. */
export function khartoumTime(iso: string, now: number): { time: string; day: string | null } {
  const clock = khartoumClock(new Date(iso));
  const day = clock.slice(0, 10);
  return { time: clock.slice(11, 16), day: day === khartoumClock(new Date(now)).slice(0, 10) ? null : day };
}

/** Time left, "M:SS" or from an hour "H:MM:SS". */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** The booking form's payment: the proof now (with its transaction number and method) or later. */
export interface PaymentDraft {
  when: 'now' | 'later';
  reference: string;
  /** Null until the traveller picks one: the default follows the operator's accounts. */
  method: PaymentMethod | null;
}

export const emptyPaymentDraft: PaymentDraft = { when: 'now', reference: '', method: null };

/**
 * What keeps the booking form's payment from going on: no proof yet (or still being prepared) when paying
 * now, or a transaction number that cannot be one (it may be left empty with the proof: staff read it there).
 */
export function paymentDraftProblem(
  draft: PaymentDraft,
  proofStatus: 'none' | 'preparing' | 'ready' | 'error',
): 'needProof' | 'preparing' | 'reference' | null {
  if (draft.when === 'later') return null;
  if (proofStatus === 'preparing') return 'preparing';
  if (proofStatus !== 'ready') return 'needProof';
  return draft.reference.trim() === '' || isValidReference(draft.reference) ? null : 'reference';
}

/** The method offered first: the one the operator publishes an account for. */
export function defaultMethod(instructions: { bankakAccount: string; wallets: unknown[] } | undefined) {
  return !instructions?.bankakAccount && instructions?.wallets.length ? 'mobile_money' : 'bankak';
}
