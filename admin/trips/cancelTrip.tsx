// Cancelling a trip from the back office: the confirmation names the trip, its bus and what is booked on it,
// and asks the reason travellers are told.
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { isolate } from '../../shared/i18n/format.ts';
import type { CancelKind } from '../common/CancelRecordButton.tsx';
import { useReferenced } from '../generated/fields/RefField.tsx';
import { NamedTrip } from './NamedTrip.tsx';

function Title() {
  const translate = useTranslate();
  return <NamedTrip>{(trip) => translate('rihla.ui.cancel.trip_title', { trip: isolate(trip) })}</NamedTrip>;
}

function Facts() {
  const record = useRecordContext();
  const translate = useTranslate();
  const bus = useReferenced('busId', 'buses');
  if (!record) return null;
  return (
    <>
      <Typography data-testid="cancel-facts">
        {translate('rihla.ui.cancel.trip_facts', {
          bus: isolate(String(bus?.bus_number ?? '…')),
          booked: Array.isArray(record.bookedSeats) ? record.bookedSeats.length : 0,
          total: bus?.bus_number_of_seats ?? '…',
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('rihla.ui.cancel.trip_note')}
      </Typography>
    </>
  );
}

export const cancelTrip: CancelKind = {
  resource: 'trips',
  capability: 'trips.write',
  words: {
    action: 'rihla.ui.actions.cancel_trip',
    yes: 'rihla.ui.cancel.trip_yes',
    keep: 'rihla.ui.cancel.trip_keep',
    done: 'rihla.ui.cancel.trip_done',
  },
  Title,
  Facts,
  asksReason: true,
  cancel: (dataProvider, id, reason) =>
    dataProvider.cancelTrip(id, reason === 'partial' ? undefined : reason),
};
