// Seats by segment on the server (shared/segments.ts has the rules): a trip's route as stored (JSON lists on
// the trip's row), the stretch a sale buys, and the booking_seats rows and filters of a stretch's legs.
import {
  alightingIndex,
  boardingIndex,
  fareOf,
  lastStop,
  legsOf,
  type TripFare,
  type TripStop,
} from '../../../shared/segments.ts';
import type { Db } from '../../db/schema.ts';

/** A stretch of a trip's road: board at `from`, alight at `to` (stop indexes). */
export interface Stretch {
  from: number;
  to: number;
}

export interface Route {
  stops: TripStop[];
  fares: TripFare[];
}

const list = <T>(value: unknown): T[] => {
  if (Array.isArray(value)) return value as T[];
  if (typeof value === 'string' && value) return JSON.parse(value) as T[];
  return [];
};

/** A trip's route from its row or its document (lists as JSON text or as lists). */
export function routeOf(trip: { trip_stops?: unknown; trip_fares?: unknown }): Route {
  const stops = list<TripStop>(trip.trip_stops).map(({ originId, destinationId, minutes }) => ({
    originId,
    destinationId,
    minutes,
  }));
  return { stops, fares: list<TripFare>(trip.trip_fares) };
}

/**
 * What a sale priced a stretch from, as one text: the route's stops and fares and the trip's own price (the
 * ends' fare). A sale compares it with the trip's row under its lock: the same text, the same towns at its stop
 * indexes and the same fare.
 */
export const pricedRouteKey = (route: Route, priceId: unknown) =>
  JSON.stringify([route.stops, route.fares, String(priceId ?? '')]);

/** The whole trip: every leg (a seat busy on any of them is busy for the trip's ends). */
export const wholeTrip = (route: Pick<Route, 'stops'>): Stretch => ({ from: 0, to: lastStop(route.stops) });

/** Number of legs on the route. */
export const legCount = (route: Pick<Route, 'stops'>) => lastStop(route.stops);

/**
 * The stretch a sale asks for: stop indexes, else the towns searched (origins and destinations _ids), else
 * the trip's ends. Undefined when a town is not on the route or the indexes are not a pair of it.
 */
export function askedStretch(
  trip: { originId: string; destinationId: string },
  route: Route,
  asked: { boardingStop?: number; alightingStop?: number; origin?: string; destination?: string },
): Stretch | undefined {
  const from =
    asked.boardingStop ?? (asked.origin ? boardingIndex(trip.originId, route.stops, asked.origin) : 0);
  const to =
    asked.alightingStop ??
    (asked.destination
      ? alightingIndex(trip.destinationId, route.stops, asked.destination)
      : lastStop(route.stops));
  if (from === undefined || to === undefined) return undefined;
  if (from < 0 || to > lastStop(route.stops) || from >= to) return undefined;
  return { from, to };
}

/** The price of one seat on a stretch; undefined when that stretch is not for sale. */
export const fareOfStretch = (route: Route, tripPrice: number, stretch: Stretch) =>
  fareOf(route.stops, route.fares, tripPrice, stretch.from, stretch.to);

/** booking_seats rows of these seats over a stretch, in (seat, leg) order so concurrent sales lock alike. */
export function seatLegRows(tripId: string, bookingId: string, seats: number[], stretch: Stretch) {
  return [...seats]
    .sort((a, b) => a - b)
    .flatMap((seat) => legsOf(stretch.from, stretch.to).map((leg) => ({ tripId, seat, leg, bookingId })));
}

/** A query of booking_seats narrowed to the legs of a stretch (a seat is busy there when any leg is); all legs without one. */
export function onLegs<Q>(query: Q, stretch: Stretch | undefined, column = 'booking_seats.leg'): Q {
  if (!stretch) return query;
  // The builders' generic where() cannot be typed through Q: the column is booking_seats' own.
  const q = query as unknown as { where: (c: string, op: string, v: number) => typeof q };
  return q.where(column, '>=', stretch.from).where(column, '<', stretch.to) as unknown as Q;
}

type RouteRow = {
  trip_originId: string;
  trip_destinationId: string;
  trip_stops?: unknown;
  trip_fares?: unknown;
};

/** The towns a booking's stretch boards and alights in: origins and destinations _ids. */
export function townsOf(trip: RouteRow, stretch: Stretch) {
  const { stops } = routeOf(trip);
  return {
    origin: stretch.from === 0 ? trip.trip_originId : stops[stretch.from - 1]?.originId,
    destination:
      stretch.to === lastStop(stops) ? trip.trip_destinationId : stops[stretch.to - 1]?.destinationId,
  };
}

/** A stored booking's stretch (bookings of before stops: 0 → 1). */
export const stretchOfRow = (row: {
  boardingStop?: number | null;
  alightingStop?: number | null;
}): Stretch => ({
  from: Number(row.boardingStop ?? 0),
  to: Number(row.alightingStop ?? 1),
});

/**
 * The same towns on another trip (a move or a change of day keeps where the traveller boards and alights):
 * the stretch there, undefined when that trip does not pass them in order or does not sell them.
 */
export async function sameTownsOn(
  db: Db,
  from: { tripId: string; stretch: Stretch },
  targetId: string,
): Promise<Stretch | undefined> {
  const trips = await db
    .selectFrom('trips')
    .select(['id', 'trip_originId', 'trip_destinationId', 'trip_stops', 'trip_fares'])
    .where('id', 'in', [from.tripId, targetId])
    .execute();
  const source = trips.find((trip) => trip.id === from.tripId);
  const target = trips.find((trip) => trip.id === targetId);
  if (!source || !target) return undefined;
  return stretchOfTowns(target, townsOf(source, from.stretch));
}

/**
 * The stretch of `target` from the town `towns.origin` to `towns.destination` (origins and destinations _ids),
 * undefined when it does not pass them in that order or does not sell that pair.
 */
export function stretchOfTowns(
  target: RouteRow,
  towns: { origin?: string; destination?: string },
): Stretch | undefined {
  if (!towns.origin || !towns.destination) return undefined;
  const route = routeOf(target);
  const stretch = askedStretch(
    { originId: target.trip_originId, destinationId: target.trip_destinationId },
    route,
    towns,
  );
  return stretch && fareOfStretch(route, 0, stretch) !== undefined ? stretch : undefined;
}
