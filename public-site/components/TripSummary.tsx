// The trip being booked, above the seat map.
import { cityName, formatBoardingTime, formatPrice, formatTripDate } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { Trip } from '../lib/types.ts';

export function TripSummary({ trip, price }: { trip: Trip; price: number }) {
  const { m, lang } = useI18n();
  const origin = cityName(trip.trip_originId.origin_city, m);
  const destination = cityName(trip.trip_destinationId.destination_city, m);
  return (
    <div class="banner">
      <h1>{fill(m.trip.route, { origin, destination })}</h1>
      <dl class="facts">
        <div>
          <dt>{m.trip.date}</dt>
          <dd>{formatTripDate(trip.trip_date, lang)}</dd>
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
          <dt>{m.trip.bus}</dt>
          <dd>{trip.busId.bus_number}</dd>
        </div>
        <div>
          <dt>{m.trip.price}</dt>
          <dd>{formatPrice(price, lang, m)}</dd>
        </div>
      </dl>
    </div>
  );
}
