// Runs the trip search; a newer search wins over an older one still on its way.
import { useCallback, useRef, useState } from 'preact/hooks';
import { getJson, withQuery } from './api.ts';
import { apiPaths } from './api-paths.ts';
import type { Trip } from './types.ts';

export interface SearchParams {
  origin: string;
  destination: string;
  date: string;
}

type Status = 'idle' | 'searching' | 'done' | 'failed';

export function useTripSearch() {
  const [state, setState] = useState<{ status: Status; trips: Trip[] }>({ status: 'idle', trips: [] });
  const latest = useRef(0);

  const run = useCallback(async (params: SearchParams) => {
    const ticket = ++latest.current;
    setState({ status: 'searching', trips: [] });
    try {
      const trips = await getJson<Trip[]>(withQuery(apiPaths.filterTrips, { ...params }));
      if (ticket === latest.current) setState({ status: 'done', trips });
    } catch {
      if (ticket === latest.current) setState({ status: 'failed', trips: [] });
    }
  }, []);

  const reset = useCallback(() => {
    latest.current++;
    setState({ status: 'idle', trips: [] });
  }, []);

  return { ...state, run, reset };
}
