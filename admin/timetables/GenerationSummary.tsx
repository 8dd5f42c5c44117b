// What saving a timetable did to its trips (the server's answer): how many went on sale, how many future
// trips followed the edit, and which keep the old time because travellers hold seats on them.
import Box from '@mui/material/Box';
import { useLocale, useTranslate } from 'react-admin';
import type { TimetableGeneration } from '../../shared/contract/timetables.ts';
import { formatDay } from '../i18n/format.ts';

export function GenerationSummary({ generation }: { generation: TimetableGeneration }) {
  const translate = useTranslate();
  const locale = useLocale();
  const { created, updated, removed, kept } = generation;
  return (
    <Box data-testid="timetable-generation">
      <div>
        {created
          ? translate('rihla.timetables.created', { smart_count: created })
          : translate('rihla.timetables.none_created')}
      </div>
      {updated + removed > 0 && <div>{translate('rihla.timetables.changed', { updated, removed })}</div>}
      {kept.length > 0 && (
        <>
          <div>{translate('rihla.timetables.kept', { smart_count: kept.length })}</div>
          <Box component="ul" sx={{ m: 0, ps: 2.5 }}>
            {kept.map((trip) => (
              <li key={trip._id}>
                <bdi>{formatDay(trip.trip_date, locale)}</bdi>{' '}
                <bdi>
                  {translate(`rihla.choices.${trip.trip_boarding_time}`, { _: trip.trip_boarding_time })}
                </bdi>
              </li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
