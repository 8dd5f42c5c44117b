import { useI18n } from '../lib/use-i18n.ts';

const OFFERS = ['online', 'enjoy', 'support', 'green'] as const;

export default function Home() {
  const { m } = useI18n();
  return (
    <>
      <section class="hero">
        <h1>{m.home.heroTitle}</h1>
        <p>{m.home.heroText}</p>
        <p>{m.home.destinations}</p>
        <div class="actions">
          <a class="button" href="/create-booking">
            {m.home.bookTickets}
          </a>
          <a class="button secondary" href="/cancel-reservation">
            {m.home.cancelReservation}
          </a>
        </div>
      </section>
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
