// Origin and destination cities for the search form, fetched once per visit, with their Arabic names.
import { useEffect, useState } from 'preact/hooks';
import { getJson } from './api.ts';
import { apiPaths } from './api-paths.ts';
import type { DestinationCity, OriginCity } from './types.ts';

export interface City {
  id: string;
  name: string;
  /** The Arabic name staff gave, or null. */
  nameAr: string | null;
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
      origins: origins.map((c) => ({ id: c._id, name: c.origin_city, nameAr: c.origin_city_ar ?? null })),
      destinations: destinations.map((c) => ({
        id: c._id,
        name: c.destination_city,
        nameAr: c.destination_city_ar ?? null,
      })),
    }),
    (error: unknown) => {
      cached = null; // let the next attempt try again
      throw error;
    },
  );
  return cached;
}

/** Starts fetching the cities before the page needs them (while the messages of the language arrive). */
export function prefetchCities() {
  fetchCities().catch(() => {
    // The page asks again, and says so if it fails.
  });
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

/** Forgets the cities fetched, as a new visit would (component tests serve different ones). */
export function forgetCities() {
  cached = null;
}
