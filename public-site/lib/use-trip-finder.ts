// The trip search of the home and find-and-book pages: the form's values, the search kept in the page's
// address (?origin=&destination=&date=) so that coming back from a trip shows the same results, and the trip
// page's code fetched while the traveller reads them.
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso/router';
import { TripDetails } from '../pages/lazy.ts';
import { withQuery } from './api.ts';
import { rememberSearch } from './last-search.ts';
import { useCities } from './use-cities.ts';
import { useTripSearch, type SearchParams } from './use-trip-search.ts';

const isComplete = (params: SearchParams) => Boolean(params.origin && params.destination && params.date);

export function useTripFinder(basePath: string) {
  const { query, route } = useLocation();
  const cities = useCities();
  const search = useTripSearch();
  const [params, setParams] = useState<SearchParams>({
    origin: query.origin ?? '',
    destination: query.destination ?? '',
    date: query.date ?? '',
  });
  /** The search the results answer (the form may have changed since). */
  const [searched, setSearched] = useState<SearchParams | null>(null);
  const [missing, setMissing] = useState(false);

  const run = (next: SearchParams) => {
    const url = withQuery(basePath, { ...next });
    rememberSearch(url);
    setSearched(next);
    void search.run(next);
    return url;
  };

  useEffect(() => {
    // Only the search in the address when the page opens; later searches come from the form.
    if (isComplete(params)) run(params);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // The traveller will most likely open a trip next: fetch that page's code while they read.
    if (search.trips.length > 0) void TripDetails.preload();
  }, [search.trips]);

  const onSearch = (next: SearchParams) => {
    setMissing(!isComplete(next));
    if (isComplete(next)) route(run(next), true);
  };

  return {
    ...cities,
    search,
    params,
    setParams,
    onSearch,
    /** All three fields are required: the form was sent without one. */
    missing,
    searched,
    found: search.status === 'done' && search.trips.length > 0,
  };
}

export type TripFinder = ReturnType<typeof useTripFinder>;
