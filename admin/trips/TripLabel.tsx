// A trip as other screens name it: route (its cities in the page's language), date and boarding time.
import Typography from '@mui/material/Typography';
import { useLocale, useRecordContext, useTranslate } from 'react-admin';
import { useReferenced } from '../generated/fields/RefField.tsx';
import { formatDay } from '../i18n/format.ts';
import { localName } from '../i18n/localName.tsx';
import { useRecordRoute } from '../stops/useStopNames.ts';

/** A trip's route with its stops ("Khartoum → Wad Madani → … → Port Sudan"), or undefined without stops. */
export function useStopsRoute(): string | undefined {
  const translate = useTranslate();
  const { stops, names } = useRecordRoute('trips', 'trip_stops');
  return stops.length
    ? names.map((name) => name || '…').join(translate('rihla.stops.route_separator'))
    : undefined;
}

export function useTripName() {
  const trip = useRecordContext();
  const origin = useReferenced('trip_originId', 'origins');
  const destination = useReferenced('trip_destinationId', 'destinations');
  const translate = useTranslate();
  const locale = useLocale();
  const withStops = useStopsRoute();
  if (!trip) return '';
  return translate('rihla.trips.trip_name', {
    route:
      withStops ??
      translate('rihla.trips.route', {
        origin: origin ? localName(origin, 'origin_city', locale) : '…',
        destination: destination ? localName(destination, 'destination_city', locale) : '…',
      }),
    date: formatDay(String(trip.trip_date), locale),
    time: translate(`rihla.choices.${trip.trip_boarding_time}`),
  });
}

export function TripLabel() {
  const name = useTripName();
  return (
    <Typography component="span" variant="body2">
      {name}
    </Typography>
  );
}
