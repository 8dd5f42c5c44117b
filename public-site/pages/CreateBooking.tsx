// Find and book: note, banner (until results show), search form, spinner, result cards or the no-trips
// message. The search is kept in the address (?origin=&destination=&date=) so that coming back from a trip
// shows the same results.
import { Notice } from '../components/Notice.tsx';
import { TripResults, TripSearchPanel } from '../components/TripFinder.tsx';
import { useI18n } from '../lib/use-i18n.ts';
import { useTripFinder } from '../lib/use-trip-finder.ts';

export default function CreateBooking() {
  const { m } = useI18n();
  const finder = useTripFinder('/create-booking');
  return (
    <section class="page">
      <Notice>{m.search.note}</Notice>
      {!finder.found && (
        <div class="banner">
          <h1>{m.search.bannerTitle}</h1>
          <p>{m.search.bannerText}</p>
        </div>
      )}
      <TripSearchPanel finder={finder} />
      <TripResults finder={finder} />
    </section>
  );
}
