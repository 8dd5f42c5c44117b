// Runs the trip search; a newer search wins over an older one still on its way. A refresh keeps the trips on
// screen until the new answer comes (a failed refresh keeps them).
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

  const search = useCallback(async (params: SearchParams, keep: boolean) => {
    const ticket = ++latest.current;
    if (!keep) setState({ status: 'searching', trips: [] });
    try {
      const trips = await getJson<Trip[]>(withQuery(apiPaths.filterTrips, { ...params }));
      if (ticket === latest.current) setState({ status: 'done', trips });
    } catch {
      if (ticket === latest.current && !keep) setState({ status: 'failed', trips: [] });
    }
  }, []);
  const run = useCallback((params: SearchParams) => search(params, false), [search]);
  /** The same search again, the trips found so far kept on screen (and the traveller's choice among them). */
  const refresh = useCallback((params: SearchParams) => search(params, true), [search]);

  const reset = useCallback(() => {
    latest.current++;
    setState({ status: 'idle', trips: [] });
  }, []);

  return { ...state, run, refresh, reset };
}
