// How a trip reads for the traveller's legs (issue 23): the towns they board and get off at, the time at their
// boarding stop (and at their stop of arrival, when the bus goes on), and the bus's whole route when it stops
// on the way. For a trip without stops: its two ends at its boarding time, as before.
import { formatBoardingTime } from './format.ts';
import { legsOf, stopNames, stopsOf, timeAtStop } from './legs.ts';
import type { Trip } from './types.ts';
import { useCities } from './use-cities.ts';
import { useI18n } from './use-i18n.ts';
import type { PublicMessages } from './i18n.ts';
import type { Fact } from '../components/Facts.tsx';

export function useLegNames(trip: Trip) {
  const { m, lang } = useI18n();
  const stopCount = stopsOf(trip).length;
  // Intermediate stops are named from the cities list (the search form's, fetched once per visit).
  const origins = useCities().cities?.origins;
  const names = stopNames(trip, lang, origins);
  const legs = legsOf(trip);
  return {
    origin: names[legs.boardingStop]!,
    destination: names[legs.alightingStop]!,
    boardingTime: formatBoardingTime(timeAtStop(trip, legs.boardingStop), m),
    arrival:
      legs.alightingStop <= stopCount
        ? formatBoardingTime(timeAtStop(trip, legs.alightingStop), m)
        : undefined,
    route: stopCount ? names.join(m.trip.stopSeparator) : undefined,
  };
}

/** A trip with stops: the time at the traveller's stop of arrival, and the bus's whole route. */
export const legFacts = (m: PublicMessages, arrival?: string, route?: string): Fact[] => [
  ...(arrival ? [[m.trip.arrival, arrival] as Fact] : []),
  ...(route ? [[m.trip.busRoute, route] as Fact] : []),
];
