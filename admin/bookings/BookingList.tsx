// Passenger bookings: passenger over ticket id, trip (route over departure), seats, total, payment status (a chip,
// and a filter), whether a payment proof was sent, the booking's status and date; icon actions: open (payment,
// proof), cancel (while it stands), delete. Paged, sorted and filtered on the server, so it stays quick however
// many bookings there are. It fits a 1280-pixel screen; on a phone each booking is one row that opens it.
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import {
  Datagrid,
  FunctionField,
  List,
  RecordContextProvider,
  SearchInput,
  SelectInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DISRUPTION_STATES } from '../../shared/disruptions.ts';
import { PAYMENT_STATUSES } from '../../shared/payments.ts';
import { bookings, trips } from '../../shared/registry/index.ts';
import { CancelRecordButton } from '../common/CancelRecordButton.tsx';
import { cancelBooking } from './cancelBooking.tsx';
import { Fact, PhoneList } from '../common/PhoneList.tsx';
import { ACTIONS_LABEL, RowActions } from '../common/RowActions.tsx';
import { StatusChip } from '../common/StatusChip.tsx';
import { EmptyList } from '../common/EmptyList.tsx';
import { useIsPhone } from '../common/useIsPhone.ts';
import { DeleteRecordButton } from '../generated/DeleteRecordButton.tsx';
import { useReferenced } from '../generated/fields/RefField.tsx';
import { OpenButton } from '../generated/GeneratedList.tsx';
import { isSortable, KindField, kindLabel, kinds } from '../generated/kinds.tsx';
import { PaymentStatusField } from '../payments/PaymentStatusChip.tsx';
import { useLocalName } from '../i18n/localName.tsx';

const field = (name: keyof typeof bookings.fields) => ({
  source: name,
  field: bookings.fields[name],
  resource: 'bookings',
  sortable: isSortable(bookings.fields[name]),
});

const paymentStatuses = PAYMENT_STATUSES.map((status) => ({
  id: status,
  name: `rihla.payments.status.${status}`,
}));

const disruptionStates = DISRUPTION_STATES.map((state) => ({ id: state, name: `rihla.choices.${state}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="paymentStatus" source="paymentStatus" choices={paymentStatuses} alwaysOn />,
  ...kinds.boolean.filters!(field('isCancelled')),
  // Shown when set (the dashboard's count of disrupted bookings waiting links here with it).
  <SelectInput key="disruptionState" source="disruptionState" choices={disruptionStates} />,
  ...kinds.timestamp.filters!(field('bookingDate')),
];

const successArgs = (record: Record<string, unknown>) => ({ id: record.ticketId });

/** The booking's trip: route, then departure day and time (each on one line). */
function TripCell({ inline }: { inline?: boolean }) {
  const trip = useReferenced('tripId', 'trips');
  if (!trip) return null;
  return (
    <RecordContextProvider value={trip}>
      <Box
        component="span"
        sx={{ display: 'flex', flexDirection: inline ? 'row' : 'column', columnGap: 1, flexWrap: 'wrap' }}
      >
        <Route />
        <Box
          component="span"
          sx={{
            display: 'flex',
            gap: 1,
            color: 'text.secondary',
            fontSize: '0.8125rem',
            whiteSpace: 'nowrap',
          }}
        >
          <KindField source="trip_date" field={trips.fields.trip_date} resource="trips" />
          <KindField source="trip_boarding_time" field={trips.fields.trip_boarding_time} resource="trips" />
        </Box>
      </Box>
    </RecordContextProvider>
  );
}

function Route() {
  const origin = useReferenced('trip_originId', 'origins');
  const destination = useReferenced('trip_destinationId', 'destinations');
  const translate = useTranslate();
  const localName = useLocalName();
  return (
    <span>
      {translate('rihla.trips.route', {
        origin: origin ? localName(origin, 'origin_city') : '…',
        destination: destination ? localName(destination, 'destination_city') : '…',
      })}
    </span>
  );
}

/** The passenger over the ticket id (a code: one line, left to right). */
function PassengerCell() {
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      <KindField {...field('passengerInfo')} />
      <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
        <KindField {...field('ticketId')} />
      </Box>
    </Box>
  );
}

/** The payment's status, and "Cancelled" above it when the booking is cancelled. */
function StatusCell() {
  const booking = useRecordContext();
  return (
    <Box
      component="span"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}
    >
      {booking?.isCancelled && <StatusChip cancelled />}
      <PaymentStatusField />
    </Box>
  );
}

/** Whether the traveller sent a payment proof: an icon with its words for screen readers and a tooltip. */
function ProofCell() {
  const booking = useRecordContext();
  const translate = useTranslate();
  const sent = typeof booking?.bankakScreenshot === 'string' && booking.bankakScreenshot !== '';
  const words = translate(sent ? 'rihla.ui.bookings.proof_yes' : 'rihla.ui.bookings.proof_no');
  const Icon = sent ? CheckCircleIcon : RemoveIcon;
  return (
    <Box
      component="span"
      title={words}
      sx={{ display: 'inline-flex', color: sent ? 'success.main' : 'text.secondary' }}
    >
      <Icon fontSize="small" role="img" aria-label={words} aria-hidden={false} />
    </Box>
  );
}

function PhoneBookings() {
  const translate = useTranslate();
  return (
    <PhoneList
      primary={
        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
          <KindField {...field('passengerInfo')} />
          <KindField {...field('ticketId')} />
        </Box>
      }
      secondary={[
        <Fact key="trip">
          <TripCell inline />
        </Fact>,
        <Fact key="seats">
          <SeatsLine label={translate('resources.bookings.fields.seats')} />
          <KindField {...field('totalTicketPrice')} />
        </Fact>,
        <Fact key="status">
          <StatusCell />
        </Fact>,
      ]}
      rowClick="show"
    />
  );
}

function SeatsLine({ label }: { label: string }) {
  return (
    <span>
      {label}: <KindField {...field('seats')} />
    </span>
  );
}

export function BookingList() {
  const phone = useIsPhone();
  return (
    <List
      resource="bookings"
      sort={bookings.defaultSort}
      filters={filters}
      exporter={false}
      perPage={25}
      empty={<EmptyList />}
    >
      {phone ? (
        <PhoneBookings />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <FunctionField
            source="ticketId"
            label="rihla.ui.bookings.passenger_ticket"
            render={() => <PassengerCell />}
          />
          <FunctionField label="rihla.ui.bookings.trip" render={() => <TripCell />} />
          <KindField {...field('seats')} />
          <KindField {...field('totalTicketPrice')} />
          <FunctionField
            source="paymentStatus"
            label="rihla.ui.status.label"
            sortable
            render={() => <StatusCell />}
          />
          <FunctionField label="rihla.ui.bookings.proof" render={() => <ProofCell />} />
          <KindField {...field('bookingDate')} label={kindLabel(field('bookingDate'))} />
          <RowActions label={ACTIONS_LABEL}>
            <OpenButton view="show" />
            <DeleteRecordButton redirect={false} />
            <CancelRecordButton kind={cancelBooking} successArgs={successArgs} variant="icon" />
          </RowActions>
        </Datagrid>
      )}
    </List>
  );
}
