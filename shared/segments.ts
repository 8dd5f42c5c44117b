// Routes with stops, seats by segment (issue 23): pure rules both the server and the front ends use.
// A trip runs origin (stop 0) → its intermediate stops 1..n → destination (stop n+1). Leg k is the road from
// stop k to stop k+1; a booking boarding at b and alighting at a holds legs b..a-1 of each of its seats, one
// booking_seats row per seat and leg, so the database's unique (trip, seat, leg) key is the only guard.
// A trip without stops has one leg (0) and one pair (0 → 1): exactly the trip of before.
// No zod here (the public site imports it); the zod schemas are in contract/segments.ts.

/** An intermediate stop: the town as the origins list and the destinations list name it, minutes after departure. */
export interface TripStop {
  originId: string;
  destinationId: string;
  minutes: number;
  /** The town's names, on answers only (a client sends the ids). */
  city?: string;
  city_ar?: string | null;
}

/** A fare between two stops (indexes: 0 the trip's origin, n+1 its destination). */
export interface TripFare {
  from: number;
  to: number;
  price: number;
}

export const MAX_STOPS = 8;
/** Latest stop after departure: two days (a search looks that far back for trips that pass a town on a date). */
export const MAX_STOP_MINUTES = 2880;

/** Problems of a route, each answered in English by the server and shown in Arabic by the front ends. */
export const ROUTE_MESSAGES = {
  stops: {
    en: `Stops are a list of at most ${MAX_STOPS}, each {originId, destinationId, minutes}: minutes after departure, a whole number from 1 to ${MAX_STOP_MINUTES}, each stop later than the one before.`,
    ar: `المحطات قائمة من ${MAX_STOPS} محطات على الأكثر، لكل منها {originId, destinationId, minutes}: الدقائق بعد الانطلاق عدد صحيح من 1 إلى ${MAX_STOP_MINUTES}، وكل محطة بعد التي قبلها.`,
  },
  stopTown: {
    en: 'Each stop must be one town, found in both the origins and the destinations lists, that is neither the trip’s origin nor its destination, and each town once.',
    ar: 'كل محطة مدينة واحدة موجودة في قائمتي مدن الانطلاق والوصول، ليست مدينة انطلاق الرحلة ولا وجهتها، وكل مدينة مرة واحدة.',
  },
  fares: {
    en: 'Fares are a list of {from, to, price}: stop numbers from 0 (the origin) to the number of stops + 1 (the destination), from before to, each pair once, and a positive price.',
    ar: 'الأسعار قائمة من {from, to, price}: أرقام المحطات من 0 (الانطلاق) إلى عدد المحطات + 1 (الوصول)، ومحطة الركوب قبل محطة النزول، وكل زوج مرة واحدة، وسعر موجب.',
  },
  endsFare: {
    en: 'The fare from the origin to the destination is the trip’s own price: leave that pair out of the fares.',
    ar: 'سعر الرحلة من الانطلاق إلى الوصول هو سعر الرحلة نفسه: لا تُدرج هذا الزوج في الأسعار.',
  },
  pairNotForSale: {
    en: 'This trip does not sell tickets between these stops. Please choose other boarding and alighting stops.',
    ar: 'لا تبيع هذه الرحلة تذاكر بين هاتين المحطتين. يرجى اختيار محطتي ركوب ونزول أخريين.',
  },
  stopsInUse: {
    en: 'Travellers hold tickets between stops this change would remove or stop selling. Cancel or move those bookings first.',
    ar: 'لدى مسافرين تذاكر بين محطات سيحذفها هذا التعديل أو يوقف بيعها. ألغِ تلك الحجوزات أو انقلها أولاً.',
  },
} as const;
export type RouteProblem = keyof typeof ROUTE_MESSAGES;

/** The trip's destination's stop index. */
export const lastStop = (stops: readonly unknown[]) => stops.length + 1;

/** The legs a booking from `boarding` to `alighting` holds. */
export function legsOf(boarding: number, alighting: number): number[] {
  const legs: number[] = [];
  for (let leg = boarding; leg < alighting; leg++) legs.push(leg);
  return legs;
}

/** Whether two bookings' stretches share a leg (touching ones, one alighting where the other boards, do not). */
export const overlaps = (a: { from: number; to: number }, b: { from: number; to: number }) =>
  a.from < b.to && b.from < a.to;

/**
 * The price of one seat from `from` to `to`: the trip's own price for its ends, the listed fare otherwise;
 * undefined when that pair is not for sale (or not a pair of this trip).
 */
export function fareOf(
  stops: readonly unknown[],
  fares: readonly TripFare[],
  tripPrice: number,
  from: number,
  to: number,
): number | undefined {
  const last = lastStop(stops);
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > last || from >= to)
    return undefined;
  if (from === 0 && to === last) return tripPrice;
  return fares.find((fare) => fare.from === from && fare.to === to)?.price;
}

/** A town's name compared across lists: case and spaces do not count. */
export const sameTownName = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && townKey(a) === townKey(b);

/**
 * Whether an origins row and a destinations row are one town: named alike in English, and in Arabic where both
 * have an Arabic name.
 */
export const sameTown = (
  origin: { origin_city: string; origin_city_ar?: string | null },
  destination: { destination_city: string; destination_city_ar?: string | null },
) =>
  sameTownName(origin.origin_city, destination.destination_city) &&
  (!origin.origin_city_ar ||
    !destination.destination_city_ar ||
    sameTownName(origin.origin_city_ar, destination.destination_city_ar));

/** A town's name as names are compared: ends trimmed, spaces within collapsed, letter case ignored. */
export const townKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The fares that fit a route of `stopCount` stops, checked against each other; the first problem found. */
export function faresProblem(stopCount: number, fares: readonly TripFare[]): RouteProblem | undefined {
  const last = stopCount + 1;
  const seen = new Set<string>();
  for (const fare of fares) {
    if (fare.from < 0 || fare.to > last || fare.from >= fare.to) return 'fares';
    if (fare.from === 0 && fare.to === last) return 'endsFare';
    const key = `${fare.from}-${fare.to}`;
    if (seen.has(key)) return 'fares';
    seen.add(key);
  }
  return undefined;
}

/** Minutes of each stop strictly increasing from the departure (the shape itself is zod's). */
export const stopsInOrder = (stops: readonly TripStop[]) =>
  stops.every((stop, i) => stop.minutes > (i === 0 ? 0 : stops[i - 1].minutes));

/**
 * The stop a town boards at and the one it alights at on a route: the origin (0) or a stop whose originId is
 * the town's; a stop whose destinationId is the town's, or the destination (n+1). Undefined when not passed.
 */
export function boardingIndex(tripOriginId: string, stops: readonly TripStop[], originId: string) {
  if (tripOriginId === originId) return 0;
  const i = stops.findIndex((stop) => stop.originId === originId);
  return i < 0 ? undefined : i + 1;
}
export function alightingIndex(tripDestinationId: string, stops: readonly TripStop[], destinationId: string) {
  if (tripDestinationId === destinationId) return stops.length + 1;
  const i = stops.findIndex((stop) => stop.destinationId === destinationId);
  return i < 0 ? undefined : i + 1;
}

/** Minutes after the trip's departure that a stop is left (the origin 0; the destination is never boarded). */
export const minutesAt = (stops: readonly TripStop[], index: number) =>
  index === 0 ? 0 : (stops[index - 1]?.minutes ?? 0);

/**
 * The pairs of towns between which a route's bus travels a road (`a` to `b` or back: town keys, townKey): every
 * town it boards at or before the road's first town, with every town it alights at or after the road's second
 * (as `from|to` keys). `towns` are the route's towns in order by key: its origin, its stops, its destination. A
 * bus between two such towns that names no stops may well travel the road too (issue 23's left-alone note: a
 * trip entered without stops was not caught by a road closure).
 */
export function pairsOverRoad(towns: readonly string[], a: string, b: string): Set<string> {
  const pairs = new Set<string>();
  for (const [first, second] of [
    [a, b],
    [b, a],
  ])
    for (let i = 0; i < towns.length; i++) {
      if (towns[i] !== first) continue;
      const j = towns.indexOf(second, i + 1);
      if (j < 0) continue;
      for (let p = 0; p <= i; p++)
        for (let q = j; q < towns.length; q++)
          if (towns[p] !== towns[q]) pairs.add(`${towns[p]}|${towns[q]}`);
    }
  return pairs;
}
