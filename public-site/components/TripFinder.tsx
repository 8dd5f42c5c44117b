// The trip search as the home and find-and-book pages show it: the form (once the cities are there) with
// what the search is doing under it, and the results, which restate the route and the day searched and
// take focus when they arrive (on a phone they may start below the fold).
import { useEffect, useRef } from 'preact/hooks';
import { formatTripDate } from '../lib/format.ts';
import { searchStretch } from '../lib/search-stretch.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { TripFinder } from '../lib/use-trip-finder.ts';
import { Notice } from './Notice.tsx';
import { SearchForm } from './SearchForm.tsx';
import { Spinner } from './Spinner.tsx';
import { TripCard } from './TripCard.tsx';

export function TripSearchPanel({ finder }: { finder: TripFinder }) {
  const { m } = useI18n();
  const { cities, failed, retry, search, found } = finder;
  return (
    <>
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
          value={finder.params}
          onChange={finder.setParams}
          onSearch={finder.onSearch}
          error={finder.missing ? m.search.allRequired : ''}
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
    </>
  );
}

export function TripResults({ finder }: { finder: TripFinder }) {
  const { m, lang } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const { search, found, searched } = finder;

  useEffect(() => {
    if (found) heading.current?.focus();
  }, [found]);

  if (!found) return null;
  // The stretch searched (a trip with stops passes it on its way), as the first result's stops name it.
  const { origin, destination } = searchStretch(search.trips[0], lang);
  return (
    <section class="trip-results" aria-labelledby="results-title">
      <div class="results-head">
        <h2 id="results-title" ref={heading} tabIndex={-1}>
          {m.search.resultsTitle}
        </h2>
        <p class="results-route">
          <strong>{fill(m.trip.route, { origin, destination })}</strong>
          {searched && <span>{formatTripDate(searched.date, lang)}</span>}
        </p>
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
  );
}
