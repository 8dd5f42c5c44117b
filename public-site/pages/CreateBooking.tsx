// Find and book: note, banner, search form, spinner, result cards or the no-trips
// message. The search is kept in the address (?origin=&destination=&date=) so that coming back from a
// trip shows the same results.
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso/router';
import { Notice } from '../components/Notice.tsx';
import { SearchForm } from '../components/SearchForm.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { TripCard } from '../components/TripCard.tsx';
import { withQuery } from '../lib/api.ts';
import { fill } from '../lib/i18n.ts';
import { rememberSearch } from '../lib/last-search.ts';
import { useCities } from '../lib/use-cities.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { useTripSearch, type SearchParams } from '../lib/use-trip-search.ts';
import { TripDetails } from './lazy.ts';

const isComplete = (params: SearchParams) => Boolean(params.origin && params.destination && params.date);

export default function CreateBooking() {
  const { m } = useI18n();
  const { query, route } = useLocation();
  const { cities, failed, retry } = useCities();
  const search = useTripSearch();
  const [params, setParams] = useState<SearchParams>({
    origin: query.origin ?? '',
    destination: query.destination ?? '',
    date: query.date ?? '',
  });
  const [error, setError] = useState('');

  useEffect(() => {
    if (!isComplete(params)) return;
    rememberSearch(withQuery('/create-booking', { ...params }));
    void search.run(params);
    // Only the search in the address when the page opens; later searches come from the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // The traveller will most likely open a trip next: fetch that page's code while they read.
    if (search.trips.length > 0) void TripDetails.preload();
  }, [search.trips]);

  const onSearch = (next: SearchParams) => {
    if (!isComplete(next)) return setError(m.search.allRequired);
    setError('');
    const url = withQuery('/create-booking', { ...next });
    rememberSearch(url);
    route(url, true);
    void search.run(next);
  };

  const found = search.status === 'done' && search.trips.length > 0;
  return (
    <section class="page">
      <Notice>{m.search.note}</Notice>
      <div class="banner">
        <h1>{m.search.bannerTitle}</h1>
        <p>{m.search.bannerText}</p>
      </div>
      {failed && (
        <div class="message error" role="alert">
          <p>{m.search.citiesFailed}</p>
          <button type="button" class="button secondary" onClick={retry}>
            {m.common.retry}
          </button>
        </div>
      )}
      {!found && cities && (
        <SearchForm
          cities={cities}
          value={params}
          onChange={setParams}
          onSearch={onSearch}
          error={error}
          busy={search.status === 'searching'}
        />
      )}
      {!cities && !failed && <Spinner label={m.common.loading} />}
      {search.status === 'searching' && <Spinner label={m.search.searching} />}
      {search.status === 'failed' && (
        <p class="message error" role="alert">
          {m.search.failed}
        </p>
      )}
      {search.status === 'done' && !found && (
        <Notice tone="warning" role="status">
          <strong>{m.search.noTripsTitle}</strong> {m.search.noTripsText}
        </Notice>
      )}
      {found && (
        <section aria-labelledby="results-title">
          <div class="results-head">
            <h2 id="results-title">{m.search.resultsTitle}</h2>
            <p role="status">{fill(m.search.resultsCount, { count: search.trips.length })}</p>
            <button type="button" class="button secondary" onClick={search.reset}>
              {m.search.newSearch}
            </button>
          </div>
          <ul class="cards">
            {search.trips.map((trip) => (
              <li key={trip._id}>
                <TripCard trip={trip} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
