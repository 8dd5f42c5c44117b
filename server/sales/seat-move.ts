// Moving a live booking's seats to another trip, inside the caller's transaction: one write path for a
// cancelled trip's traveller moving (disrupted-bookings.ts) and a traveller changing day (booking-changes.ts).
// The (tripId, seat, leg) key stays the only guard: a seat taken meanwhile makes the insert fail, and the caller's
// transaction with it.
import { BUS_OUT_OF_SERVICE } from '../../shared/rules.ts';
import { lockName, lockRow } from '../db/locks.ts';
import { HttpError } from '../http/errors.ts';
import { ROUTE_MESSAGES } from '../../shared/segments.ts';
import type { BookingsTable, Db, TripRow } from '../db/schema.ts';
import { expireLapsed, lapsedHoldsOn } from './bookings.repository.ts';
import { onLegs, sameTownsOn, seatLegRows, type Stretch, stretchOfRow } from '../resources/trips/segments.ts';

/** A stretch the trip does not sell (stops not on it, or no fare between them): in both languages. */
export const pairNotForSale = () =>
  new HttpError(400, ROUTE_MESSAGES.pairNotForSale.en, {
    code: 'PAIR_NOT_FOR_SALE',
    errors: { boardingStop: ROUTE_MESSAGES.pairNotForSale.en },
  });

/**
 * The target trip under a share lock (a cancellation of it waits) and its bus's capacity; undefined when it is
 * cancelled, gone or its bus out of service.
 */
export async function lockTarget(
  trx: Db,
  tripId: string,
): Promise<{ trip: TripRow; capacity: number } | undefined> {
  const trip = (await lockRow(trx, 'trips', tripId, 'share')) as TripRow | undefined;
  if (!trip || Number(trip.isCancelled)) return undefined;
  const bus = await lockRow(trx, 'buses', trip.busId, 'share');
  if (!bus || bus.bus_status === BUS_OUT_OF_SERVICE) return undefined;
  return { trip, capacity: Number(bus.bus_number_of_seats) };
}

/** Seats sold on a trip on any leg of the stretch (every leg without one): live bookings hold their rows. */
export async function soldSeats(db: Db, tripId: string, stretch?: Stretch): Promise<Set<number>> {
  const rows = await onLegs(
    db.selectFrom('booking_seats').select('seat').where('tripId', '=', tripId),
    stretch,
    'leg',
  ).execute();
  return new Set(rows.map((row) => Number(row.seat)));
}

/** Holds `seats` of `tripId` over `stretch` for `bookingId` (a lapsed unpaid hold on them gives way, as in a sale). */
export async function holdSeats(
  trx: Db,
  bookingId: string,
  tripId: string,
  seats: number[],
  now: Date,
  stretch: Stretch,
) {
  await expireLapsed(trx, await lapsedHoldsOn(trx, tripId, seats, now, stretch), now);
  await trx
    .insertInto('booking_seats')
    // In (seat, leg) order, so that two writers of overlapping seats lock them in the same order (no deadlock).
    .values(seatLegRows(tripId, bookingId, seats, stretch))
    .execute();
}

/** The booking's stretch on the trip it moves to (the same towns); undefined when that trip does not sell it. */
export async function stretchForMove(
  trx: Db,
  bookingId: string,
  tripId: string,
): Promise<Stretch | undefined> {
  const row = await trx
    .selectFrom('bookings')
    .select(['tripId', 'boardingStop', 'alightingStop'])
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return sameTownsOn(trx, { tripId: row.tripId, stretch: stretchOfRow(row) }, tripId);
}

/**
 * Moves a booking from its trip's seats to `seats` of `tripId`: the old seats freed, the new ones held, its row
 * pointed at them (with `also`), each traveller kept in their place (the first seat's on the first new seat).
 */
export async function relocate(
  trx: Db,
  booking: { id: string; tripId: string; seats: number[] },
  tripId: string,
  seats: number[],
  now: Date,
  also: Partial<BookingsTable> = {},
) {
  // A move frees seats on one trip and takes seats on the other, and adds to both trips' counters
  // (trip_counts): two moves in opposite directions at once would each hold one trip's and wait for the
  // other's (PostgreSQL: a deadlock, an error to a traveller). Moves between two trips take both in one order
  // first, so the second waits for the first to end (tests/server/changes-crossing.test.ts).
  await lockName(trx, ...[booking.tripId, tripId].sort().map((id) => `trip-moves:${id}`));
  // Where the traveller boards and alights stays the same towns on the new trip.
  const stretch = await stretchForMove(trx, booking.id, tripId);
  if (!stretch) throw pairNotForSale();
  await trx
    .deleteFrom('booking_seats')
    .where('tripId', '=', booking.tripId)
    .where('bookingId', '=', booking.id)
    .execute();
  await holdSeats(trx, booking.id, tripId, seats, now, stretch);
  await trx
    .updateTable('bookings')
    .set({
      ...also,
      tripId,
      seats: JSON.stringify(seats),
      boardingStop: stretch.from,
      alightingStop: stretch.to,
    })
    .where('id', '=', booking.id)
    .execute();
  const travellers = await trx
    .selectFrom('booking_passengers')
    .select('seat')
    .where('bookingId', '=', booking.id)
    .execute();
  const newSeat = new Map(booking.seats.map((seat, index) => [seat, seats[index]!]));
  // Through negative numbers, so that a seat swapped with another never meets the key twice.
  for (const { seat } of travellers)
    await trx
      .updateTable('booking_passengers')
      .set({ seat: -(newSeat.get(Number(seat)) ?? Number(seat)) })
      .where('bookingId', '=', booking.id)
      .where('seat', '=', seat)
      .execute();
  await trx
    .updateTable('booking_passengers')
    .set((eb) => ({ seat: eb.neg(eb.ref('seat')) }))
    .where('bookingId', '=', booking.id)
    .where('seat', '<', 0)
    .execute();
}
