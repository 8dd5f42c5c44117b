// The public search (filterTrips): the trips that pass the origin before the destination on a date, as travellers
// see them, from one statement (search.statement.ts). Imports only what a search needs, so that a worker thread
// can run it (search-pool.ts) beside the event loop.
import { Kysely } from 'kysely';
import type { Db } from '../../db/schema.ts';
import {
  boardingMinutes,
  BUS_OUT_OF_SERVICE,
  departureInstant,
  hasDeparted,
  khartoumToday,
} from '../../../shared/rules.ts';
import { lastStop, minutesAt } from '../../../shared/segments.ts';
import { routeOf } from './segments.ts';
import { searchRows, type SearchSource, stretchOfRow, townsOfRows, tripOfRow } from './search.statement.ts';
import type { Document } from '../crud/row-mapper.ts';

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

/**
 * Trips that pass the origin before the destination, leaving the origin on that date (Khartoum), not cancelled,
 * with the stretch on sale, by departure. A trip without stops answers as it always did (its own ends, its
 * date); a trip with stops adds the stretch found (boardingStop, alightingStop, price, departsAt, arrivesAt)
 * and its bookedSeats are those taken on any leg of that stretch. The database answers all of it in one
 * statement (search.statement.ts); here only the stretch's departure is checked against the date and the clock.
 */
export async function searchTrips(
  source: Db | SearchSource,
  originId: string,
  destinationId: string,
  date: string,
  now: Date,
) {
  const found: { trip: Document; departs: Date; time: string }[] = [];
  const reader = source instanceof Kysely ? { db: source } : source;
  const rows = await searchRows(reader, originId, destinationId, date);
  const towns = townsOfRows(rows);
  for (const row of rows) {
    const trip = tripOfRow(row, towns);
    const stretch = stretchOfRow(row);
    const time = trip.trip_boarding_time as string;
    const leaves = departureInstant(trip.trip_date as string, time);
    if (!stretch.withStops) {
      // Today's departures that have already left are no longer offered.
      if (!hasDeparted(trip.trip_date as string, time, now))
        found.push({ trip: publicTrip(trip), departs: leaves, time });
      continue;
    }
    const stops = routeOf(trip as { trip_stops?: unknown }).stops;
    const [from, to] = [stretch.boarding, stretch.alighting];
    // The ends' fare is the trip's own price; another pair's is listed, or it is not for sale.
    const price =
      from === 0 && to === lastStop(stops)
        ? (trip.trip_ticket_priceId as { price: number } | null)?.price
        : (stretch.fare ?? undefined);
    if (price === undefined) continue;
    const at = (index: number) => new Date(leaves.getTime() + minutesAt(stops, index) * 60_000);
    const departs = at(from);
    if (khartoumToday(departs) !== date || departs.getTime() <= now.getTime()) continue;
    // The destination's minutes are unknown: its last stop's stand in.
    const arrives = at(Math.min(to, stops.length));
    found.push({
      trip: {
        ...publicTrip(trip),
        boardingStop: from,
        alightingStop: to,
        price,
        departsAt: departs.toISOString(),
        arrivesAt: arrives.toISOString(),
      },
      departs,
      time,
    });
  }
  // By departure; trips leaving at the same minute cheapest first, then by company and id, so that every node,
  // either database and the cache answer the same order (the database's plan returned them as it found them).
  found.sort(
    (a, b) =>
      a.departs.getTime() - b.departs.getTime() ||
      boardingMinutes(a.time) - boardingMinutes(b.time) ||
      fareOf(a.trip) - fareOf(b.trip) ||
      byText(companyNameOf(a.trip), companyNameOf(b.trip)) ||
      byText(a.trip._id, b.trip._id),
  );
  return found.map((entry) => entry.trip);
}

/** What a found trip costs for the stretch asked: the stretch's fare, else the trip's own price. */
const fareOf = (trip: Document) =>
  Number(trip.price ?? (trip.trip_ticket_priceId as { price?: number } | null)?.price ?? Infinity);
const companyNameOf = (trip: Document) =>
  String(
    (trip.busId as { bus_owner_companyId?: { company_name?: string } | null } | null)?.bus_owner_companyId
      ?.company_name ?? '',
  );
/** Code-unit order: the same on every node whatever its locale data. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Trips as a JSON text, and the ids of the trips in it (what the answer depends on besides the tables). */
export interface TripsJson {
  json: string;
  tripIds: string[];
}

/** Trips (one or a list) as their JSON text and ids. */
export function tripsJson(found: Document | Document[]): TripsJson {
  return {
    json: JSON.stringify(found),
    tripIds: (Array.isArray(found) ? found : [found]).map((trip) => trip._id),
  };
}

/** A search: the towns' ids, the date (Khartoum) and the time it is asked (the clock's, in ms). */
export interface SearchJob {
  origin: string;
  destination: string;
  date: string;
  now: number;
}

/** A search's answer from its database: the trips as travellers see them, as JSON. */
export async function answerSearch(
  source: Db | SearchSource,
  { origin, destination, date, now }: SearchJob,
): Promise<TripsJson> {
  return tripsJson(await searchTrips(source, origin, destination, date, new Date(now)));
}
