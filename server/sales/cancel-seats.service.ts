// One seat at a time: a traveller (ticket id + phone) or staff cancel some seats of a booking, which keeps its
// ticket id with the others. The seats are refunded by the tiers the booking was sold under, at their share of
// its price; every seat asked for is a whole cancellation (sale.service.ts cancel).
import { hasDeparted } from '../../shared/rules.ts';
import { refundQuote } from '../../shared/refund-rules.ts';
import type { TripDetails } from '../../shared/contract/documents.ts';
import type { Document } from '../resources/crud/row-mapper.ts';
import { findBooking } from './bookings.repository.ts';
import { cancelSeatsOf } from './cancel-seats.repository.ts';
import type { BookingContext } from './context.ts';
import { bookingOf, cancel, type Canceller, departureOf, rulesOf } from './sale.service.ts';

export type SeatsCancelRefusal =
  | 'NOT_FOUND'
  | 'NOT_YOURS'
  | 'ALREADY_CANCELLED'
  | 'DEPARTED'
  | 'TRIP_CANCELLED'
  | 'PAYMENT_UNDER_REVIEW'
  | 'CHANGE_PENDING';

export type SeatsCancelOutcome =
  | { cancelled: { booking: Document; seats: number[]; refundDue: number; refundBookingId: string | null } }
  | { refused: SeatsCancelRefusal }
  | { notInBooking: number[] };

/** Every seat of the booking: the whole cancellation, answered as seats cancelled. */
async function cancelWhole(
  ctx: BookingContext,
  id: string,
  seats: number[],
  by: Canceller,
): Promise<SeatsCancelOutcome> {
  const whole = await cancel(ctx, id, by);
  if ('refused' in whole) return whole;
  const refundDue = Number(whole.cancelled.refundDue ?? 0);
  return { cancelled: { booking: whole.cancelled, seats, refundDue, refundBookingId: null } };
}

export async function cancelSeats(
  ctx: BookingContext,
  id: string,
  asked: number[],
  by: Canceller,
): Promise<SeatsCancelOutcome> {
  const seats = [...new Set(asked)];
  const found = await bookingOf(ctx, id, by);
  if ('refused' in found) return found;
  const { booking, actor } = found;
  if (booking.isCancelled) return { refused: 'ALREADY_CANCELLED' };
  const trip = booking.tripId as TripDetails | null;
  const now = ctx.clock.now();
  if (!trip || trip.isCancelled) return { refused: 'TRIP_CANCELLED' };
  if (hasDeparted(trip.trip_date, trip.trip_boarding_time, now)) return { refused: 'DEPARTED' };
  const held = booking.seats as number[];
  const notInBooking = seats.filter((seat) => !held.includes(seat));
  if (notInBooking.length) return { notInBooking };
  if (seats.length === held.length) return cancelWhole(ctx, id, seats, by);

  const written = await cancelSeatsOf(ctx.db, {
    id,
    tripId: String(trip._id),
    seats,
    by: actor,
    now,
    // By the rules the booking was sold under, as its row holds them under the cancellation's lock.
    refundFor: (stored, amount) =>
      refundQuote(rulesOf(stored), amount, departureOf(trip, booking), now).refund,
  });
  if ('cancelled' in written) return { refused: 'ALREADY_CANCELLED' };
  if ('moved' in written) return cancelSeats(ctx, id, asked, by);
  if ('notInBooking' in written) return written;
  if ('waits' in written) return { refused: written.waits };
  if ('every' in written) return cancelWhole(ctx, id, seats, by);
  return { cancelled: { booking: (await findBooking(ctx.db, id))!, seats, ...written.done } };
}
