// One search result: where, when, who and how much, with the link to choose seats.
import { useId } from 'preact/hooks';
import { cityName, formatBoardingTime, formatPrice, formatTripDate } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { Trip } from '../lib/types.ts';

export function TripCard({ trip }: { trip: Trip }) {
  const { m, lang } = useI18n();
  const headingId = useId();
  const origin = cityName(trip.trip_originId.origin_city, m);
  const destination = cityName(trip.trip_destinationId.destination_city, m);
  return (
    <article class="card trip-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{fill(m.trip.route, { origin, destination })}</h3>
      <dl class="facts">
        <div>
          <dt>{m.trip.from}</dt>
          <dd>{origin}</dd>
        </div>
        <div>
          <dt>{m.trip.to}</dt>
          <dd>{destination}</dd>
        </div>
        <div>
          <dt>{m.trip.boardingTime}</dt>
          <dd>{formatBoardingTime(trip.trip_boarding_time, m)}</dd>
        </div>
        <div>
          <dt>{m.trip.company}</dt>
          <dd>{trip.busId.bus_owner_companyId.company_name}</dd>
        </div>
        <div>
          <dt>{m.trip.date}</dt>
          <dd>{formatTripDate(trip.trip_date, lang)}</dd>
        </div>
        <div>
          <dt>{m.trip.price}</dt>
          <dd class="price">{formatPrice(trip.trip_ticket_priceId.price, lang, m)}</dd>
        </div>
      </dl>
      <a class="button" href={`/trip-details/${encodeURIComponent(trip._id)}`} aria-describedby={headingId}>
        {m.trip.reserveSeat}
      </a>
    </article>
  );
}
