// A trip with stops, stop by stop (issue 23): who boards and who gets off at each, by seat, above its passenger
// list (and on its printed page). Nothing for a trip without stops.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import { formatSeatList } from '../i18n/format.ts';
import { useRecordRoute } from './useStopNames.ts';

interface LegRow {
  seat: number;
  isCancelled: boolean;
  boardingStop?: number | null;
  alightingStop?: number | null;
}

/** The stops of a trip's rows: where each boards and gets off (the ends when the row does not say). */
export function rowStops(row: LegRow, stopCount: number) {
  return { boarding: row.boardingStop ?? 0, alighting: row.alightingStop ?? stopCount + 1 };
}

/** "Wad Madani → Kassala" for a row, in the page's language; undefined on a trip without stops. */
export function useRowLegs() {
  const translate = useTranslate();
  const { stops, names } = useRecordRoute('trips', 'trip_stops');
  if (!stops.length) return undefined;
  return (row: LegRow) => {
    const { boarding, alighting } = rowStops(row, stops.length);
    return translate('rihla.stops.pair', { from: names[boarding] || '…', to: names[alighting] || '…' });
  };
}

export function StopsSummary({ rows }: { rows: readonly LegRow[] }) {
  const translate = useTranslate();
  const locale = useLocale();
  const { stops, names } = useRecordRoute('trips', 'trip_stops');
  if (!stops.length) return null;
  const live = rows.filter((row) => !row.isCancelled);
  const seatsWhere = (test: (stops: { boarding: number; alighting: number }) => boolean) =>
    live.filter((row) => test(rowStops(row, stops.length))).map((row) => row.seat);
  return (
    <Box component="ol" data-testid="stops-summary" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
      {names.map((name, index) => {
        const boarding = seatsWhere((s) => s.boarding === index);
        const alighting = seatsWhere((s) => s.alighting === index);
        const seats = (list: number[]) => (list.length ? <bdi>{formatSeatList(list, locale)}</bdi> : '—');
        return (
          <Box
            component="li"
            key={index}
            data-stop={index}
            sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider' }}
          >
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {name || '…'}
            </Typography>
            <Typography component="span" variant="body2" sx={{ ms: 1 }}>
              {' · '}
              {translate('rihla.stops.boards')}: {seats(boarding)}
              {' · '}
              {translate('rihla.stops.alights')}: {seats(alighting)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
