// What a cancellation confirmation says about its record: a booking's ticket id, passenger, trip and seats;
// a trip's route and departure, bus and seats booked. Ids, plates and dates are isolated so that they read
// the same inside Arabic sentences.
import Typography from '@mui/material/Typography';
import { RecordContextProvider, useLocale, useRecordContext, useTranslate } from 'react-admin';
import { formatSeatList, isolate } from '../../shared/i18n/format.ts';
import { useReferenced } from '../generated/fields/RefField.tsx';
import { useTripName } from '../trips/TripLabel.tsx';

function TripName({ onName }: { onName: (name: string) => string }) {
  return <>{onName(useTripName())}</>;
}

/** The trip a booking is for (or the current trip), named. */
function NamedTrip({ children }: { children: (name: string) => string }) {
  const record = useRecordContext();
  const trip = useReferenced('tripId', 'trips');
  if (record && !('tripId' in record)) return <TripName onName={children} />;
  return trip ? (
    <RecordContextProvider value={trip}>
      <TripName onName={children} />
    </RecordContextProvider>
  ) : (
    <>{children('…')}</>
  );
}

export function CancelTitle({ resource }: { resource: 'trips' | 'bookings' }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  if (resource === 'bookings')
    return <>{translate('rihla.ui.cancel.booking_title', { id: isolate(String(record.ticketId)) })}</>;
  return <NamedTrip>{(trip) => translate('rihla.ui.cancel.trip_title', { trip: isolate(trip) })}</NamedTrip>;
}

export function CancelFacts({ resource }: { resource: 'trips' | 'bookings' }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const locale = useLocale();
  const bus = useReferenced('busId', 'buses');
  if (!record) return null;
  const facts =
    resource === 'bookings' ? (
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
    ) : (
      translate('rihla.ui.cancel.trip_facts', {
        bus: isolate(String(bus?.bus_number ?? '…')),
        booked: Array.isArray(record.bookedSeats) ? record.bookedSeats.length : 0,
        total: bus?.bus_number_of_seats ?? '…',
      })
    );
  return (
    <>
      <Typography data-testid="cancel-facts">{facts}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate(`rihla.ui.cancel.${resource === 'bookings' ? 'booking' : 'trip'}_note`)}
      </Typography>
    </>
  );
}
