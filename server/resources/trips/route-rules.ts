// A trip's (or timetable's) route checked against the reference data and its bookings: each stop one town of
// both lists (the origins row and the destinations row name it alike, in English and Arabic), none the trip's
// own ends, each once; fares only between its stops, never its ends (the trip's own price); and, on an edit,
// no live booking left on a pair the new route no longer sells (409 STOPS_IN_USE).
import {
  ROUTE_MESSAGES,
  type RouteProblem,
  faresProblem,
  sameTown,
  sameTownName,
  townKey,
  type TripFare,
  type TripStop,
} from '../../../shared/segments.ts';
import type { Db } from '../../db/schema.ts';
import { anyTable } from '../crud/generic-db.ts';
import { routesStoppingAt } from '../crud/routes-through.ts';
import { conflict, HttpError } from '../../http/errors.ts';
import { fareOfStretch, routeOf } from './segments.ts';

const routeError = (problem: RouteProblem, field: string) =>
  new HttpError(400, ROUTE_MESSAGES[problem].en, {
    code: 'ROUTE_INVALID',
    problem,
    errors: { [field]: ROUTE_MESSAGES[problem].en },
  });

interface RouteBody {
  originId: string;
  destinationId: string;
  stops: TripStop[];
  fares: TripFare[];
}

/** 400 ROUTE_INVALID when the stops' towns or the fares do not fit the route. */
export async function assertRoute(
  db: Db,
  route: RouteBody,
  fields = { stops: 'trip_stops', fares: 'trip_fares' },
) {
  const { stops, fares } = route;
  if (stops.length) {
    const originIds = [...new Set([route.originId, ...stops.map((stop) => stop.originId)])];
    const destinationIds = [...new Set([route.destinationId, ...stops.map((stop) => stop.destinationId)])];
    const [origins, destinations] = await Promise.all([
      db.selectFrom('origins').selectAll().where('id', 'in', originIds).execute(),
      db.selectFrom('destinations').selectAll().where('id', 'in', destinationIds).execute(),
    ]);
    const origin = new Map(origins.map((row) => [row.id, row]));
    const destination = new Map(destinations.map((row) => [row.id, row]));
    const tripOrigin = origin.get(route.originId)?.origin_city;
    const tripDestination = destination.get(route.destinationId)?.destination_city;
    const townOf = (stop: TripStop) => {
      const o = origin.get(stop.originId);
      const d = destination.get(stop.destinationId);
      if (!o || !d) return undefined;
      // Compared as sameTownName compares: "Sennar" and "Sennar  " (two rows) are one town, and stop once.
      return sameTown(o, d) ? townKey(o.origin_city) : undefined;
    };
    const towns = new Set<string>();
    for (const stop of stops) {
      const town = townOf(stop);
      const isEnd = sameTownName(tripOrigin, town) || sameTownName(tripDestination, town);
      if (!town || isEnd || towns.has(town)) throw routeError('stopTown', fields.stops);
      towns.add(town);
    }
  }
  const problem = faresProblem(stops.length, fares);
  if (problem) throw routeError(problem, fields.fares);
}

/**
 * An edit of a trip's route (stops, fares, ends) that would leave a live booking on a pair the trip no longer
 * sells, or whose stops now name other towns, is refused: those travellers hold tickets for it.
 */
export async function assertBookingsKeepRoute(db: Db, tripId: string, next: RouteBody) {
  const trip = await db.selectFrom('trips').selectAll().where('id', '=', tripId).executeTakeFirst();
  if (!trip) return;
  const before = routeOf(trip);
  const after = { stops: next.stops, fares: next.fares };
  // A trip without stops before and after is today's trip: its edits are as free as ever.
  if (!before.stops.length && !after.stops.length) return;
  const pairs = await db
    .selectFrom('bookings')
    .select(['boardingStop', 'alightingStop'])
    .distinct()
    .where('tripId', '=', tripId)
    .where('isCancelled', '=', 0)
    .execute();
  if (!pairs.length) return;
  const townAt = (route: { stops: TripStop[] }, originId: string, destinationId: string, index: number) =>
    index === 0
      ? `o:${originId}`
      : index === route.stops.length + 1
        ? `d:${destinationId}`
        : `${route.stops[index - 1]?.originId}/${route.stops[index - 1]?.destinationId}`;
  for (const pair of pairs) {
    const stretch = { from: Number(pair.boardingStop ?? 0), to: Number(pair.alightingStop ?? 1) };
    const sameTowns =
      townAt(before, trip.trip_originId, trip.trip_destinationId, stretch.from) ===
        townAt(after, next.originId, next.destinationId, stretch.from) &&
      townAt(before, trip.trip_originId, trip.trip_destinationId, stretch.to) ===
        townAt(after, next.originId, next.destinationId, stretch.to);
    // A pair that stays for sale between the same towns keeps its bookings' tickets true.
    const endsMoved =
      (stretch.from === 0 && next.originId !== trip.trip_originId) ||
      (stretch.to === before.stops.length + 1 && next.destinationId !== trip.trip_destinationId);
    if (!sameTowns || endsMoved || fareOfStretch(after, 0, stretch) === undefined)
      throw conflict(ROUTE_MESSAGES.stopsInUse.en, { code: 'STOPS_IN_USE' });
  }
}

/** Each list's name columns, and the list its stops pair it with. */
const TOWN_LISTS = {
  origins: { name: 'origin_city', ar: 'origin_city_ar', other: 'destinations' },
  destinations: { name: 'destination_city', ar: 'destination_city_ar', other: 'origins' },
} as const;
type TownList = keyof typeof TOWN_LISTS;

/** One town's row of one list, its columns by name. */
const townRow = async (db: Db, list: TownList, id: string) =>
  (await anyTable(db).selectFrom(list).selectAll().where('id', '=', id).executeTakeFirst()) as
    Record<string, string | null> | undefined;

/**
 * A town a route stops at is one row in each list, named alike (assertRoute). Renaming one row renames its
 * partner rows (the other list's rows it is paired with in any trip's or timetable's stops) that were named
 * as it was, in the same transaction: otherwise the pair names two towns, and every route through it could no
 * longer be edited. Partners named otherwise already are left as they are.
 */
export async function renameStopPartners(db: Db, list: TownList, id: string, body: Record<string, unknown>) {
  const { name, ar, other } = TOWN_LISTS[list];
  const newName = body[name];
  const newAr = body[ar];
  if (newName === undefined && newAr === undefined) return;
  const current = await townRow(db, list, id);
  if (!current) return;
  const partners = new Set<string>();
  for (const { stops } of await routesStoppingAt(db, id))
    for (const stop of stops) {
      if (list === 'origins' && stop.originId === id) partners.add(stop.destinationId);
      if (list === 'destinations' && stop.destinationId === id) partners.add(stop.originId);
    }
  const otherColumns = TOWN_LISTS[other];
  for (const partnerId of partners) {
    const partner = await townRow(db, other, partnerId);
    if (!partner) continue;
    const set: Record<string, unknown> = {};
    if (typeof newName === 'string' && sameTownName(partner[otherColumns.name], current[name]))
      set[otherColumns.name] = newName;
    if (
      newAr !== undefined &&
      (!partner[otherColumns.ar] || sameTownName(partner[otherColumns.ar], current[ar]))
    )
      set[otherColumns.ar] = newAr;
    if (Object.keys(set).length)
      await anyTable(db).updateTable(other).set(set).where('id', '=', partnerId).execute();
  }
}
