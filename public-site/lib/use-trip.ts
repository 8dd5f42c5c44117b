// Loads one trip for the seat map; reload() fetches it again (after a seat was taken meanwhile).
import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiError, getJson } from './api.ts';
import { apiPaths } from './api-paths.ts';
import type { Trip } from './types.ts';

export type TripState =
  | { status: 'loading'; trip?: Trip }
  | { status: 'ready'; trip: Trip }
  | { status: 'notFound' | 'failed'; trip?: undefined };

export function useTrip(id: string) {
  const [state, setState] = useState<TripState>({ status: 'loading' });

  const load = useCallback(async () => {
    setState((previous) => ({ status: 'loading', trip: previous.trip }));
    try {
      setState({ status: 'ready', trip: await getJson<Trip>(apiPaths.trip(id)) });
    } catch (error) {
      const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
      setState({ status: notFound ? 'notFound' : 'failed' });
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  return { ...state, reload: load };
}
