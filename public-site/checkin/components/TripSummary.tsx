// One trip in a few words: route, day and time, bus and company (Arabic names where given).
import { formatDay } from '../../../shared/i18n/format.ts';
import { boardingTime, companyName, routeName } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.ts';
import { Filled, Ltr } from './Words.tsx';
import type { CheckinPackage, TripDocument } from '../lib/types.ts';

export type TripFacts = CheckinPackage['trip'];

/** A trip of getAllTrips in the package's words. */
export const factsOf = (trip: TripDocument): TripFacts => ({
  _id: trip._id,
  trip_date: trip.trip_date,
  trip_boarding_time: trip.trip_boarding_time,
  departure: '',
  isCancelled: trip.isCancelled,
  origin_city: trip.trip_originId.origin_city,
  origin_city_ar: trip.trip_originId.origin_city_ar,
  destination_city: trip.trip_destinationId.destination_city,
  destination_city_ar: trip.trip_destinationId.destination_city_ar,
  bus_number: trip.busId.bus_number,
  company_name: trip.busId.bus_owner_companyId.company_name,
  company_name_ar: trip.busId.bus_owner_companyId.company_name_ar,
});

export function TripSummary({ trip, heading = 'h3' }: { trip: TripFacts; heading?: 'h1' | 'h2' | 'h3' }) {
  const { m, lang } = useI18n();
  const Heading = heading;
  return (
    <>
      <Heading class="trip-route">{routeName(trip, lang)}</Heading>
      <p class="trip-line">
        <Filled
          text={m.check.tripLine}
          values={{
            date: formatDay(trip.trip_date, lang, { year: undefined }),
            time: boardingTime(trip.trip_boarding_time, m),
            bus: <Ltr>{trip.bus_number}</Ltr>,
          }}
        />
        {' · '}
        {companyName(trip, lang)}
      </p>
      {trip.isCancelled && <p class="note note-error">{m.trips.cancelledTrip}</p>}
    </>
  );
}
