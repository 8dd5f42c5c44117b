// Which fields of a form or record hold a route's ends and departure: a trip's `trip_*`, a timetable's
// `timetable_*` (the stops and fares inputs serve both); both keep their stops in `trip_stops`.
import { useWatch } from 'react-hook-form';
import type { FareOnWire, StopOnWire } from '../../shared/stop-times.ts';

export const STOPS_FIELD = 'trip_stops';

export const routePrefix = (resource: string) => (resource === 'timetables' ? 'timetable' : 'trip');

/** An id as forms hold it: a reference may arrive populated ({_id, …}). */
export const idOf = (value: unknown): string =>
  value && typeof value === 'object'
    ? String((value as { _id?: unknown; id?: unknown })._id ?? (value as { id?: unknown }).id)
    : String(value ?? '');

export const asStops = (value: unknown): StopOnWire[] => (Array.isArray(value) ? value : []);
export const asFares = (value: unknown): FareOnWire[] => (Array.isArray(value) ? value : []);

/** The route's ends and departure time as the form holds them now. */
export function useRouteInForm(resource: string, stopsSource?: string) {
  const prefix = routePrefix(resource);
  const [originId, destinationId, boardingTime, stops] = useWatch({
    name: [
      `${prefix}_originId`,
      `${prefix}_destinationId`,
      `${prefix}_boarding_time`,
      stopsSource ?? STOPS_FIELD,
    ],
  }) as unknown[];
  return {
    originId: idOf(originId),
    destinationId: idOf(destinationId),
    boardingTime: typeof boardingTime === 'string' ? boardingTime : '',
    stops: asStops(stops),
  };
}
