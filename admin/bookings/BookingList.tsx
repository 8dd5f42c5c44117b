// Passenger bookings: passenger name, first total price entry, ticket id, trip date,
// boarding time, seats, booking date, payment status (a chip, and a filter); cancel (disabled once
// cancelled), view (payment, proof), delete.
// Paged, sorted and filtered on the server, so it stays quick however many bookings there are.
import { Datagrid, List, SearchInput, SelectInput, ShowButton } from 'react-admin';
import { PAYMENT_STATUSES } from '../../shared/payments.ts';
import { bookings, trips } from '../../shared/registry/index.ts';
import { CancelRecordButton } from '../common/CancelRecordButton.tsx';
import { DeleteRecordButton } from '../generated/DeleteRecordButton.tsx';
import { RefField } from '../generated/fields/RefField.tsx';
import { isSortable, KindField, kinds } from '../generated/kinds.tsx';
import { PaymentStatusField } from '../payments/PaymentStatusChip.tsx';

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

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="paymentStatus" source="paymentStatus" choices={paymentStatuses} alwaysOn />,
  ...kinds.boolean.filters!(field('isCancelled')),
  ...kinds.timestamp.filters!(field('bookingDate')),
];

const successArgs = (record: Record<string, unknown>) => ({ id: record.ticketId });

export function BookingList() {
  return (
    <List resource="bookings" sort={bookings.defaultSort} filters={filters} exporter={false} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <KindField {...field('passengerInfo')} label="rihla.bookings.passenger" />
        <KindField {...field('totalTicketPrice')} />
        <KindField {...field('ticketId')} />
        <RefField source="tripId" reference="trips" label="resources.trips.fields.trip_date" sortable={false}>
          <KindField source="trip_date" field={trips.fields.trip_date} resource="trips" />
        </RefField>
        <RefField
          source="tripId"
          reference="trips"
          label="resources.trips.fields.trip_boarding_time"
          sortable={false}
        >
          <KindField source="trip_boarding_time" field={trips.fields.trip_boarding_time} resource="trips" />
        </RefField>
        <KindField {...field('seats')} />
        <KindField {...field('bookingDate')} />
        <PaymentStatusField source="paymentStatus" label="resources.bookings.fields.paymentStatus" sortable />
        <CancelRecordButton resource="bookings" successArgs={successArgs} />
        <ShowButton />
        <DeleteRecordButton redirect={false} />
      </Datagrid>
    </List>
  );
}
