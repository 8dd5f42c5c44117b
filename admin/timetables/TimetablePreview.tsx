// The create and edit form's preview: the next dates the timetable will put on sale, computed as it is typed
// by the same function the server's job uses (shared/timetables.ts).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { readList } from '../../shared/field-rules.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { nextDates } from '../../shared/timetables.ts';
import { formatDay } from '../i18n/format.ts';

const asList = (value: unknown) => {
  const list = readList(value ?? []);
  return Array.isArray(list) ? list : [];
};

export function TimetablePreview() {
  const translate = useTranslate();
  const locale = useLocale();
  const [days, from, until, off] = useWatch({
    name: ['timetable_days', 'timetable_from', 'timetable_until', 'timetable_dates_off'],
  }) as unknown[];
  const dates =
    typeof from === 'string' && from
      ? nextDates(
          {
            timetable_days: asList(days).map(Number),
            timetable_from: from,
            timetable_until: typeof until === 'string' && until ? until : null,
            timetable_dates_off: asList(off).map(String),
          },
          khartoumToday(),
        )
      : [];
  return (
    <Box data-testid="timetable-preview" sx={{ mt: 1, mb: 2 }}>
      <Typography variant="subtitle2" component="p">
        {translate('rihla.timetables.preview')}
      </Typography>
      {dates.length ? (
        <Box component="ul" sx={{ m: 0, ps: 2.5 }}>
          {dates.map((date) => (
            <li key={date}>
              <bdi>{formatDay(date, locale)}</bdi>
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('rihla.timetables.preview_none')}
        </Typography>
      )}
    </Box>
  );
}
