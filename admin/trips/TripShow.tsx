// One trip and its passengers, printable on one page; a counter sale starts from here.
import PrintIcon from '@mui/icons-material/Print';
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
import { useReferenced } from '../generated/fields/RefField.tsx';
import { KindField } from '../generated/kinds.tsx';
import { SellButton } from './SellButton.tsx';
import { useTripName } from './TripLabel.tsx';
import { TripPassengers } from './TripPassengers.tsx';

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

function Actions() {
  const name = useTripName();
  return (
    <TopToolbar className="no-print">
      <ListButton />
      <SellButton variant="contained" />
      <CancelRecordButton resource="trips" successArgs={() => ({ name })} />
      <EditButton />
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
      <TripPassengers />
    </Show>
  );
}
