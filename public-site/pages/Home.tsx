// The home page: the spec's hero (welcome, what is on sale, its two buttons) with the trip search in it, the
// results under the hero once a search is made (kept in the address, ?origin=&destination=&date=, as on the
// find-and-book page), and the four offers.
import { OnSale } from '../components/OnSale.tsx';
import { TripResults, TripSearchPanel } from '../components/TripFinder.tsx';
import { useI18n } from '../lib/use-i18n.ts';
import { useTripFinder } from '../lib/use-trip-finder.ts';

const OFFERS = ['online', 'enjoy', 'support', 'green'] as const;

export default function Home() {
  const { m } = useI18n();
  const finder = useTripFinder('/');
  return (
    <>
      <section class="hero">
        <h1>{m.home.heroTitle}</h1>
        <p>{m.home.heroText}</p>
        {!finder.found && (
          <div class="hero-search">
            <TripSearchPanel finder={finder} />
          </div>
        )}
        <OnSale />
        <div class="actions">
          <a class="button" href="/create-booking">
            {m.home.bookTickets}
          </a>
          <a class="button secondary" href="/cancel-reservation">
            {m.home.cancelReservation}
          </a>
        </div>
      </section>
      {finder.found && (
        <div class="page">
          <TripResults finder={finder} />
        </div>
      )}
      <section class="page" aria-labelledby="offers-title">
        <h2 id="offers-title">{m.home.offersTitle}</h2>
        <ul class="cards">
          {OFFERS.map((key) => (
            <li key={key} class={`card offer offer-${key}`}>
              <h3>{m.home.offers[key].title}</h3>
              <p>{m.home.offers[key].text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
