// Origin and destination cities for the search form, fetched once per visit.
import { useEffect, useState } from 'preact/hooks';
import { getJson } from './api.ts';
import { apiPaths } from './api-paths.ts';
import type { DestinationCity, OriginCity } from './types.ts';

export interface City {
  id: string;
  name: string;
}

export interface Cities {
  origins: City[];
  destinations: City[];
}

let cached: Promise<Cities> | null = null;

function fetchCities(): Promise<Cities> {
  cached ??= Promise.all([
    getJson<OriginCity[]>(apiPaths.origins),
    getJson<DestinationCity[]>(apiPaths.destinations),
  ]).then(
    ([origins, destinations]) => ({
      origins: origins.map((c) => ({ id: c._id, name: c.origin_city })),
      destinations: destinations.map((c) => ({ id: c._id, name: c.destination_city })),
    }),
    (error: unknown) => {
      cached = null; // let the next attempt try again
      throw error;
    },
  );
  return cached;
}

export function useCities() {
  const [cities, setCities] = useState<Cities | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setFailed(false);
    fetchCities().then(
      (result) => alive && setCities(result),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [attempt]);

  return { cities, failed, retry: () => setAttempt((n) => n + 1) };
}
