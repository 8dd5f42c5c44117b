// The trip being booked, above the seat map.
import { formatPrice, formatTripDate, tripNames } from '../lib/format.ts';
import { legFacts, useLegNames } from '../lib/use-leg-names.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { Trip } from '../lib/types.ts';
import { Facts } from './Facts.tsx';

export function TripSummary({ trip, price }: { trip: Trip; price: number }) {
  const { m, lang } = useI18n();
  const { company } = tripNames(trip, lang);
  const { origin, destination, boardingTime, arrival, route } = useLegNames(trip);
  return (
    <div class="banner">
      <h1>{fill(m.trip.route, { origin, destination })}</h1>
      <Facts
        class="facts"
        rows={[
          [m.trip.date, formatTripDate(trip.trip_date, lang)],
          [m.trip.boardingTime, boardingTime],
          ...legFacts(m, arrival, route),
          [m.trip.company, company],
          [m.trip.bus, trip.busId.bus_number],
          [m.trip.price, formatPrice(price, lang, m)],
        ]}
      />
    </div>
  );
}
