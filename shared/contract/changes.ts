// Contracts of another day (shared/booking-change.ts): the quote of a change and the change itself, both
// proven by the ticket id and phone.
import { z } from 'zod';
import { errorBody, unpaidLimitBody } from './errors.ts';
import { route } from './route.ts';

export const CHANGE_REFUSALS = [
  'CHANGE_CLOSED',
  'PAYMENT_UNDER_REVIEW',
  'CHANGE_PENDING',
  'TRIP_UNAVAILABLE',
  'SEAT_COUNT',
  'SEAT_OUT_OF_RANGE',
] as const;

const money = {
  oldTotal: z.number().min(0).describe('What the booking costs now, in SDG (what was paid, when paid).'),
  newTotal: z.number().min(0).describe('What the same number of seats costs on the new trip.'),
  difference: z.number().describe('newTotal − oldTotal.'),
  fee: z
    .number()
    .min(0)
    .describe("The change fee of the booking's refund rules (0 for a booking not yet paid)."),
  toPay: z.number().min(0).describe('What the traveller pays to complete the change (0: none).'),
  refund: z.number().min(0).describe('What goes back to the traveller (recorded as refund due).'),
};

export const changeQuoteAnswer = z.object({
  bookingId: z.string(),
  ticketId: z.string(),
  ...money,
  until: z.iso
    .datetime()
    .describe('The last instant the booking may be changed (15 minutes before departure).'),
});

export const changeAnswer = z.object({
  bookingId: z.string(),
  ticketId: z.string().describe('The ticket id, unchanged.'),
  ...money,
  state: z
    .enum(['changed', 'awaiting_payment'])
    .describe(
      'changed: on the new trip now; awaiting_payment: the new seats are held until `change.deadline`.',
    ),
  change: z
    .object({
      ticketId: z.string().describe('Pay under this reference: the proof is sent with it (submitProof).'),
      deadline: z.iso.datetime(),
    })
    .nullable()
    .describe('A change awaiting payment of the difference; null when done at once.'),
});

/** The refusals of a change (409). */
export const changeConflictBody = z.discriminatedUnion('code', [
  errorBody.extend({ code: z.literal('SEATS_TAKEN'), takenSeats: z.array(z.number().int()) }),
  errorBody.extend({ code: z.literal('PRICE_CHANGED'), totalTicketPrice: z.number() }),
  unpaidLimitBody,
  errorBody.extend({ code: z.enum(CHANGE_REFUSALS) }),
]);

const conflicts = changeConflictBody.describe(
  'SEATS_TAKEN (takenSeats); CHANGE_CLOSED (15 minutes or less before departure, or the trip was cancelled); PAYMENT_UNDER_REVIEW (a proof waits for staff); CHANGE_PENDING (a change awaits payment); TRIP_UNAVAILABLE (not a trip of the same route, cancelled, or leaving within 15 minutes); SEAT_COUNT (not as many seats as the booking has); SEAT_OUT_OF_RANGE; PRICE_CHANGED (totalTicketPrice: the new total now, when the one sent differs); UNPAID_LIMIT (scope, limit: a booking not yet paid moves onto a trip only within its limits on unpaid seats, as a sale there would).',
);

export const changeContract = {
  changeQuote: route('GET', '/api/bookings/changeQuote', { 200: changeQuoteAnswer }, [400, 404, 429], {
    409: conflicts,
  }),
  changeBooking: route('POST', '/api/bookings/changeBooking', { 200: changeAnswer }, [403, 404, 429], {
    409: conflicts,
  }),
};

export type ChangeQuoteAnswer = z.infer<typeof changeQuoteAnswer>;
export type ChangeAnswer = z.infer<typeof changeAnswer>;
