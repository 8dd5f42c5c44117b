// One search result: where, when, who, how much and how many seats are left, with the link to choose seats.
import { useId } from 'preact/hooks';
import { formatNumber, formatPrice, formatTripDate, tripNames } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { Trip } from '../lib/types.ts';
import { legsOf, legsPrice, legsQuery } from '../lib/legs.ts';
import { useLegNames } from '../lib/use-leg-names.ts';
import { Facts, legFacts } from './Facts.tsx';

/** At most this many seats left is worth a second look. */
const FEW_SEATS = 5;

const seatsLeft = (trip: Trip) =>
  Math.max(0, trip.busId.bus_number_of_seats - (trip.bookedSeats?.length ?? 0));

export function TripCard({ trip }: { trip: Trip }) {
  const { m, lang } = useI18n();
  const headingId = useId();
  const { company } = tripNames(trip, lang);
  const left = seatsLeft(trip);
  // The traveller's legs of a trip with stops: their towns, the time at their boarding stop, their fare.
  const { origin, destination, boardingTime, arrival, route } = useLegNames(trip);
  return (
    <article class="card trip-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{fill(m.trip.route, { origin, destination })}</h3>
      <Facts
        class="facts"
        rows={[
          [m.trip.from, origin],
          [m.trip.to, destination],
          [m.trip.boardingTime, boardingTime],
          ...legFacts(m, arrival, route),
          [m.trip.company, company],
          [m.trip.date, formatTripDate(trip.trip_date, lang)],
          [m.trip.price, formatPrice(legsPrice(trip), lang, m), 'price'],
          [
            m.trip.seatsLeft,
            left > 0 ? formatNumber(left, lang) : m.trip.full,
            left <= FEW_SEATS ? 'seats-left few' : 'seats-left',
          ],
        ]}
      />
      {left > 0 && (
        <a
          class="button"
          href={`/trip-details/${encodeURIComponent(trip._id)}${legsQuery(trip, legsOf(trip))}`}
          aria-describedby={headingId}
        >
          {m.trip.reserveSeat}
        </a>
      )}
    </article>
  );
}
