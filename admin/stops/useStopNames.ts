// The names of a route's stops by index, in the page's language: 0 its origin, 1 … n its stops, n + 1 its
// destination.
import type { StopOnWire } from '../../shared/stop-times.ts';
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
