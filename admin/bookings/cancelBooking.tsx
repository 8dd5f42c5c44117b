// Cancelling a whole booking from the back office: the confirmation names its ticket id, passenger, trip and
// seats. Ids and dates are isolated so that they read the same inside Arabic sentences.
import Typography from '@mui/material/Typography';
import { useLocale, useRecordContext, useTranslate } from 'react-admin';
import { formatSeatList, isolate } from '../../shared/i18n/format.ts';
import type { CancelKind } from '../common/CancelRecordButton.tsx';
import { NamedTrip } from '../trips/NamedTrip.tsx';

function Title() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate('rihla.ui.cancel.booking_title', { id: isolate(String(record.ticketId)) })}</>;
}

function Facts() {
  const record = useRecordContext();
  const translate = useTranslate();
  const locale = useLocale();
  if (!record) return null;
  return (
    <>
      <Typography data-testid="cancel-facts">
        <NamedTrip>
          {(trip) =>
            translate('rihla.ui.cancel.booking_facts', {
              passenger: isolate(
                [record.passengerInfo?.firstName, record.passengerInfo?.lastName].filter(Boolean).join(' '),
              ),
              trip: isolate(trip),
              seats: formatSeatList(Array.isArray(record.seats) ? record.seats : [], locale),
            })
          }
        </NamedTrip>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('rihla.ui.cancel.booking_note')}
      </Typography>
    </>
  );
}

export const cancelBooking: CancelKind = {
  resource: 'bookings',
  capability: 'bookings.cancel',
  words: {
    action: 'rihla.ui.actions.cancel_booking',
    yes: 'rihla.ui.cancel.booking_yes',
    keep: 'rihla.ui.cancel.booking_keep',
    done: 'rihla.ui.cancel.booking_done',
  },
  Title,
  Facts,
  cancel: (dataProvider, id) => dataProvider.cancelBooking(id),
};
