import type { Db } from '../../db/schema.ts';
import {
  boardingMinutes,
  BUS_OUT_OF_SERVICE,
  departureInstant,
  hasDeparted,
  khartoumToday,
} from '../../../shared/rules.ts';
import { addDays } from '../../../shared/timetables.ts';
import { minutesAt } from '../../../shared/segments.ts';
import { bookedSeatsByTrip } from '../computed-fields.ts';
import { askedStretch, fareOfStretch, routeOf, type Stretch } from './segments.ts';
import { trips } from '../../../shared/registry/index.ts';
import { type Dependencies, readCacheOf } from '../../cache/read-cache.ts';
import { BOARDING } from '../boarding/boarding.repository.ts';
import { referencedDocument, toDocuments, TRIP_SHOWN } from '../crud/populate.ts';
import type { Document } from '../crud/row-mapper.ts';
import type { TripDetails } from '../../../shared/contract/documents.ts';

/** A trip as travellers see it (shared/contract publicTripDocument): nothing of the company's or bus's internals. */
export function publicTrip(trip: Document): Document {
  const bus = trip.busId as Record<string, any> | null;
  const company = bus?.bus_owner_companyId as Record<string, any> | null;
  return {
    ...trip,
    busId: bus && {
      _id: bus._id,
      bus_number: bus.bus_number,
      bus_number_of_seats: bus.bus_number_of_seats,
      bus_owner_companyId: company && {
        _id: company._id,
        company_name: company.company_name,
        company_name_ar: company.company_name_ar ?? null,
        company_phone: company.company_phone,
      },
    },
    outOfService: bus?.bus_status === BUS_OUT_OF_SERVICE,
  };
}

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
  load: () => Promise<Document | Document[] | undefined>,
): Promise<string | undefined> {
  let tripIds: string[] = [];
  const loadJson = async () => {
    const found = await load();
    if (found === undefined) return undefined;
    tripIds = (Array.isArray(found) ? found : [found]).map((trip) => trip._id);
    return JSON.stringify(found);
  };
  const cache = readCacheOf(db);
  return cache ? cache.remember(key, loadJson, () => tripAnswer(tripIds)) : loadJson();
}

/**
 * Trips that pass the origin before the destination, leaving the origin on that date (Khartoum), not cancelled,
 * with the stretch on sale, by departure. A trip without stops answers as it always did (its own ends, its
 * date); a trip with stops adds the stretch found (boardingStop, alightingStop, price, departsAt, arrivesAt)
 * and its bookedSeats are those taken on any leg of that stretch.
 */
export async function searchTrips(db: Db, originId: string, destinationId: string, date: string) {
  // A stop is at most MAX_STOP_MINUTES (two days) after departure: a trip of two days before may pass it today.
  const rows = await db
    .selectFrom('trips')
    .selectAll()
    .where('isCancelled', '=', 0)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('trip_originId', '=', originId),
          eb('trip_destinationId', '=', destinationId),
          eb('trip_date', '=', date),
        ]),
        eb.and([
          eb('trip_date', '>=', addDays(date, -2)),
          eb('trip_date', '<=', date),
          eb('trip_stops', '!=', '[]'),
        ]),
      ]),
    )
    .execute();
  const now = new Date();
  const found: {
    row: (typeof rows)[number];
    departs: Date;
    stretch?: Stretch;
    price?: number;
    arrives?: Date;
  }[] = [];
  for (const row of rows) {
    const route = routeOf(row);
    const leaves = departureInstant(row.trip_date, row.trip_boarding_time);
    if (!route.stops.length) {
      // Today's departures that have already left are no longer offered.
      if (row.trip_date === date && !hasDeparted(row.trip_date, row.trip_boarding_time))
        found.push({ row, departs: leaves });
      continue;
    }
    const stretch = askedStretch(
      { originId: row.trip_originId, destinationId: row.trip_destinationId },
      route,
      { origin: originId, destination: destinationId },
    );
    if (!stretch) continue;
    const price = fareOfStretch(route, NaN, stretch);
    if (price === undefined) continue;
    const at = (index: number) => new Date(leaves.getTime() + minutesAt(route.stops, index) * 60_000);
    const departs = at(stretch.from);
    if (khartoumToday(departs) !== date || departs.getTime() <= now.getTime()) continue;
    const arrives = new Date(
      leaves.getTime() +
        (stretch.to > route.stops.length
          ? minutesAt(route.stops, route.stops.length)
          : minutesAt(route.stops, stretch.to)) *
          60_000,
    );
    found.push({ row, departs, stretch, price, arrives });
  }
  found.sort(
    (a, b) =>
      a.departs.getTime() - b.departs.getTime() ||
      boardingMinutes(a.row.trip_boarding_time) - boardingMinutes(b.row.trip_boarding_time),
  );
  const documents = await toDocuments(
    db,
    trips,
    found.map((entry) => entry.row),
  );
  const answers: Document[] = [];
  for (const [i, trip] of documents.entries()) {
    // Trips of a bus out of service are not offered.
    if ((trip.busId as { bus_status?: string } | null)?.bus_status === BUS_OUT_OF_SERVICE) continue;
    const { stretch, price, departs, arrives } = found[i];
    if (!stretch) {
      answers.push(publicTrip(trip));
      continue;
    }
    const seats = await bookedSeatsByTrip(db, [trip._id], stretch);
    answers.push({
      ...publicTrip(trip),
      bookedSeats: seats.get(trip._id) ?? [],
      boardingStop: stretch.from,
      alightingStop: stretch.to,
      // The ends' fare is the trip's own price (fareOfStretch was given none for them).
      price: Number.isNaN(price) ? (trip.trip_ticket_priceId as { price: number }).price : price,
      departsAt: departs.toISOString(),
      arrivesAt: arrives!.toISOString(),
    });
  }
  return answers;
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
