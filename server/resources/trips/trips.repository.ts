import type { Db } from '../../db/schema.ts';
import { BUS_OUT_OF_SERVICE, hasDeparted, khartoumToday } from '../../../shared/rules.ts';
import { trips } from '../../../shared/registry/index.ts';
import { type Dependencies, readCacheOf } from '../../cache/read-cache.ts';
import { BOARDING } from '../boarding/boarding.repository.ts';
import { referencedDocument, TRIP_SHOWN } from '../crud/populate.ts';
import { findDocument } from '../crud/crud.repository.ts';
import type { TripDetails } from '../../../shared/contract/documents.ts';

import type { TripsJson } from './trip-search.ts';

export { publicTrip, searchTrips, type TripsJson, tripsJson } from './trip-search.ts';

/** A trip answer (search results, one trip) is read from what a trip shows and its trips' sold seats. */
const tripAnswer = (tripIds: string[]): Dependencies => ({
  tables: TRIP_SHOWN.tables,
  keyed: { table: 'booking_seats', keys: tripIds },
});

/**
 * Trips as JSON, remembered under `key` until a write changes what they show or their sold seats (a sale on
 * another trip leaves them). Undefined when `load` finds nothing.
 */
export async function rememberTripsJson(
  db: Db,
  key: string,
  load: () => Promise<TripsJson | undefined>,
): Promise<string | undefined> {
  let tripIds: string[] = [];
  const loadJson = async () => {
    const found = await load();
    tripIds = found?.tripIds ?? [];
    return found?.json;
  };
  const cache = readCacheOf(db);
  return cache ? cache.remember(key, loadJson, () => tripAnswer(tripIds)) : loadJson();
}

/** A route on sale: its cities' names as travellers read them. */
export interface RouteOnSale {
  origin: string;
  origin_ar: string | null;
  destination: string;
  destination_ar: string | null;
}

/**
 * The routes with a trip travellers can book now (not cancelled, not departed, its bus in service), for the
 * home page's "what is on sale". Remembered until a trip, bus or city changes (or the cache's time runs out,
 * which also drops a trip that has left meanwhile).
 */
export async function routesOnSale(db: Db, now: Date): Promise<RouteOnSale[]> {
  const today = khartoumToday(now);
  const open = () =>
    db
      .selectFrom('trips')
      .innerJoin('buses', 'buses.id', 'trips.busId')
      .innerJoin('origins', 'origins.id', 'trips.trip_originId')
      .innerJoin('destinations', 'destinations.id', 'trips.trip_destinationId')
      .select([
        'origins.origin_city as origin',
        'origins.origin_city_ar as origin_ar',
        'destinations.destination_city as destination',
        'destinations.destination_city_ar as destination_ar',
      ])
      .distinct()
      .where('trips.isCancelled', '=', 0)
      .where('buses.bus_status', '!=', BUS_OUT_OF_SERVICE);
  // Later days by route (one row each); today's trips one by one, so that those that have left drop out at
  // once, even while the rows are remembered.
  const load = async () => {
    const [later, todays] = await Promise.all([
      open().where('trips.trip_date', '>', today).execute(),
      open().select('trips.trip_boarding_time as time').where('trips.trip_date', '=', today).execute(),
    ]);
    return { later, todays };
  };
  const cache = readCacheOf(db);
  const { later, todays } = (
    cache ? await cache.remember(`onSale|${today}`, load, TRIP_SHOWN) : await load()
  )!;
  const routes = new Map<string, RouteOnSale>();
  for (const row of [...todays.filter((row) => !hasDeparted(today, row.time, now)), ...later]) {
    const { origin, origin_ar, destination, destination_ar } = row;
    routes.set(`${origin}\n${destination}`, { origin, origin_ar, destination, destination_ar });
  }
  return [...routes.values()].sort(
    (a, b) => a.origin.localeCompare(b.origin) || a.destination.localeCompare(b.destination),
  );
}

/** The passenger list of a trip, by seat: one line per seat of every booking, live or cancelled. */
export async function tripPassengers(db: Db, tripId: string) {
  const rows = await db
    .selectFrom('bookings')
    .select([
      'id',
      'ticketId',
      'seats',
      'first_name',
      'last_name',
      'phone',
      'isCancelled',
      'paymentStatus',
      'verifiedVia',
      'noShow',
      'boardingStop',
      'alightingStop',
    ])
    .where('tripId', '=', tripId)
    .execute();
  // The earliest boarding scan of each ticket boarded it.
  const boardings = await db
    .selectFrom('scans')
    .select(['bookingId', (eb) => eb.fn.min<string>('scannedAt').as('boardedAt')])
    .where('tripId', '=', tripId)
    .where('verdict', 'in', BOARDING)
    .groupBy('bookingId')
    .execute();
  const boardedAt = new Map(boardings.map((row) => [row.bookingId as string, row.boardedAt]));
  return rows
    .flatMap((row) =>
      (JSON.parse(row.seats) as number[]).map((seat) => ({
        seat,
        name: `${row.first_name} ${row.last_name}`,
        phone: row.phone,
        ticketId: row.ticketId,
        isCancelled: Boolean(Number(row.isCancelled)),
        bookingId: row.id,
        paymentStatus: row.paymentStatus,
        verifiedVia: row.verifiedVia ?? null,
        boardedAt: boardedAt.get(row.id) ?? null,
        noShow: Boolean(Number(row.noShow)),
        boardingStop: Number(row.boardingStop ?? 0),
        alightingStop: Number(row.alightingStop ?? 1),
      })),
    )
    .sort((a, b) => Number(a.isCancelled) - Number(b.isCancelled) || a.seat - b.seat);
}

/**
 * A trip with its bus, company, cities and price but no bookedSeats, remembered in the trip cache. Sales do
 * not change it, so a booking rush reads it from memory; any write to trips, buses, prices, cities or
 * companies empties the cache (on every node). The sale itself re-checks the trip under a lock.
 */
export function cachedTripDetails(db: Db, id: string): Promise<TripDetails | undefined> {
  return referencedDocument(db, trips, id) as Promise<TripDetails | undefined>;
}

/**
 * The same trip read from its rows, past the cache: for a sale or a change that found, under the trip's lock,
 * that its route or price changed since the cached read (another node's edit whose news has not arrived).
 */
export function tripDetailsOf(db: Db, id: string, fresh: boolean): Promise<TripDetails | undefined> {
  return fresh
    ? (findDocument(db, trips, id) as Promise<TripDetails | undefined>)
    : cachedTripDetails(db, id);
}
