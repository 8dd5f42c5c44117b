// The routes with a trip on sale now (GET /api/trips/onSale, a small answer the browser keeps a minute),
// fetched once per visit, for the home page.
import { useEffect, useState } from 'preact/hooks';
import { getJson } from './api.ts';
import { apiPaths } from './api-paths.ts';
import type { RouteOnSale } from './types.ts';

let cached: Promise<RouteOnSale[]> | null = null;

function fetchRoutesOnSale(): Promise<RouteOnSale[]> {
  cached ??= getJson<RouteOnSale[]>(apiPaths.routesOnSale).catch((error: unknown) => {
    cached = null; // a later view may try again
    throw error;
  });
  return cached;
}

/** Starts fetching before the page needs them (while the messages of the language arrive). */
export function prefetchRoutesOnSale() {
  fetchRoutesOnSale().catch(() => {
    // The page asks again; without them it says nothing of what is on sale.
  });
}

/** Undefined while they arrive or when they cannot be fetched (the page then names no city). */
export function useRoutesOnSale(): RouteOnSale[] | undefined {
  const [routes, setRoutes] = useState<RouteOnSale[]>();
  useEffect(() => {
    let alive = true;
    fetchRoutesOnSale().then(
      (found) => alive && setRoutes(found),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  return routes;
}

/** Forgets the routes fetched, as a new visit would (component tests serve different ones). */
export function forgetRoutesOnSale() {
  cached = null;
}
