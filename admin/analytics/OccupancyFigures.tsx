// How full the buses were: four figures, each route as a bar of its occupancy (the bar's track is a full bus),
// and each trip as a row with its seats sold per leg. Numbers, dates, codes and town names are isolated so
// that they read the same inside Arabic lines. Phones get cards instead of the trips' table.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import { percentOf } from '../../shared/analytics.ts';
import { isolate } from '../../shared/i18n/format.ts';
import type { OccupancyReport } from '../data/dataProvider.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { formatDay, formatMoney, formatNumber } from '../i18n/format.ts';

type Words = { en: string; ar: string };

/** The Figures screen's words and formats (occupancy, sales and settlement alike). */
export function useWords() {
  const translate = useTranslate();
  const locale = useLocale();
  return {
    t: (key: string, options?: object) => translate(`rihla.analytics.${key}`, options),
    locale,
    name: (words: Words) => isolate(locale === 'ar' ? words.ar : words.en),
    number: (value: number) => formatNumber(value, locale),
    money: (amount: number) => formatMoney(amount, locale, translate),
    method: (method: string) => translate(`rihla.payments.method.${method}`, { _: method }),
    // As the dashboard writes it: an Arabic line shows the sign before the number ("%40").
    percent: (share: number) => `${formatNumber(percentOf(share), locale)}%`,
  };
}

/** One figure of a report's head: its name, and its value (amounts, longer, in a smaller type that wraps). */
export function Figure({
  label,
  value,
  testId,
  variant = 'h5',
}: {
  label: string;
  value: string;
  testId: string;
  variant?: 'h5' | 'h6';
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography color="text.secondary">{label}</Typography>
        <Typography variant={variant} component="p" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** A bar whose track is the whole: a route's share of its seat-legs that were sold. */
function ShareBar({ share }: { share: number }) {
  return (
    <Box
      aria-hidden
      sx={{ height: 10, borderRadius: 5, bgcolor: 'action.hover', overflow: 'hidden', minWidth: 80 }}
    >
      <Box sx={{ height: '100%', width: `${Math.min(100, share * 100)}%`, bgcolor: 'primary.main' }} />
    </Box>
  );
}

function Routes({ routes }: { routes: OccupancyReport['routes'] }) {
  const { t, name, number, percent } = useWords();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="occupancy-routes">
      {routes.map((line) => (
        <Box component="li" key={`${line.originId}|${line.destinationId}`} sx={{ py: 1 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{name(line.route)}</Typography>
            <Typography color="text.secondary">
              {`${percent(line.occupancy)} · ${t('seats_sold_of', {
                sold: number(line.seatLegsSold),
                offered: number(line.seatLegsOffered),
              })} · ${t('trips')} ${number(line.trips)}`}
            </Typography>
          </Box>
          <ShareBar share={line.occupancy} />
        </Box>
      ))}
    </Box>
  );
}

type TripLine = OccupancyReport['trips'][number];

function legsText(trip: TripLine, words: ReturnType<typeof useWords>) {
  return trip.legs
    .map((leg) =>
      words.t('leg', { from: words.name(leg.from), to: words.name(leg.to), sold: words.number(leg.sold) }),
    )
    .join(' · ');
}

function Trips({ trips }: { trips: TripLine[] }) {
  const words = useWords();
  const { t, name, number, percent, locale } = words;
  const phone = useIsPhone();
  if (phone)
    return (
      <Box data-testid="occupancy-trips">
        {trips.map((trip) => (
          <Card key={trip.tripId} variant="outlined" sx={{ mb: 1 }}>
            <CardContent>
              <Typography sx={{ fontWeight: 500 }}>{name(trip.route)}</Typography>
              <Typography color="text.secondary">
                {`${formatDay(trip.date, locale)} ${isolate(trip.time)} · `}
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {isolate(trip.bus)}
                </Box>
              </Typography>
              <Typography>{`${t('occupancy')}: ${percent(trip.occupancy)}`}</Typography>
              {trip.legs.length > 1 && <Typography variant="body2">{legsText(trip, words)}</Typography>}
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="occupancy-trips">
        <TableHead>
          <TableRow>
            {['date', 'route', 'bus', 'legs', 'occupancy', 'no_shows'].map((key) => (
              <TableCell key={key}>{t(key)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {trips.map((trip) => (
            <TableRow key={trip.tripId}>
              <TableCell>{`${formatDay(trip.date, locale)} ${isolate(trip.time)}`}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{name(trip.route)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{isolate(trip.bus)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{legsText(trip, words)}</TableCell>
              <TableCell>{percent(trip.occupancy)}</TableCell>
              <TableCell>{number(trip.noShows)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function OccupancyFigures({ report }: { report: OccupancyReport }) {
  const { t, number, percent } = useWords();
  const { totals } = report;
  if (!totals.trips) return <Typography data-testid="occupancy-nothing">{t('nothing')}</Typography>;
  return (
    <>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('occupancy')} value={percent(totals.occupancy)} testId="occupancy-total" />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('trips')} value={number(totals.trips)} testId="occupancy-trips-count" />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure
            label={t('seats_sold')}
            value={t('seats_sold_of', {
              sold: number(totals.seatLegsSold),
              offered: number(totals.seatLegsOffered),
            })}
            testId="occupancy-sold"
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('no_shows')} value={number(totals.noShows)} testId="occupancy-no-shows" />
        </Grid>
      </Grid>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('by_route')}
          </Typography>
          <Routes routes={report.routes} />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('by_trip')}
          </Typography>
          <Trips trips={report.trips} />
          {report.tripCount > report.trips.length && (
            <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="occupancy-more">
              {t('more_trips', { shown: number(report.trips.length), count: number(report.tripCount) })}
            </Typography>
          )}
        </CardContent>
      </Card>
    </>
  );
}
