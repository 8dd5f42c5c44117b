// Seats sold per day for the next 14 days: one row per day (the day, a bar, the seats sold and how full the
// day is), so labels never collide and stay at body size on a phone and in Arabic. Bars are scaled to the
// busiest day (a quiet fortnight still shows which days sell), with no full-height track that could read as a
// full bus. The same figures are a table for screen readers (the bars are hidden from them).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useLocale, useTranslate } from 'react-admin';
import type { DashboardSummary } from '../data/dataProvider.ts';
import { formatDay, formatNumber } from '../i18n/format.ts';

type Day = DashboardSummary['seatsByDay'][number];

const percentOf = (day: Day) => (day.seatsTotal ? Math.round((day.seatsSold / day.seatsTotal) * 100) : 0);

function FiguresTable({ days }: { days: readonly Day[] }) {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    // The wrapper is what is hidden: clipping does not reach a table's own cells.
    <Box sx={visuallyHidden}>
      <table>
        <caption>{translate('rihla.ui.chart.table')}</caption>
        <thead>
          <tr>
            {(['day', 'sold', 'on_sale', 'full'] as const).map((key) => (
              <th key={key} scope="col">
                {translate(`rihla.ui.chart.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date, locale)}</th>
              <td>{formatNumber(day.seatsSold, locale)}</td>
              <td>{formatNumber(day.seatsTotal, locale)}</td>
              <td>{`${formatNumber(percentOf(day), locale)}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

export function SeatsChart({ days }: { days: DashboardSummary['seatsByDay'] }) {
  const translate = useTranslate();
  const locale = useLocale();
  const busiest = Math.max(1, ...days.map((day) => day.seatsSold));
  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('rihla.dashboard.chart_title')}
      </Typography>
      <FiguresTable days={days} />
      <Box
        aria-hidden
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr auto', columnGap: 1.5, rowGap: 0.5 }}
      >
        {days.map((day) => {
          const share = (day.seatsSold / busiest) * 100;
          return (
            <Box
              key={day.date}
              data-testid="seats-day"
              data-sold={day.seatsSold}
              sx={{ display: 'contents' }}
            >
              <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatDay(day.date, locale, { year: undefined })}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Box
                  data-testid="seats-bar"
                  sx={{
                    height: 14,
                    width: `${share}%`,
                    minWidth: day.seatsSold ? 3 : 0,
                    bgcolor: 'primary.main',
                    borderRadius: 0.5,
                  }}
                />
              </Box>
              <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap', textAlign: 'end' }}>
                {day.seatsTotal
                  ? translate('rihla.ui.chart.value', {
                      sold: formatNumber(day.seatsSold, locale),
                      percent: formatNumber(percentOf(day), locale),
                    })
                  : translate('rihla.dashboard.no_seats')}
              </Typography>
            </Box>
          );
        })}
      </Box>
      <Typography variant="body2" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
        {translate('rihla.ui.chart.legend')}
      </Typography>
    </Box>
  );
}
