// One search result: where, when, who, how much and how many seats are left, with the link to choose seats.
import { useId } from 'preact/hooks';
import { formatBoardingTime, formatNumber, formatPrice, formatTripDate, tripNames } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { Trip } from '../lib/types.ts';
import { searchStretch } from '../lib/search-stretch.ts';
import { Facts } from './Facts.tsx';

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
  const { origin, destination, time, price, query } = searchStretch(trip, lang);
  return (
    <article class="card trip-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{fill(m.trip.route, { origin, destination })}</h3>
      <Facts
        class="facts"
        rows={[
          [m.trip.from, origin],
          [m.trip.to, destination],
          [m.trip.boardingTime, formatBoardingTime(time, m)],
          [m.trip.company, company],
          [m.trip.date, formatTripDate(trip.trip_date, lang)],
          [m.trip.price, formatPrice(price, lang, m), 'price'],
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
          href={`/trip-details/${encodeURIComponent(trip._id)}${query}`}
          aria-describedby={headingId}
        >
          {m.trip.reserveSeat}
        </a>
      )}
    </article>
  );
}
