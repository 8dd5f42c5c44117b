// The booking form's rules, in the spec's words. Multipart sends every value as text (seats and
// passengerInfo as JSON); a JSON body may send them as they are. Both arrive here as one plain object.
import { segmentFields } from '../../../shared/contract/segments.ts';
import { z } from 'zod';
import { MESSAGE_LANGUAGES } from '../../../shared/messages.ts';
import { PAYMENT_METHODS } from '../../../shared/payments.ts';
import { MAX_LENGTHS, phoneProblem } from '../../../shared/field-rules.ts';
import {
  cleanEmail,
  cleanName,
  emailProblem,
  NAME_MAX_LENGTH,
  nameProblem,
  type PassengerProblem,
} from '../../../shared/passenger.ts';
import {
  MAX_SEATS_PER_BOOKING,
  normalizePhone,
  PHONE_PATTERN,
  TICKET_ID_PATTERN,
  normalizeDigits,
} from '../../../shared/rules.ts';

export const PERSONAL_DETAILS = 'Please provide your personal details.';
export const SEAT_LIMIT = 'Please limit your seat selection to 3 or less.';
export const NO_SEAT = 'Please select at least one seat.';
export const PHONE_FORMAT = 'Phone number must be 10 digits';
export const EMAIL_FORMAT = 'Please enter a valid email address.';
export const TICKET_FORMAT = 'Ticket ID must be 13 numeric characters.';

// The passenger's rules are shared/passenger.ts's, which the public site's form checks too; here they get
// the spec's words, and each detail is stored as its rule cleans it.
const PASSENGER_WORDS: Record<PassengerProblem, string> = {
  missing: PERSONAL_DETAILS,
  tooLong: `Names must be at most ${NAME_MAX_LENGTH} characters.`,
  phone: PHONE_FORMAT,
  email: EMAIL_FORMAT,
};

/** Checks a detail by its shared rule and answers the problem in the spec's words. */
const checkedBy =
  (problemOf: (value: string) => PassengerProblem | undefined) => (value: string, ctx: z.RefinementCtx) => {
    const problem = problemOf(value);
    if (problem) ctx.addIssue({ code: 'custom', message: PASSENGER_WORDS[problem] });
  };

const name = z.string({ error: PERSONAL_DETAILS }).superRefine(checkedBy(nameProblem)).transform(cleanName);

export const passengerSchema = z.object(
  {
    firstName: name,
    lastName: name,
    phone: z
      .string({ error: PERSONAL_DETAILS })
      .superRefine(checkedBy((value) => phoneProblem(value)?.key))
      .transform(normalizePhone),
    email: z
      .string()
      .superRefine(checkedBy(emailProblem))
      .transform((value) => cleanEmail(value) || undefined)
      .optional(),
  },
  { error: PERSONAL_DETAILS },
);

const seatsSchema = z
  .array(
    z
      .number({ error: 'Seat numbers must be whole numbers.' })
      .int({ error: 'Seat numbers must be whole numbers.' }),
    {
      error: NO_SEAT,
    },
  )
  .min(1, { error: NO_SEAT })
  .max(MAX_SEATS_PER_BOOKING, { error: SEAT_LIMIT })
  .refine((seats) => new Set(seats).size === seats.length, { error: 'A seat cannot be chosen twice.' });

/** JSON sent as text by multipart forms; anything unreadable stays as it is and fails validation. */
function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const amount = z.preprocess(
  (value) => (typeof value === 'string' ? Number(normalizeDigits(value.trim())) : value),
  z
    .number({ error: 'The total price must be a number.' })
    .finite({ error: 'The total price must be a number.' }),
);

/**
 * The public site's device id: chosen once per browser and kept there, sent with a booking or a proof, so
 * that one device holds only so many unpaid bookings (MAX_UNPAID_BOOKINGS_PER_DEVICE) and its rejected
 * proofs count against it.
 */
export const deviceIdField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'The device id must be 8 to 64 letters, digits, - or _.' })
  .optional();

export const createBookingSchema = z.object({
  tripId: z
    .string({ error: 'Please choose a trip.' })
    .trim()
    .min(1, { error: 'Please choose a trip.' })
    .max(MAX_LENGTHS.reference),
  passengerInfo: z.preprocess(parseJsonText, passengerSchema),
  seats: z.preprocess(parseJsonText, seatsSchema),
  totalTicketPrice: z.preprocess(
    (value) => (Array.isArray(value) ? value[0] : value === '' ? undefined : value),
    amount.optional(),
  ),
  bookingDate: z.string().max(64).optional(),
  /** Chosen by the client once per booking attempt and sent again on a retry. */
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'The idempotency key must be 8 to 64 letters, digits, - or _.' })
    .optional(),
  deviceId: deviceIdField,
  /** The page's language (staff pick it at the counter): the traveller's text messages are written in it. */
  language: z.enum(MESSAGE_LANGUAGES, { error: 'The language must be ar or en.' }).optional(),
  /** The stretch bought (shared/contract/segments.ts): stop indexes, or the towns searched; else the ends. */
  ...segmentFields,
});

export type CreateBookingInput = z.infer<typeof createBookingSchema>;

const ticketId = z
  .string({ error: 'Please enter your ticket ID and phone number.' })
  .transform((value) => normalizeDigits(value.trim()))
  .pipe(
    z
      .string()
      .min(1, { error: 'Please enter your ticket ID and phone number.' })
      .regex(TICKET_ID_PATTERN, { error: TICKET_FORMAT }),
  );
const phone = z
  .string({ error: 'Please enter your ticket ID and phone number.' })
  .transform(normalizePhone)
  .pipe(
    z
      .string()
      .min(1, { error: 'Please enter your ticket ID and phone number.' })
      .regex(PHONE_PATTERN, { error: PHONE_FORMAT }),
  );

/** Ticket id + phone: how a traveller proves a booking is theirs. */
export const travellerProofSchema = z.object({ ticketId, phone });
export const optionalTravellerProofSchema = z
  .object({ ticketId: ticketId.optional(), phone: phone.optional() })
  .nullish();

/** moveBooking: the traveller's proof, the trip to move to, and seats (left out: theirs if free, else the first free). */
export const moveBookingSchema = travellerProofSchema
  .extend({
    tripId: z.string().min(1).max(64),
    seats: z.array(z.number().int().min(1).max(200)).min(1).max(MAX_SEATS_PER_BOOKING).optional(),
  })
  .strict();
export const requestRefundSchema = travellerProofSchema.strict();

/** changeQuote and changeBooking: the traveller's proof, the trip to change to and its seats. */
const changeFields = {
  tripId: z.string().min(1).max(64),
  seats: z.array(z.number().int().min(1).max(200)).min(1).max(MAX_SEATS_PER_BOOKING),
};
export const changeBookingSchema = travellerProofSchema
  .extend({
    ...changeFields,
    totalTicketPrice: z
      .number()
      .min(0)
      .optional()
      .describe("The quote's newTotal, in SDG: priced otherwise now, the change answers 409 PRICE_CHANGED."),
  })
  .strict();
/** The quote's query: seats as a comma-separated list ("3,4") or repeated. */
export const changeQuoteSchema = travellerProofSchema.extend({
  tripId: changeFields.tripId,
  seats: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean).map(Number) : value),
    changeFields.seats,
  ),
});

/** cancelSeats: the seats to cancel, with the traveller's proof (staff whose role may cancel send none). */
export const cancelSeatsSchema = z
  .object({ seats: seatsSchema, ticketId: ticketId.optional(), phone: phone.optional() })
  .strict();

/** The quote's seats in a query string: `seats=3` or `seats=1,3` (none: every seat of the booking). */
export const quoteQuerySchema = travellerProofSchema.extend({
  seats: z
    .string()
    .regex(/^\d{1,3}(,\d{1,3}){0,2}$/, { error: 'Seats must be 1 to 3 seat numbers separated by commas.' })
    .optional(),
});

const REFERENCE = 'Please enter the transaction number of your payment.';
const METHOD = `The payment method must be one of: ${PAYMENT_METHODS.join(', ')}.`;
export const paymentFieldsSchema = z.object({
  paymentReference: z
    .string({ error: REFERENCE })
    .trim()
    .min(3, { error: REFERENCE })
    .max(64, { error: 'The transaction number must be at most 64 characters.' }),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: METHOD }),
});
/** createBooking may carry them beside its proof (or not, when the proof comes later). */
export const optionalPaymentFieldsSchema = paymentFieldsSchema.partial();
