// Contracts of the bookings' hand-written calls (getAllBookings and getBooking are generated: crud.ts).
import { z } from 'zod';
import { MESSAGE_LANGUAGES } from '../messages.ts';
import { MAX_SEATS_PER_BOOKING } from '../rules.ts';
import { bookingCreated, bookingMatch, cancellationQuote, seatsCancelled } from './answers.ts';
import { PAYMENT_METHODS } from '../payments.ts';
import { bookingDocument, travellerBookingDocument } from './documents.ts';
import { binary, deviceId } from './fields.ts';
import { bookingConflictBody, errorBody, seatsCancelConflictBody } from './errors.ts';
import { route } from './route.ts';
import { segmentFields } from './segments.ts';

/** createBooking's multipart form, as the public site sends it (JSON lists and objects as text). */
export const createBookingForm = z.object({
  tripId: z.string().describe('The _id of the trip.'),
  seats: z.string().describe(`A JSON list of 1 to ${MAX_SEATS_PER_BOOKING} seat numbers, e.g. [3,4].`),
  passengerInfo: z.string().describe('JSON: {"firstName", "lastName", "phone" (10 digits), "email"?}.'),
  totalTicketPrice: z
    .string()
    .optional()
    .describe('The total the traveller was shown, in SDG: a changed price answers 409 PRICE_CHANGED.'),
  bookingDate: z
    .string()
    .optional()
    .describe('When the traveller booked (ISO 8601); the server keeps its own time.'),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional()
    .describe(
      'Chosen once per booking attempt and sent again on a retry: the retry answers the same booking.',
    ),
  deviceId,
  bankakScreenshot: binary
    .optional()
    .describe('The payment proof: a JPEG, PNG, WebP or HEIC image, at most 5 MB.'),
  paymentReference: z
    .string()
    .optional()
    .describe('The transaction number of the payment, beside its proof.'),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  language: z
    .enum(MESSAGE_LANGUAGES)
    .optional()
    .describe("The page's language: the traveller's text messages are written in it (Arabic when absent)."),
  ...segmentFields,
});

export const bookingContract = {
  createBooking: {
    ...route('POST', '/api/bookings/createBooking', { 201: bookingCreated }, [404, 429], {
      409: bookingConflictBody.describe(
        'SEATS_TAKEN (takenSeats), PRICE_CHANGED (price, totalTicketPrice), UNPAID_LIMIT (scope: phone, address, device or trip; limit), TRIP_UNAVAILABLE, KEY_REUSED or KEY_CANCELLED.',
      ),
      429: errorBody.describe(
        'Too many bookings from this address, or too many bytes of payment proofs in the last hour: wait and try again.',
      ),
    }),
    form: createBookingForm,
  },
  filterBookings: route('GET', '/api/bookings/filterBookings', { 200: z.array(bookingMatch) }, [400, 429]),
  ticket: route(
    'GET',
    '/api/bookings/ticket',
    {
      200: {
        description: 'The ticket of the live booking with this ticket id and phone, again.',
        content: { 'application/pdf': { schema: binary } },
      },
    },
    [400, 404, 429],
  ),
  cancellationQuote: route(
    'GET',
    '/api/bookings/cancellationQuote',
    { 200: cancellationQuote },
    [400, 404, 429],
    {
      409: seatsCancelConflictBody.describe(
        'SEAT_NOT_IN_BOOKING (seats): a seat asked for is not one of the booking’s. TRIP_UNAVAILABLE: the operator cancelled the trip (a free move or a full refund instead: requestRefund).',
      ),
    },
  ),
  cancelBooking: route(
    'PATCH',
    '/api/bookings/cancelBooking/:id',
    // A traveller may call it: the answer is the traveller's view, staff or not (the back-office refetches).
    { 200: travellerBookingDocument.describe('The booking, cancelled.') },
    [403, 404, 409, 429],
  ),
  cancelSeats: route(
    'PATCH',
    '/api/bookings/cancelSeats/:id',
    {
      200: seatsCancelled
        .extend({
          booking: travellerBookingDocument.describe('The booking as it is now, with its other seats.'),
        })
        .describe('The seats cancelled and their refund; cancelling every seat cancels the booking.'),
    },
    [403, 404, 429],
    {
      409: seatsCancelConflictBody.describe(
        'SEAT_NOT_IN_BOOKING (seats), BOOKING_CANCELLED, TRIP_DEPARTED, or TRIP_UNAVAILABLE (the operator cancelled the trip).',
      ),
    },
  ),
  deleteBooking: route(
    'DELETE',
    '/api/bookings/deleteBooking/:id',
    { 200: bookingDocument.describe('The deleted booking.') },
    [400, 401, 404],
  ),
};
