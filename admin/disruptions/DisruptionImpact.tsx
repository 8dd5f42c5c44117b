// What a disruption does (or, in a preview, would do): the totals — trips, bookings, travellers to choose,
// unpaid holds released, passengers, phones to tell, money paid and proofs not yet checked — then each trip
// with its figures and its outcome (a trip left as it was says why), and its route when the trips are of
// more than one (a closed road's are). A closed road's preview and result also list the trips it may concern but
// leaves as they were (direct buses that name no stops, between towns other buses join over the road), which
// staff can open on their own.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGetList, useLocale, useTranslate } from 'react-admin';
import type { DisruptAnswer } from '../data/dataProvider.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { formatDay, formatMoney, formatNumber } from '../i18n/format.ts';
import { localName } from '../i18n/localName.tsx';

const COUNTS = ['bookings', 'waiting', 'released', 'passengers', 'phones'] as const;
const MONEY = ['paid', 'undecided'] as const;
const ALL = { pagination: { page: 1, perPage: 500 } };

type Unsure = NonNullable<DisruptAnswer['unsure']>;
type RouteNamed = Pick<DisruptAnswer['trips'][number], 'trip_originId' | 'trip_destinationId'>;

/** Each trip's route in the page's language, "From → To" (the towns lists the form has read already). */
function useRouteNames(): (trip: RouteNamed) => string {
  const translate = useTranslate();
  const locale = useLocale();
  const origins = useGetList('origins', { ...ALL, sort: { field: 'origin_city', order: 'ASC' } }).data;
  const destinations = useGetList('destinations', {
    ...ALL,
    sort: { field: 'destination_city', order: 'ASC' },
  }).data;
  return (trip) =>
    translate('rihla.trips.route', {
      origin:
        localName(
          origins?.find((row) => row.id === trip.trip_originId),
          'origin_city',
          locale,
        ) || '…',
      destination:
        localName(
          destinations?.find((row) => row.id === trip.trip_destinationId),
          'destination_city',
          locale,
        ) || '…',
    });
}

/** The trips a closed road may concern, left as they were: each with its time and route; open them together. */
function UnsureTrips(props: {
  unsure: Unsure;
  when: (date: string, time: string) => string;
  routeOf: (trip: RouteNamed) => string;
  onOpen: (tripIds: string[]) => void;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const t = (key: string, options?: object) => translate(`rihla.disruptions.${key}`, options);
  const { unsure, when, routeOf, onOpen } = props;
  return (
    <Alert severity="warning" sx={{ mt: 2 }} data-testid="disruption-unsure">
      <AlertTitle>
        {t('unsure_title', { smart_count: unsure.length, count: formatNumber(unsure.length, locale) })}
      </AlertTitle>
      <Typography variant="body2">{t('unsure_text')}</Typography>
      <Box component="ul" sx={{ my: 1, ps: 2.5 }}>
        {unsure.map((trip) => (
          <li key={trip.tripId} data-testid="unsure-trip">
            {when(trip.trip_date, trip.trip_boarding_time)} · {routeOf(trip)}
          </li>
        ))}
      </Box>
      <Button
        variant="outlined"
        color="warning"
        size="small"
        onClick={() => onOpen(unsure.map((trip) => trip.tripId))}
      >
        {t('unsure_open')}
      </Button>
    </Alert>
  );
}

export function DisruptionImpact({
  answer,
  road = false,
  onOpenTrips,
}: {
  answer: DisruptAnswer;
  road?: boolean;
  /** Opens trips on the screen by themselves (?tripIds=…): the closed road's unsure ones. */
  onOpenTrips?: (tripIds: string[]) => void;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const routeOf = useRouteNames();
  // Trips left as they were because they could not be read have no route: they name none.
  const routes = new Set(
    answer.trips
      .filter((trip) => trip.trip_originId)
      .map((trip) => `${trip.trip_originId}>${trip.trip_destinationId}`),
  );
  const t = (key: string, options?: object) => translate(`rihla.disruptions.${key}`, options);
  const number = (value: number) => formatNumber(value, locale);
  const money = (value: number) => formatMoney(value, locale, translate);
  const when = (date: string, time: string) =>
    `${formatDay(date, locale)} · ${translate(`rihla.choices.${time}`, { _: time })}`;
  // A phone keeps the trip, its new time, its bookings and the outcome (the totals above say the rest).
  const wide = !useIsPhone();
  const { totals } = answer;
  const unsure =
    answer.unsure?.length && onOpenTrips ? (
      <UnsureTrips unsure={answer.unsure} when={when} routeOf={routeOf} onOpen={onOpenTrips} />
    ) : null;
  if (answer.trips.length === 0)
    return (
      <Box data-testid="disruption-impact">
        <Alert severity="info">{t(road ? 'none_road' : 'none')}</Alert>
        {unsure}
      </Box>
    );
  const manyRoutes = routes.size > 1;
  const figures: [string, string][] = [
    ['trips', number(totals.trips)],
    ...COUNTS.map((key): [string, string] => [key, number(totals[key])]),
    ...MONEY.map((key): [string, string] => [key, money(totals[key])]),
  ];
  return (
    <Box data-testid="disruption-impact">
      <Typography variant="h6" component="h2" gutterBottom>
        {t(answer.dryRun ? 'preview_title' : 'result_title')}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          gap: 1.5,
          m: 0,
          mb: 2,
        }}
      >
        {figures.map(([key, value]) => (
          <Box key={key} sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.25 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(key)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`total-${key}`}>
              <bdi>{value}</bdi>
            </Typography>
          </Box>
        ))}
      </Box>
      {totals.refused > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('refused_count', { smart_count: totals.refused, count: number(totals.refused) })}
        </Alert>
      )}
      {/* width 0, min-width 100%: the table scrolls inside the page rather than widening it. */}
      <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('trip')}</TableCell>
              {manyRoutes && wide && <TableCell>{t('route')}</TableCell>}
              {answer.action === 'delay' && <TableCell>{t('new_when')}</TableCell>}
              <TableCell align="right">{t('bookings')}</TableCell>
              {wide && <TableCell align="right">{t('waiting')}</TableCell>}
              {wide && <TableCell align="right">{t('passengers')}</TableCell>}
              {wide && <TableCell align="right">{t('paid')}</TableCell>}
              <TableCell>{t('outcome')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.trips.map((trip) => (
              <TableRow key={trip.tripId}>
                <TableCell sx={{ whiteSpace: wide ? 'nowrap' : undefined }}>
                  {when(trip.trip_date, trip.trip_boarding_time)}
                  {/* A phone names the route under the trip's time (a column of its own squeezes the rest). */}
                  {manyRoutes && !wide && (
                    <Typography variant="body2" color="text.secondary" data-testid="impact-route">
                      {routeOf(trip)}
                    </Typography>
                  )}
                </TableCell>
                {manyRoutes && wide && <TableCell data-testid="impact-route">{routeOf(trip)}</TableCell>}
                {answer.action === 'delay' && (
                  <TableCell sx={{ whiteSpace: wide ? 'nowrap' : undefined }}>
                    {when(trip.new_date ?? trip.trip_date, trip.new_boarding_time ?? trip.trip_boarding_time)}
                  </TableCell>
                )}
                <TableCell align="right">{number(trip.bookings)}</TableCell>
                {wide && <TableCell align="right">{number(trip.waiting)}</TableCell>}
                {wide && <TableCell align="right">{number(trip.passengers)}</TableCell>}
                {wide && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(trip.paid)}
                  </TableCell>
                )}
                <TableCell>
                  {trip.refused ? (
                    <Typography component="span" color="error" variant="body2">
                      {t(`refused.${trip.refused}`)}
                    </Typography>
                  ) : (
                    t(answer.dryRun ? 'ok_preview' : 'ok_done')
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {unsure}
    </Box>
  );
}
