// One trip (its cities and company in the page's language) and its passengers with their IDs, printable on
// one page and downloadable as the checkpoints' manifest; a counter sale starts from here; its conductors for
// the roles that assign them; its history for the roles that may read the activity log. Each action shows to
// the roles that may take it.
import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  Button,
  EditButton,
  Labeled,
  ListButton,
  Show,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { trips } from '../../shared/registry/index.ts';
import { CancelRecordButton } from '../common/CancelRecordButton.tsx';
import { cancelTrip } from './cancelTrip.tsx';
import { RecordHistory } from '../common/RecordHistory.tsx';
import { useReferenced } from '../generated/fields/RefField.tsx';
import { KindField } from '../generated/kinds.tsx';
import { ManifestButton } from './ManifestButton.tsx';
import { SellButton } from './SellButton.tsx';
import { BroadcastButton } from './BroadcastButton.tsx';
import { useTripName } from './TripLabel.tsx';
import { TripPassengers } from './TripPassengers.tsx';
import { TripConductors } from './TripConductors.tsx';

function Heading() {
  const name = useTripName();
  const trip = useRecordContext();
  const bus = useReferenced('busId', 'buses');
  const translate = useTranslate();
  const booked = Array.isArray(trip?.bookedSeats) ? trip.bookedSeats.length : 0;
  return (
    <>
      <Typography variant="h6" component="h2">
        {translate('rihla.trips.passengers_title', { trip: name })}
      </Typography>
      {bus && (
        <Typography variant="body2" color="text.secondary">
          {translate('rihla.trips.passengers_summary', { booked, total: bus.bus_number_of_seats })}
        </Typography>
      )}
    </>
  );
}

const detail = (['busId', 'trip_ticket_priceId', 'isCancelled'] as const).map((name) => (
  <Labeled key={name} source={name} resource="trips">
    <KindField source={name} field={trips.fields[name]} resource="trips" />
  </Labeled>
));

/** A trip with stops: each stop with its time, and the fares between them (issue 23). */
function StopsDetail() {
  const trip = useRecordContext();
  if (!Array.isArray(trip?.trip_stops) || !trip.trip_stops.length) return null;
  return (
    <Stack direction="row" spacing={4} sx={{ mb: 2, flexWrap: 'wrap' }}>
      {(['trip_stops', 'trip_fares'] as const).map((name) => (
        <Labeled key={name} source={name} resource="trips">
          <KindField source={name} field={trips.fields[name]} resource="trips" />
        </Labeled>
      ))}
    </Stack>
  );
}

function Actions() {
  const name = useTripName();
  return (
    <TopToolbar className="no-print" sx={{ flexWrap: 'wrap' }}>
      <ListButton />
      <SellButton variant="contained" />
      <CancelRecordButton kind={cancelTrip} successArgs={() => ({ name })} />
      <EditButton />
      <ManifestButton />
      <BroadcastButton name={name} />
      <Button label="rihla.actions.print" onClick={() => window.print()}>
        <PrintIcon />
      </Button>
    </TopToolbar>
  );
}

export function TripShow() {
  return (
    <Show resource="trips" actions={<Actions />} sx={{ '& .RaShow-card': { p: 2 } }}>
      <Heading />
      <Stack direction="row" spacing={4} sx={{ my: 2, flexWrap: 'wrap' }}>
        {detail}
      </Stack>
      <StopsDetail />
      <TripConductors />
      <TripPassengers />
      <Box className="no-print">
        <RecordHistory resource="trips" />
      </Box>
    </Show>
  );
}
