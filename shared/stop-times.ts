// A trip's stops as screens read them (issue 23): the clock time at a stop, the pairs of stops a fare may be
// set for, and the towns of a route in order. Pure; the wire shapes are the trips' `trip_stops`/`trip_fares`.
import { boardingMinutes, boardingTimeOfClock } from './rules.ts';

/** A stop of a trip: the town as an origin (boarding) and as a destination (alighting), minutes after departure. */
export interface StopOnWire {
  originId: string;
  destinationId: string;
  minutes: number;
}

/** A fare between two stop indexes (0 = the trip's origin … n + 1 = its destination). */
export interface FareOnWire {
  from: number;
  to: number;
  price: number;
}

const DAY_MINUTES = 24 * 60;

/**
 * The boarding time at a stop ("9:00 am" + 150 → "11:30 am"), and how many days after the departure's that
 * is (a night bus reaches Port Sudan the next morning).
 */
export function stopTime(departure: string, minutes: number): { time: string; days: number } {
  const total = boardingMinutes(departure) + Math.max(0, Math.round(minutes || 0));
  const inDay = total % DAY_MINUTES;
  const clock = `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
  return { time: boardingTimeOfClock(clock), days: Math.floor(total / DAY_MINUTES) };
}

/** Every pair of stop indexes a fare may be set for, given the number of intermediate stops: ends excluded. */
export function farePairs(stopCount: number): Array<[from: number, to: number]> {
  const last = stopCount + 1;
  const pairs: Array<[number, number]> = [];
  for (let from = 0; from < last; from++)
    for (let to = from + 1; to <= last; to++) if (from !== 0 || to !== last) pairs.push([from, to]);
  return pairs;
}

/** The fares that still name stops of a route of `stopCount` stops, each pair once, the ends' left out. */
export function faresWithin(fares: readonly FareOnWire[], stopCount: number): FareOnWire[] {
  const seen = new Set<string>();
  return fares.filter(({ from, to }) => {
    const key = `${from}-${to}`;
    const ok = from >= 0 && to <= stopCount + 1 && from < to && !(from === 0 && to === stopCount + 1);
    if (!ok || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The minutes of each stop of a route, 0 for the origin, as given for the others (the destination unknown). */
export const stopMinutes = (stops: readonly StopOnWire[]) => [0, ...stops.map((stop) => stop.minutes)];
