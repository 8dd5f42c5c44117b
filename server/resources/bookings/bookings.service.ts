// The sale and what follows it, in one place: the rules of selling seats, cancelling and deleting bookings,
// and the payment proof's life. Each call answers a typed outcome; the routes only translate it into HTTP.
import { hasDeparted, totalPrice } from '../../../shared/rules.ts';
import { BUS_OUT_OF_SERVICE } from '../../../shared/rules.ts';
import type { Db } from '../../db/schema.ts';
import type { Document } from '../crud/row-mapper.ts';
import { cachedTripDetails } from '../trips/trips.repository.ts';
import type { CreateBookingInput } from './bookings.schemas.ts';
import {
  cancelBooking,
  deleteBooking,
  findBooking,
  findByIdempotencyKey,
  findByTicket,
  insertBooking,
} from './bookings.repository.ts';
import { isTooLarge, recogniseImage } from './image-check.ts';
import { removeUpload, storeUpload } from './uploads.ts';

export interface BookingContext {
  db: Db;
  dataDir: string;
  now?: () => Date;
}

/** Why a sale is refused; the route says it in words and HTTP. */
export type SaleRefusal =
  | { code: 'TRIP_NOT_FOUND' }
  | { code: 'TRIP_UNAVAILABLE'; reason: 'cancelled' | 'departed' | 'out_of_service' }
  | { code: 'SEAT_OUT_OF_RANGE'; capacity: number }
  | { code: 'PRICE_CHANGED'; seats: number; price: number; total: number }
  | { code: 'SEATS_TAKEN'; seats: number[] }
  | { code: 'KEY_REUSED' }
  | { code: 'KEY_CANCELLED' }
  | { code: 'PROOF_NOT_IMAGE' }
  | { code: 'PROOF_TOO_LARGE' };

export type SaleOutcome = { sold: Document; trip: Document; replayed: boolean } | { refused: SaleRefusal };

type Populated = Record<string, any>;

const sameSeats = (a: number[], b: number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((seat, i) => seat === [...b].sort((x, y) => x - y)[i]);

/**
 * A resent attempt whose first answer was lost gets the booking it already made, but only when it asks for
 * the same thing (trip, seats, phone); a key is never a way to read someone else's booking.
 */
function replay(earlier: Document, input: CreateBookingInput): { refused: SaleRefusal } | undefined {
  const phone = (earlier.passengerInfo as { phone: string }).phone;
  if (
    earlier.tripId !== input.tripId ||
    !sameSeats(earlier.seats as number[], input.seats) ||
    phone !== input.passengerInfo.phone
  )
    return { refused: { code: 'KEY_REUSED' } };
  if (earlier.isCancelled) return { refused: { code: 'KEY_CANCELLED' } };
  return undefined;
}

/** Sells the seats of `input` on its trip, with an optional payment proof (image bytes). */
export async function sell(
  ctx: BookingContext,
  input: CreateBookingInput,
  proof?: Buffer,
): Promise<SaleOutcome> {
  const { db } = ctx;
  const earlier = input.idempotencyKey ? await findByIdempotencyKey(db, input.idempotencyKey) : undefined;
  if (earlier) {
    const refused = replay(earlier, input);
    if (refused) return refused;
    return { sold: earlier, trip: (await cachedTripDetails(db, input.tripId))!, replayed: true };
  }

  const trip = await cachedTripDetails(db, input.tripId);
  if (!trip) return { refused: { code: 'TRIP_NOT_FOUND' } };
  const bus = trip.busId as Populated;
  const unavailable = trip.isCancelled
    ? 'cancelled'
    : hasDeparted(String(trip.trip_date), String(trip.trip_boarding_time), ctx.now?.())
      ? 'departed'
      : bus.bus_status === BUS_OUT_OF_SERVICE
        ? 'out_of_service'
        : undefined;
  if (unavailable) return { refused: { code: 'TRIP_UNAVAILABLE', reason: unavailable } };
  const capacity = Number(bus.bus_number_of_seats);
  if (input.seats.some((seat) => seat < 1 || seat > capacity))
    return { refused: { code: 'SEAT_OUT_OF_RANGE', capacity } };
  const price = Number((trip.trip_ticket_priceId as Populated).price);
  const total = totalPrice(input.seats.length, price);
  if (input.totalTicketPrice !== undefined && Math.abs(input.totalTicketPrice - total) > 0.005) {
    return { refused: { code: 'PRICE_CHANGED', seats: input.seats.length, price, total } };
  }

  let proofUrl: string | null = null;
  if (proof) {
    const image = await recogniseImage(proof);
    if (!image) return { refused: { code: 'PROOF_NOT_IMAGE' } };
    if (isTooLarge(proof, image.mime)) return { refused: { code: 'PROOF_TOO_LARGE' } };
    proofUrl = (await storeUpload(ctx.dataDir, proof, image.ext)).url;
  }
  // The proof's file is kept only by the booking that this call sold; every other ending removes it.
  let kept = false;
  try {
    const outcome = await insertBooking(db, {
      tripId: input.tripId,
      seats: input.seats,
      passenger: input.passengerInfo,
      total,
      bankakScreenshot: proofUrl,
      idempotencyKey: input.idempotencyKey,
    });
    if ('sold' in outcome) {
      kept = true;
      return { sold: outcome.sold, trip, replayed: false };
    }
    if ('earlier' in outcome)
      return replay(outcome.earlier, input) ?? { sold: outcome.earlier, trip, replayed: true };
    if ('takenSeats' in outcome) return { refused: { code: 'SEATS_TAKEN', seats: outcome.takenSeats } };
    if ('capacity' in outcome) return { refused: { code: 'SEAT_OUT_OF_RANGE', capacity: outcome.capacity } };
    return { refused: { code: 'TRIP_UNAVAILABLE', reason: outcome.unavailable } };
  } finally {
    if (!kept) await removeUpload(ctx.dataDir, proofUrl);
  }
}

export type CancelOutcome =
  { cancelled: Document } | { refused: 'NOT_FOUND' | 'NOT_YOURS' | 'ALREADY_CANCELLED' | 'DEPARTED' };

/**
 * Cancels a booking for staff, or for the traveller who proves it with its ticket id and phone (told nothing
 * about bookings that are not theirs: not found and not matching answer the same).
 */
export async function cancel(
  ctx: BookingContext,
  id: string,
  by: { staff: true } | { ticketId?: string; phone?: string },
): Promise<CancelOutcome> {
  const booking = await findBooking(ctx.db, id);
  if (!('staff' in by)) {
    const phone = (booking?.passengerInfo as { phone: string } | undefined)?.phone;
    if (!booking || by.ticketId !== booking.ticketId || by.phone !== phone) return { refused: 'NOT_YOURS' };
  }
  if (!booking) return { refused: 'NOT_FOUND' };
  if (booking.isCancelled) return { refused: 'ALREADY_CANCELLED' };
  const trip = booking.tripId as Populated | null;
  if (trip && hasDeparted(trip.trip_date, trip.trip_boarding_time, ctx.now?.()))
    return { refused: 'DEPARTED' };
  const tripId = String(trip?._id ?? '');
  if (!(await cancelBooking(ctx.db, id, tripId))) return { refused: 'ALREADY_CANCELLED' };
  return { cancelled: (await findBooking(ctx.db, id))! };
}

/** Deletes a booking for good (staff), with its seats and its payment proof. */
export async function remove(ctx: BookingContext, id: string): Promise<Document | undefined> {
  const booking = await findBooking(ctx.db, id);
  if (!booking) return undefined;
  const trip = booking.tripId as { _id?: string } | null;
  await deleteBooking(ctx.db, id, String(trip?._id ?? ''));
  await removeUpload(ctx.dataDir, booking.bankakScreenshot as string | null);
  return booking;
}

/** The traveller's bookings under a ticket id and phone, each with its trip as a traveller needs it. */
export async function travellerBookings(ctx: BookingContext, ticketId: string, phone: string) {
  return (await findByTicket(ctx.db, ticketId, phone)).map(({ tripId, ...booking }) => {
    const trip = tripId as Populated | null;
    return {
      ...booking,
      tripId: trip?._id ?? null,
      trip: trip && {
        _id: trip._id,
        trip_date: trip.trip_date,
        trip_boarding_time: trip.trip_boarding_time,
        origin_city: trip.trip_originId?.origin_city,
        destination_city: trip.trip_destinationId?.destination_city,
        company_name: trip.busId?.bus_owner_companyId?.company_name,
        bus_number: trip.busId?.bus_number,
        isCancelled: trip.isCancelled,
      },
    };
  });
}

/** The live booking under a ticket id and phone, with its trip, for its ticket. */
export async function liveBooking(ctx: BookingContext, ticketId: string, phone: string) {
  const booking = (await findByTicket(ctx.db, ticketId, phone)).find((b) => !b.isCancelled);
  return booking?.tripId ? { booking, trip: booking.tripId as Populated } : undefined;
}
