// A trip's stops as the door and the checkpoints name them (issue 23): every stop by index in English and
// Arabic (0 = its origin … n + 1 = its destination), the intermediate ones read from the origins list.
import type { Db } from '../../db/schema.ts';

interface StoredStop {
  originId: string;
  minutes: number;
}

/** A trip's stops as a document or a row holds them: a list, or its JSON text; none for a trip without. */
export function storedStops(value: unknown): StoredStop[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list)
    ? list.filter((stop): stop is StoredStop => !!stop && typeof stop.originId === 'string')
    : [];
}

export interface NamedStop {
  city: string;
  city_ar: string | null;
  minutes: number;
}

/**
 * Lists of stops, each stop with its town's names (city, city_ar: the origins row's) beside what it holds: one
 * query for all of them, none when there are no stops.
 */
export async function nameStopLists<S extends StoredStop>(
  db: Db,
  lists: readonly (readonly S[])[],
): Promise<(S & { city: string; city_ar: string | null })[][]> {
  const ids = [...new Set(lists.flat().map((stop) => stop.originId))];
  if (!ids.length) return lists.map(() => []);
  const towns = await db
    .selectFrom('origins')
    .select(['id', 'origin_city', 'origin_city_ar'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(towns.map((town) => [town.id, [town.origin_city, town.origin_city_ar] as const]));
  return lists.map((stops) => withTownNames(stops, (id) => byId.get(id)));
}

/** A town's names by its origins id: [origin_city, origin_city_ar], or nothing for a town not listed. */
export type TownNames = (id: string) => readonly [string, string | null] | undefined;

/** Stops with their towns' names beside what each holds (a town not listed: '' and null). */
export const withTownNames = <S extends StoredStop>(stops: readonly S[], names: TownNames) =>
  stops.map((stop) => {
    const town = names(stop.originId);
    return { ...stop, city: town?.[0] ?? '', city_ar: town?.[1] ?? null };
  });

/** The intermediate stops with their towns' names, in order. */
export async function namedStops(db: Db, value: unknown): Promise<NamedStop[]> {
  const [stops] = await nameStopLists(db, [storedStops(value)]);
  return stops.map(({ city, city_ar, minutes }) => ({ city, city_ar, minutes: Number(minutes) }));
}

/** Every stop's name by index in both languages (Arabic falls back to English), ends included. */
export function stopNamesBoth(
  ends: { origin: string; originAr?: string | null; destination: string; destinationAr?: string | null },
  stops: readonly NamedStop[],
): { en: string; ar: string }[] {
  return [
    { en: ends.origin, ar: ends.originAr || ends.origin },
    ...stops.map((stop) => ({ en: stop.city, ar: stop.city_ar || stop.city })),
    { en: ends.destination, ar: ends.destinationAr || ends.destination },
  ];
}

/**
 * Every place of a trip in order, its origin (0) and destination (n + 1) included, as the conductor's package
 * and the look-up name them (the contract's routePlaces). The destination's minutes are unknown: its last
 * stop's stand in.
 */
export function routePlaces(
  ends: { origin: string; originAr?: string | null; destination: string; destinationAr?: string | null },
  stops: readonly NamedStop[],
) {
  return [
    { index: 0, city: ends.origin, city_ar: ends.originAr ?? null, minutes: 0 },
    ...stops.map((stop, i) => ({ index: i + 1, ...stop })),
    {
      index: stops.length + 1,
      city: ends.destination,
      city_ar: ends.destinationAr ?? null,
      minutes: stops.at(-1)?.minutes ?? 0,
    },
  ];
}

/**
 * What a booking's ticket needs of its trip's stops: the towns, and where the booking boards and alights (read
 * from its row: the booking's document leaves them out).
 */
export async function ticketStops(db: Db, bookingId: string, tripStops: unknown) {
  const stops = await namedStops(db, tripStops);
  if (!stops.length) return { stops, legs: {} };
  const row = await db
    .selectFrom('bookings')
    .select(['boardingStop', 'alightingStop'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
  return { stops, legs: { boardingStop: row?.boardingStop, alightingStop: row?.alightingStop } };
}
