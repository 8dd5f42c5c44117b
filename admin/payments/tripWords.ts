// A booking's trip in the words staff read: route, departure (day and boarding time), bus and company.
import { formatDay } from '../i18n/format.ts';
import { localName } from '../i18n/localName.tsx';
import type { Trip } from './paymentsApi.ts';

type Translate = (key: string, options?: any) => string;

export function tripWords(trip: Trip | null | undefined, translate: Translate, locale: string) {
  if (!trip) return undefined;
  return {
    // Cities and company in the page's language where they have an Arabic name (localName.tsx).
    route: translate('rihla.trips.route', {
      origin: localName(trip.trip_originId, 'origin_city', locale),
      destination: localName(trip.trip_destinationId, 'destination_city', locale),
    }),
    day: formatDay(trip.trip_date, locale),
    time: translate(`rihla.choices.${trip.trip_boarding_time}`),
    bus: trip.busId.bus_number,
    company: localName(trip.busId.bus_owner_companyId, 'company_name', locale),
  };
}

/** What a booking costs: its total (a list whose first entry is the total shown). */
export const amountOf = (booking: { totalTicketPrice: readonly number[] }) =>
  booking.totalTicketPrice[0] ?? 0;
