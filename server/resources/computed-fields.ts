// What differs per resource when documents are read: fields a resource answers but does not store (a
// trip's bookedSeats, a user's full_name), and resources whose rows are not one column per field.
import type { Db } from '../db/schema.ts';
import { bookingRowToDocument } from './bookings/booking-mapper.ts';
import type { Document, Row } from './crud/row-mapper.ts';

export const rowMappers: Record<string, (row: Row) => Document> = {
  bookings: bookingRowToDocument,
};

type Compute = (db: Db, documents: Document[]) => Promise<void>;

/** Seat numbers of each trip's live bookings (cancelled bookings free their seats). */
export async function bookedSeatsByTrip(db: Db, tripIds: string[]): Promise<Map<string, number[]>> {
  const seats = new Map<string, number[]>(tripIds.map((id) => [id, []]));
  if (!tripIds.length) return seats;
  const rows = await db
    .selectFrom('booking_seats')
    .select(['tripId', 'seat'])
    .where('tripId', 'in', tripIds)
    .orderBy('seat')
    .execute();
  for (const row of rows) seats.get(row.tripId)?.push(Number(row.seat));
  return seats;
}

export const computedFields: Record<string, Compute> = {
  trips: async (db, trips) => {
    const seats = await bookedSeatsByTrip(
      db,
      trips.map((trip) => trip._id),
    );
    for (const trip of trips) trip.bookedSeats = seats.get(trip._id) ?? [];
  },
  users: async (_db, users) => {
    for (const user of users) user.full_name = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  },
};
