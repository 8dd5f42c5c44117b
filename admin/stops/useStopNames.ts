// The names of a route's stops by index, in the page's language: 0 its origin, 1 … n its stops, n + 1 its
// destination.
import type { StopOnWire } from '../../shared/stop-times.ts';
import { useRecordContext } from 'react-admin';
import { asStops, idOf, routePrefix } from './routeFields.ts';
import { useTowns } from './useTowns.ts';

interface Route {
  originId: string;
  destinationId: string;
  stops: readonly StopOnWire[];
}

export function useStopNames({ originId, destinationId, stops }: Route): string[] {
  const { originName, destinationName } = useTowns();
  return [
    originName.get(originId) ?? '',
    ...stops.map((stop) => originName.get(stop.originId) ?? ''),
    destinationName.get(destinationId) ?? '',
  ];
}

/** The route of the record in context (a trip or a timetable): its stops and their names by index. */
export function useRecordRoute(resource: string, stopsSource: string) {
  const record = useRecordContext();
  const prefix = routePrefix(resource);
  const stops = asStops(record?.[stopsSource]);
  const names = useStopNames({
    originId: idOf(record?.[`${prefix}_originId`]),
    destinationId: idOf(record?.[`${prefix}_destinationId`]),
    stops,
  });
  return { record, prefix, stops, names };
}
