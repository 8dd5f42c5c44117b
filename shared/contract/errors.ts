// Error answers, as server/http/error-handler.ts sends them: {message, errors?, code?, …}. The message is for
// people (the specification's words where it has some); `errors` names the fields of a form that failed;
// `code` names the conflicts a client handles in its own way, with the details it needs to recover.
import { z } from 'zod';
import { PAYMENT_STATUSES } from '../payments.ts';
import { paymentFlags } from './answers.ts';

export const ERROR_CODES = [
  'TOO_MANY_TRIPS',
  'BUS_HAS_BOOKINGS',
  'OTHER_COMPANY_BUS',
  'DELAY_ONE_DAY',
  'SEATS_TAKEN',
  'PRICE_CHANGED',
  'TRIP_UNAVAILABLE',
  'KEY_REUSED',
  'KEY_CANCELLED',
  'UNPAID_LIMIT',
  'CODE_LIMIT',
  'CODE_EXPIRED',
  'WRONG_CODE',
  'SEATS_SOLD_BEYOND',
  'PROOF_NOT_WANTED',
  'BOOKING_CANCELLED',
  'ALREADY_DECIDED',
  'DUPLICATE_PROOF',
  'NO_REFUND_DUE',
  'REFUND_ALREADY_PAID',
  'NO_PROOF',
  'OWN_ACCOUNT',
  'LAST_ADMIN',
  'TRIP_DEPARTED',
  'NOT_DOOR_TRIP',
  'TOO_MANY_SCANS',
  'TRAVELLER_SEAT',
  'BOOKING_LIVE',
  'NOTE_REQUIRED',
  'REFUND_AWAITS_CONFIRMATION',
  'REFUND_AMOUNT_CHANGED',
  'PROOF_SENT',
  'HOLD_LAPSED',
  'NO_CASH_REFUND',
  'MESSAGE_PENDING',
  'MESSAGE_OUTDATED',
  'TRIP_CLOSED',
  'ROLE_CANNOT_CANCEL',
  'BUS_BUSY',
  'SEAT_NOT_IN_BOOKING',
  'ROUTE_INVALID',
  'PAIR_NOT_FOR_SALE',
  'STOPS_IN_USE',
  'NO_OPEN_SHIFT',
  'REFERENCE_REQUIRED',
  'REFERENCE_USED',
  'RATE_LIMITED',
  'ADMIN_ONLY',
  'SHIFT_ALREADY_OPEN',
  'SHIFT_CLOSED',
  'NOT_YOUR_SHIFT',
  'NOT_YOUR_TRIP',
  'NOT_A_CONDUCTOR',
  'CONDUCTOR_OTHER_COMPANY',
  'FORMS_BUSY',
  'FORMS_PHONE_LIMIT',
  'NO_OWN_ACCOUNT',
  'PROOF_CHANGED',
  'REFUND_REFERENCE_USED',
] as const;
export const errorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCode>;

export const errorBody = z.object({
  message: z.string().min(1),
  /** Field name → message, for a form to show beside each field. */
  errors: z.record(z.string(), z.string()).optional(),
  code: errorCode.optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A delete refused because other documents still refer to this one: how many, by resource. */
export const deleteConflictBody = errorBody.extend({
  referencedBy: z.record(z.string(), z.number().int().positive()).optional(),
});

/**
 * An update refused because a seat is sold beyond the bus it would leave (a bus shrunk, a trip moved to a
 * smaller bus), or, without a code, because a unique value is taken (`errors` names the field).
 */
/** A bus is on one trip at a time: the other trip it would be on, at that date and boarding time. */
export const busBusyBody = errorBody.extend({
  code: z.literal('BUS_BUSY'),
  tripId: z.string().min(1),
  trip_date: z.iso.date(),
  trip_boarding_time: z.string(),
});

export const capacityConflictBody = z.union([
  busBusyBody,
  errorBody.extend({
    code: z.literal('SEATS_SOLD_BEYOND'),
    /** The highest seat sold on a trip that has not departed, and the seats the bus would have. */
    highestSeat: z.number().int().positive(),
    seats: z.number().int(),
  }),
  errorBody.extend({
    code: z.enum(['BUS_HAS_BOOKINGS', 'OTHER_COMPANY_BUS']),
    /** Bookings sold for the bus's company (live, or owed a refund) that would change company with it. */
    bookings: z.number().int().positive(),
  }),
  errorBody,
]);

/**
 * Too many unpaid bookings of this phone, of this client address or of this device, or of seats waiting for
 * payment on this trip (a booking whose proof holds is never refused for the trip); an unpaid booking changed
 * to another trip meets that trip's limits.
 */
export const unpaidLimitBody = errorBody.extend({
  code: z.literal('UNPAID_LIMIT'),
  scope: z.enum(['phone', 'address', 'device', 'trip']),
  limit: z.number().int().positive(),
});

/**
 * A traveller's form (a lost-item report, an enquiry) not stored: too many from this address this minute
 * (RATE_LIMITED), from everyone this hour (FORMS_BUSY), or from this phone number in 24 hours
 * (FORMS_PHONE_LIMIT, `limit` of them); `until` and Retry-After say when a place frees.
 */
export const formLimitBody = z.union([
  errorBody.extend({ code: z.literal('RATE_LIMITED') }),
  errorBody.extend({ code: z.literal('FORMS_BUSY'), until: z.iso.datetime() }),
  errorBody.extend({
    code: z.literal('FORMS_PHONE_LIMIT'),
    until: z.iso.datetime(),
    limit: z.number().int().positive(),
  }),
]);

/** createBooking's 409s: every one carries a code, and what a client needs to recover. */
export const bookingConflictBody = z.discriminatedUnion('code', [
  errorBody.extend({ code: z.literal('SEATS_TAKEN'), takenSeats: z.array(z.number().int()).min(1) }),
  errorBody.extend({
    code: z.literal('PRICE_CHANGED'),
    /** The ticket price now, and the total for the seats asked for. */
    price: z.number(),
    totalTicketPrice: z.number(),
  }),
  unpaidLimitBody,
  errorBody.extend({ code: z.enum(['TRIP_UNAVAILABLE', 'KEY_REUSED', 'KEY_CANCELLED']) }),
  /** A counter sale by staff with no open shift (cash-up): open one first. */
  errorBody.extend({ code: z.literal('NO_OPEN_SHIFT') }),
]);
export type BookingConflict = z.infer<typeof bookingConflictBody>;

/**
 * counterSale's 409s: createBooking's, and a transaction number that already paid a booking (the seller's
 * company's bookings named, others counted).
 */
export const counterSaleConflictBody = z.union([
  bookingConflictBody,
  errorBody.extend({
    code: z.literal('REFERENCE_USED'),
    usedBy: z.array(z.object({ _id: z.string(), ticketId: z.string() })),
    usedElsewhere: z.number().int().nonnegative(),
  }),
]);

/** submitProof's 409: the booking wants no proof now; its payment status says why. */
export const proofConflictBody = errorBody.extend({
  code: z.literal('PROOF_NOT_WANTED'),
  /** verified, proof_submitted, expired (a lapsed hold, swept or not), or cancelled. */
  paymentStatus: z.enum([...PAYMENT_STATUSES, 'cancelled']),
});

const bookingCancelled = errorBody.extend({ code: z.literal('BOOKING_CANCELLED') });
const alreadyDecided = errorBody.extend({
  code: z.literal('ALREADY_DECIDED'),
  /** The status the payment is in, from which this decision cannot be taken. */
  paymentStatus: z.enum(PAYMENT_STATUSES),
});

/** rejectPayment's 409s: also a booking that has no proof to reject yet. */
export const decisionConflictBody = z.discriminatedUnion('code', [
  bookingCancelled,
  alreadyDecided,
  errorBody.extend({ code: z.literal('NO_PROOF') }),
]);

/**
 * verifyPayment's 409s: also a payment flagged as another booking's, verified only with an override, and one
 * with no proof, verified only with a note.
 */
export const verifyConflictBody = z.discriminatedUnion('code', [
  bookingCancelled,
  alreadyDecided,
  errorBody.extend({ code: z.literal('NOTE_REQUIRED') }),
  errorBody.extend({ code: z.literal('DUPLICATE_PROOF'), flags: paymentFlags }),
  errorBody.extend({ code: z.literal('PROOF_CHANGED') }),
]);

/** checkCancelledProof's 409s: a live booking (its proof is the queue's), no proof, decided, or flagged. */
export const cancelledProofConflictBody = z.discriminatedUnion('code', [
  errorBody.extend({ code: z.literal('BOOKING_LIVE') }),
  errorBody.extend({ code: z.literal('NO_PROOF') }),
  alreadyDecided,
  errorBody.extend({ code: z.literal('DUPLICATE_PROOF'), flags: paymentFlags }),
]);

/**
 * cancelSeats' 409s (and cancellationQuote's for seats): a seat the booking does not hold (`seats`), a booking
 * already cancelled, a trip that left or that the operator cancelled.
 */
export const seatsCancelConflictBody = z.discriminatedUnion('code', [
  errorBody.extend({ code: z.literal('SEAT_NOT_IN_BOOKING'), seats: z.array(z.number().int()).min(1) }),
  errorBody.extend({ code: z.enum(['BOOKING_CANCELLED', 'TRIP_DEPARTED', 'TRIP_UNAVAILABLE']) }),
]);

/** payInCash's 409s. */
export const payInCashConflictBody = z.union([
  errorBody.extend({ code: z.literal('PRICE_CHANGED'), totalTicketPrice: z.number() }),
  errorBody.extend({ code: z.literal('ALREADY_DECIDED'), paymentStatus: z.string() }),
  errorBody.extend({ code: z.enum(['NO_OPEN_SHIFT', 'PROOF_SENT', 'HOLD_LAPSED', 'BOOKING_CANCELLED']) }),
]);

/** markRefundPaid's 409s. */
export const refundConflictBody = z.union([
  errorBody.extend({
    code: z.enum([
      'NO_REFUND_DUE',
      'REFUND_ALREADY_PAID',
      'REFUND_AWAITS_CONFIRMATION',
      'NO_CASH_REFUND',
      'REFUND_REFERENCE_USED',
    ]),
  }),
  errorBody.extend({ code: z.literal('REFUND_AMOUNT_CHANGED'), refundDue: z.number() }),
]);

const ERROR_MEANINGS = {
  400: 'The request is not valid: the specification’s message, with one message per field in `errors`.',
  401: 'No valid access token, or wrong sign-in details.',
  403: 'Not allowed: the caller’s role does not allow this call (or, for a traveller, the ticket ID and phone number do not match).',
  404: 'Nothing has this identifier.',
  409: 'Conflicts with the stored data.',
  413: 'The request body (or the payment screenshot) is too large.',
  415: 'This content type is not supported (or the screenshot is not a JPEG, PNG, WebP or HEIC image).',
  429: 'Too many requests from this address (or for this account): wait and try again.',
  500: 'Something went wrong on the server; the message hides its details.',
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** The error answers of `statuses`, each described; every call may also answer 500. */
export function errorAnswers(...statuses: ErrorStatus[]): Partial<Record<ErrorStatus, z.ZodType>> {
  const answers: Partial<Record<ErrorStatus, z.ZodType>> = {};
  for (const status of [...statuses, 500 as const])
    answers[status] = errorBody.describe(ERROR_MEANINGS[status]);
  return answers;
}
