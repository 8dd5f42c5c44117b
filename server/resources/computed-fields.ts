// What differs per resource when documents are read: fields a resource answers but does not store (a
// trip's bookedSeats, a user's full_name), and resources whose rows are not one column per field.
import type { registry, ResourceName } from '../../shared/registry/index.ts';
import type { Db } from '../db/schema.ts';
import { bookingRowToDocument } from './bookings/booking-mapper.ts';
import type { Document, Row } from './crud/row-mapper.ts';
import { onLegs, type Stretch } from './trips/segments.ts';
import { nameStopLists, storedStops } from './boarding/trip-stops.ts';

export const rowMappers: Partial<Record<ResourceName, (row: Row) => Document>> = {
  bookings: bookingRowToDocument,
};

type Compute = (db: Db, documents: Document[]) => Promise<void>;

/**
 * Seat numbers of each trip's live bookings (cancelled bookings free their seats): taken on any leg of the
 * stretch, or on any leg at all without one.
 */
export async function bookedSeatsByTrip(
  db: Db,
  tripIds: string[],
  stretch?: Stretch,
): Promise<Map<string, number[]>> {
  const seats = new Map<string, number[]>(tripIds.map((id) => [id, []]));
  if (!tripIds.length) return seats;
  const rows = await onLegs(
    db.selectFrom('booking_seats').select(['tripId', 'seat']).distinct().where('tripId', 'in', tripIds),
    stretch,
    'leg',
  )
    .orderBy('seat')
    .execute();
  for (const row of rows) seats.get(row.tripId)?.push(Number(row.seat));
  return seats;
}

/**
 * Each intermediate stop of a trip answers its town's names (city, city_ar) beside the ids a client sends, so
 * every screen names it without a second request. One query for all the trips' stops.
 */
async function nameStops(db: Db, trips: Document[]) {
  const withStops = trips.filter((trip) => storedStops(trip.trip_stops).length);
  const named = await nameStopLists(
    db,
    withStops.map((trip) => storedStops(trip.trip_stops)),
  );
  withStops.forEach((trip, i) => (trip.trip_stops = named[i]));
}

/**
 * What a resource's documents derive from the tables a trip shows (TRIP_SHOWN): filled with their references,
 * so a remembered document keeps it and a cached read pays nothing (a trip's stops' names).
 */
export const referencedFields: Partial<Record<ResourceName, Compute>> = { trips: nameStops };

/** The resources whose entry declares a computed field: each must say how it is computed (tsc holds it). */
type WithComputedFields = {
  [N in ResourceName]: Extract<
    (typeof registry)[N]['fields'][keyof (typeof registry)[N]['fields']],
    { computed: true }
  > extends never
    ? never
    : N;
}[ResourceName];

export const computedFields: Record<WithComputedFields, Compute> & Partial<Record<ResourceName, Compute>> = {
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

/** A resource's own computed fields and row mapper, by its name (none for most). */
export const computeOf = (name: string): Compute | undefined => computedFields[name as ResourceName];
export const rowMapperOf = (name: string) => rowMappers[name as ResourceName];
export const referencedFieldsOf = (name: string): Compute | undefined =>
  referencedFields[name as ResourceName];
