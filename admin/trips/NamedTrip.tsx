// The trip a record is about, named ("Khartoum → Port Sudan, 9 Nov 06:00"): the current trip, or the trip a
// booking is for. Used by the confirmations of cancelling a trip or a booking.
import { RecordContextProvider, useRecordContext } from 'react-admin';
import { useReferenced } from '../generated/fields/RefField.tsx';
import { useTripName } from './TripLabel.tsx';

function TripName({ onName }: { onName: (name: string) => string }) {
  return <>{onName(useTripName())}</>;
}

/** The trip a booking is for (or the current trip), named. */
export function NamedTrip({ children }: { children: (name: string) => string }) {
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
