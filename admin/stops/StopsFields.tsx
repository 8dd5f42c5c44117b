// A route's stops and fares on a detail page (issue 23): each stop with its time, each pair with its price.
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import { stopTime } from '../../shared/stop-times.ts';
import { formatMoney } from '../i18n/format.ts';
import { asFares, STOPS_FIELD } from './routeFields.ts';
import { useRecordRoute } from './useStopNames.ts';

interface FieldProps {
  source: string;
  resource: string;
}

export function StopsField({ source, resource }: FieldProps) {
  const translate = useTranslate();
  const { record, prefix, stops, names } = useRecordRoute(resource, source);
  if (!stops.length) return <Typography variant="body2">{translate('rihla.stops.none')}</Typography>;
  const departure = String(record?.[`${prefix}_boarding_time`] ?? '');
  return (
    <Typography variant="body2" component="ol" sx={{ m: 0, ps: 3 }} data-testid="stops-field">
      {stops.map((stop, index) => {
        const at = departure ? stopTime(departure, stop.minutes) : undefined;
        const time = at && translate(`rihla.choices.${at.time}`);
        return (
          <li key={index}>
            {names[index + 1] || '…'}
            {at && ` · ${translate(at.days ? 'rihla.stops.next_day' : 'rihla.stops.at', { time })}`}
          </li>
        );
      })}
    </Typography>
  );
}

export function FaresField({ source, resource }: FieldProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const { record, names } = useRecordRoute(resource, STOPS_FIELD);
  const fares = asFares(record?.[source]);
  if (!fares.length) return null;
  return (
    <Typography variant="body2" component="ul" sx={{ m: 0, ps: 3 }} data-testid="fares-field">
      {fares.map(({ from, to, price }) => (
        <li key={`${from}-${to}`}>
          {translate('rihla.stops.pair', { from: names[from] || '…', to: names[to] || '…' })}:{' '}
          <bdi>{formatMoney(price, locale, translate)}</bdi>
        </li>
      ))}
    </Typography>
  );
}
