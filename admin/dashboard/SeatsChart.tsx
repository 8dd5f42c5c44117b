// Seats sold per day for the next 14 days, as bars (height: seats sold, against the tallest day's seats on
// sale) with each day's occupancy on top. A plain SVG: no chart library for 14 bars. Right to left in Arabic.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { useLocale, useTranslate } from 'react-admin';
import type { DashboardSummary } from '../data/dataProvider.ts';
import { formatDay } from '../i18n/format.ts';

const WIDTH = 700;
const HEIGHT = 220;
const TOP = 24;
const BOTTOM = 40;

export function SeatsChart({ days }: { days: DashboardSummary['seatsByDay'] }) {
  const translate = useTranslate();
  const locale = useLocale();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const scale = Math.max(1, ...days.map((day) => day.seatsTotal));
  const slot = WIDTH / Math.max(days.length, 1);
  const bar = slot * 0.6;
  const plot = HEIGHT - TOP - BOTTOM;

  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('rihla.dashboard.chart_title')}
      </Typography>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={translate('rihla.dashboard.chart_title')}
      >
        {days.map((day, index) => {
          const x = (rtl ? days.length - 1 - index : index) * slot + (slot - bar) / 2;
          const capacity = (day.seatsTotal / scale) * plot;
          const sold = (day.seatsSold / scale) * plot;
          const percent = day.seatsTotal ? Math.round((day.seatsSold / day.seatsTotal) * 100) : 0;
          const label = formatDay(day.date, locale, {
            weekday: 'short',
            day: 'numeric',
            month: undefined,
            year: undefined,
          });
          const summary = translate('rihla.dashboard.chart_day', {
            date: formatDay(day.date, locale),
            sold: day.seatsSold,
            total: day.seatsTotal,
            percent,
          });
          return (
            <g key={day.date} data-testid="seats-day">
              <title>{summary}</title>
              <rect
                x={x}
                y={TOP + plot - capacity}
                width={bar}
                height={capacity}
                fill={alpha(theme.palette.primary.main, 0.12)}
                rx={3}
              />
              <rect
                x={x}
                y={TOP + plot - sold}
                width={bar}
                height={sold}
                fill={theme.palette.primary.main}
                rx={3}
              />
              <text
                x={x + bar / 2}
                y={TOP + plot - capacity - 6}
                textAnchor="middle"
                fontSize={11}
                fill={theme.palette.text.secondary}
              >
                {day.seatsTotal ? `${percent}%` : translate('rihla.dashboard.no_seats')}
              </text>
              <text
                x={x + bar / 2}
                y={HEIGHT - BOTTOM + 16}
                textAnchor="middle"
                fontSize={11}
                fill={theme.palette.text.primary}
              >
                {label}
              </text>
            </g>
          );
        })}
      </svg>
      <Typography variant="caption" color="text.secondary">
        {translate('rihla.dashboard.chart_legend')}
      </Typography>
    </Box>
  );
}
