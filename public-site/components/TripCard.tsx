// One search result: where, when, who and how much, with the link to choose seats.
import { useId } from 'preact/hooks';
import { cityName, formatBoardingTime, formatPrice, formatTripDate } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { Trip } from '../lib/types.ts';
import { Facts } from './Facts.tsx';

export function TripCard({ trip }: { trip: Trip }) {
  const { m, lang } = useI18n();
  const headingId = useId();
  const origin = cityName(trip.trip_originId.origin_city, m);
  const destination = cityName(trip.trip_destinationId.destination_city, m);
  return (
    <article class="card trip-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{fill(m.trip.route, { origin, destination })}</h3>
      <Facts
        class="facts"
        rows={[
          [m.trip.from, origin],
          [m.trip.to, destination],
          [m.trip.boardingTime, formatBoardingTime(trip.trip_boarding_time, m)],
          [m.trip.company, trip.busId.bus_owner_companyId.company_name],
          [m.trip.date, formatTripDate(trip.trip_date, lang)],
          [m.trip.price, formatPrice(trip.trip_ticket_priceId.price, lang, m), 'price'],
        ]}
      />
      <a class="button" href={`/trip-details/${encodeURIComponent(trip._id)}`} aria-describedby={headingId}>
        {m.trip.reserveSeat}
      </a>
    </article>
  );
}
