// One booking: passenger, ticket, trip (its cities in the page's language), seats, price, status, its
// travellers seat by seat (editable by the roles that may), its payment (loaded on demand with the payments'
// screens), the payment proof image (fetched with the staff token, shown through an object URL) and, for the
// roles that may read the activity log, its history (who verified, cancelled, refunded…).
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Labeled, ListButton, Show, TextField, TopToolbar, useTranslate } from 'react-admin';
import { bookings } from '../../shared/registry/index.ts';
import { CancelRecordButton } from '../common/CancelRecordButton.tsx';
import { cancelBooking } from './cancelBooking.tsx';
import { RecordHistory } from '../common/RecordHistory.tsx';
import { DeleteRecordButton } from '../generated/DeleteRecordButton.tsx';
import { KindField, kindLabel } from '../generated/kinds.tsx';
import { OnDemandPage } from '../payments/routes.tsx';
import { BookingTravellers } from './BookingTravellers.tsx';
import { CancelSeatsButton } from './CancelSeatsButton.tsx';

const successArgs = (record: Record<string, unknown>) => ({ id: record.ticketId });
const DETAILS = [
  'ticketId',
  'passengerInfo',
  'tripId',
  'seats',
  'totalTicketPrice',
  'bookingDate',
  'isCancelled',
] as const;

function ProofTitle() {
  const translate = useTranslate();
  return (
    <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
      {translate('rihla.bookings.payment_proof')}
    </Typography>
  );
}

export function BookingShow() {
  return (
    <Show
      resource="bookings"
      actions={
        <TopToolbar>
          <ListButton />
          <CancelSeatsButton />
          <CancelRecordButton kind={cancelBooking} successArgs={successArgs} />
          <DeleteRecordButton />
        </TopToolbar>
      }
      sx={{ '& .RaShow-card': { p: 2 } }}
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          {DETAILS.map((name) => (
            <Labeled
              key={name}
              source={name}
              resource="bookings"
              // Each value as wide as itself (the status chip no longer spans the column).
              sx={{ display: 'flex', alignItems: 'flex-start', mb: 1.5 }}
            >
              <KindField
                source={name}
                field={bookings.fields[name]}
                resource="bookings"
                label={kindLabel({ source: name, field: bookings.fields[name], resource: 'bookings' })}
              />
            </Labeled>
          ))}
          <Labeled source="passengerInfo.phone" label="rihla.trips.phone" sx={{ display: 'flex', mb: 1.5 }}>
            <TextField source="passengerInfo.phone" />
          </Labeled>
          <Labeled source="passengerInfo.email" label="resources.users.fields.email" sx={{ display: 'flex' }}>
            <TextField source="passengerInfo.email" emptyText="—" />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <OnDemandPage name="BookingPayment" fallback={null} />
          <Divider sx={{ my: 2 }} />
          <ProofTitle />
          <KindField source="bankakScreenshot" field={bookings.fields.bankakScreenshot} resource="bookings" />
          <OnDemandPage name="BookingMessages" fallback={null} />
        </Grid>
        <Grid size={12}>
          <Divider sx={{ mb: 2 }} />
          <BookingTravellers />
        </Grid>
      </Grid>
      <RecordHistory resource="bookings" />
    </Show>
  );
}
