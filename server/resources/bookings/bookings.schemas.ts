// The booking form's rules, in the spec's words. Multipart sends every value as text (seats and
// passengerInfo as JSON); a JSON body may send them as they are. Both arrive here as one plain object.
import { z } from 'zod';
import {
  EMAIL_PATTERN,
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

/** Control and invisible formatting characters have no place in a name printed on a ticket. */
const stripInvisible = (value: string) =>
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '');

const name = z
  .string({ error: PERSONAL_DETAILS })
  .transform((value) => stripInvisible(value).trim())
  .pipe(
    z
      .string()
      .min(1, { error: PERSONAL_DETAILS })
      .max(100, { error: 'Names must be at most 100 characters.' }),
  );

export const passengerSchema = z.object(
  {
    firstName: name,
    lastName: name,
    phone: z
      .string({ error: PERSONAL_DETAILS })
      .transform(normalizePhone)
      .pipe(z.string().min(1, { error: PERSONAL_DETAILS }).regex(PHONE_PATTERN, { error: PHONE_FORMAT })),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(200, { error: EMAIL_FORMAT })
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || EMAIL_PATTERN.test(value), { error: EMAIL_FORMAT }),
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

export const createBookingSchema = z.object({
  tripId: z
    .string({ error: 'Please choose a trip.' })
    .trim()
    .min(1, { error: 'Please choose a trip.' })
    .max(64),
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
