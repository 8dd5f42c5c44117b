// How the bookings' and payments' outcomes are answered over HTTP: the words (English, the specification's
// where it has them) and codes each refusal gets, and the booking answer with its ticket.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { type RefusalTable, refusalError } from '../../http/refusals.ts';
import type { Document } from '../crud/row-mapper.ts';
import { pairNotForSale, type ProofOutcome, type SaleRefusal, travellerView } from '../../sales/index.ts';
import { signedTicketCode, ticketData } from './ticket.ts';
import type { TripDetails } from '../../../shared/contract/documents.ts';
import { ticketStops } from '../boarding/trip-stops.ts';

const seatWord = (seats: number[]) =>
  seats.length === 1 ? `Seat ${seats[0]} has` : `Seats ${seats.join(', ')} have`;

const UNAVAILABLE = {
  cancelled: 'This trip has been cancelled and takes no more bookings.',
  departed: 'This trip has already departed and takes no more bookings.',
  out_of_service: "This trip's bus is out of service; it takes no bookings for now.",
};

const UNPAID_LIMIT = {
  phone: (limit: number) =>
    `This phone number already has ${limit} bookings waiting for payment. Please pay for them, or wait until they expire, before booking again.`,
  // Bookings in all, or seats on this trip: the body's limit says which number was reached.
  address: () =>
    'Too many bookings made from this connection are already waiting for payment. Please try again once they are paid or have expired, or book at a ticket office.',
  device: (limit: number) =>
    `${limit} bookings made on this device are already waiting for payment. Please pay for them, or wait until they expire, before booking again.`,
  trip: () =>
    'Too many seats on this trip are waiting for payment right now. Pay first and attach your payment proof to book at once, or try again later.',
};

const COUNTER_REFERENCE =
  'A payment that is not cash needs its transaction number: it is how the sale is found on the bank statement.';

/** How each refused sale is answered. */
const SALE_REFUSALS: RefusalTable<SaleRefusal, 'code'> = {
  TRIP_NOT_FOUND: () => notFound('This trip does not exist.'),
  PAIR_NOT_FOR_SALE: () => pairNotForSale(),
  TRIP_UNAVAILABLE: (refusal) => conflict(UNAVAILABLE[refusal.reason], { code: 'TRIP_UNAVAILABLE' }),
  SEAT_OUT_OF_RANGE: (refusal) => {
    const message = `Seat numbers must be from 1 to ${refusal.capacity}.`;
    return badRequest(message, { seats: message });
  },
  PRICE_CHANGED: (refusal) =>
    conflict(`The price has changed: the total for ${refusal.seats} seat(s) is now ${refusal.total} SDG.`, {
      code: 'PRICE_CHANGED',
      price: refusal.price,
      totalTicketPrice: refusal.total,
    }),
  SEATS_TAKEN: (refusal) =>
    conflict(`${seatWord(refusal.seats)} just been taken. Please choose other seats.`, {
      code: 'SEATS_TAKEN',
      takenSeats: refusal.seats,
    }),
  KEY_REUSED: () =>
    conflict('This idempotency key was already used for another booking.', { code: 'KEY_REUSED' }),
  KEY_CANCELLED: () =>
    conflict('The booking made with this idempotency key has been cancelled.', { code: 'KEY_CANCELLED' }),
  UNPAID_LIMIT: (refusal) =>
    conflict(UNPAID_LIMIT[refusal.scope](refusal.limit), {
      code: 'UNPAID_LIMIT',
      scope: refusal.scope,
      limit: refusal.limit,
    }),
  TRAVELLER_SEAT: (refusal) => {
    const message = `Seat ${refusal.seat} is not one of this booking's seats.`;
    return badRequest(message, { passengers: message });
  },
  PROOF_NOT_IMAGE: () =>
    new HttpError(415, 'The payment screenshot must be a JPEG, PNG, WebP or HEIC image.'),
  PROOF_TOO_LARGE: () => new HttpError(413, 'The payment screenshot is too large.'),
  REFERENCE_REQUIRED: () =>
    new HttpError(400, COUNTER_REFERENCE, {
      code: 'REFERENCE_REQUIRED',
      errors: { paymentReference: COUNTER_REFERENCE },
    }),
  REFERENCE_USED: (refusal) =>
    conflict(
      'This transaction number already paid another booking: one transfer pays one booking. Please take another payment.',
      { code: 'REFERENCE_USED', usedBy: refusal.usedBy, usedElsewhere: refusal.usedElsewhere },
    ),
  NO_OPEN_SHIFT: () =>
    conflict(
      'You have no open shift: open your shift with the cash in the drawer before selling at the counter.',
      {
        code: 'NO_OPEN_SHIFT',
      },
    ),
};

/** A refused sale as the API answers it. */

export const bookingRefusalError = (refusal: SaleRefusal): HttpError =>
  refusalError(SALE_REFUSALS, refusal, 'code');

const NOT_WAITING: Record<string, string> = {
  verified: 'This booking is already paid.',
  proof_submitted: 'A payment proof for this booking is already being checked.',
  expired: 'This booking has expired and its seats were released. Please book again.',
  cancelled: 'This booking has been cancelled.',
};

/** A later proof refused: why, in words and a code the public site says in its own language. */
const PROOF_REFUSALS: RefusalTable<Extract<ProofOutcome, { refused: string }>> = {
  NOT_FOUND: () => notFound('No booking matches this ticket ID and phone number.'),
  NOT_WAITING: (refusal) =>
    conflict(NOT_WAITING[refusal.status] ?? 'This booking has been cancelled.', {
      code: 'PROOF_NOT_WANTED',
      paymentStatus: refusal.status,
    }),
  PROOF_NOT_IMAGE: () => SALE_REFUSALS.PROOF_NOT_IMAGE({ code: 'PROOF_NOT_IMAGE' }),
  PROOF_TOO_LARGE: () => SALE_REFUSALS.PROOF_TOO_LARGE({ code: 'PROOF_TOO_LARGE' }),
};

export const proofRefusalError = (outcome: Extract<ProofOutcome, { refused: string }>): HttpError =>
  refusalError(PROOF_REFUSALS, outcome);

/** A booking as the traveller gets it with its ticket (PDF as base64, or null when it could not be made). */
export async function ticketAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  booking: Document,
  trip: TripDetails,
) {
  let pdfBlob: string | null = null;
  try {
    // A trip with stops: the ticket names the traveller's own (issue 23).
    const { stops, legs } = await ticketStops(app.db, String(booking._id), trip.trip_stops);
    const data = ticketData({ ...booking, ...legs }, trip, app.ticketSigner, stops);
    pdfBlob = (await app.tickets.render(data)).toString('base64');
  } catch (error) {
    request.log.error({ err: error }, 'ticket PDF failed');
  }
  const ticketCode = signedTicketCode({ ...booking, tripId: String(trip._id) }, app.ticketSigner);
  return { booking: travellerView(booking), ticketCode, pdfBlob };
}
