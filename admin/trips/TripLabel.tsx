// A trip as other screens name it: route, date and boarding time.
import Typography from '@mui/material/Typography';
import { useLocale, useRecordContext, useTranslate } from 'react-admin';
import { useReferenced } from '../generated/fields/RefField.tsx';
import { formatDay } from '../i18n/format.ts';

export function useTripName() {
  const trip = useRecordContext();
  const origin = useReferenced('trip_originId', 'origins');
  const destination = useReferenced('trip_destinationId', 'destinations');
  const translate = useTranslate();
  const locale = useLocale();
  if (!trip) return '';
  return translate('rihla.trips.trip_name', {
    route: translate('rihla.trips.route', {
      origin: origin?.origin_city ?? '…',
      destination: destination?.destination_city ?? '…',
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
