// Trip management: owner company, bus number, seats, origin, destination, price, boarding
// time, date; Cancel (disabled and "Cancelled" once cancelled), passengers (where a counter sale starts),
// edit, delete. The table fills a desktop already: another button per row would make the page scroll sideways.
import PeopleIcon from '@mui/icons-material/People';
import { Datagrid, EditButton, FunctionField, List, useRecordContext, useTranslate } from 'react-admin';
import { trips } from '../../shared/registry/index.ts';
import { CancelRecordButton } from '../common/CancelRecordButton.tsx';
import { LinkButton } from '../common/LinkButton.tsx';
import { DeleteRecordButton } from '../generated/DeleteRecordButton.tsx';
import { RefField, useReferenced } from '../generated/fields/RefField.tsx';
import { listFilters } from '../generated/GeneratedList.tsx';
import { isSortable, KindField } from '../generated/kinds.tsx';
import { useTripName } from './TripLabel.tsx';

const field = (name: keyof typeof trips.fields) => ({
  source: name,
  field: trips.fields[name],
  resource: 'trips',
  sortable: isSortable(trips.fields[name]),
});
const filters = listFilters(trips);

function SeatsCell() {
  const trip = useRecordContext();
  const bus = useReferenced('busId', 'buses');
  const translate = useTranslate();
  const booked = Array.isArray(trip?.bookedSeats) ? trip.bookedSeats.length : 0;
  return <>{bus ? translate('rihla.trips.seats_value', { booked, total: bus.bus_number_of_seats }) : null}</>;
}

function CancelTripButton() {
  const name = useTripName();
  return <CancelRecordButton resource="trips" successArgs={() => ({ name })} />;
}

function PassengersButton() {
  const trip = useRecordContext();
  return trip ? (
    <LinkButton to={`/trips/${trip.id}/show`} label="rihla.trips.passengers" icon={<PeopleIcon />} />
  ) : null;
}

export function TripList() {
  return (
    <List resource="trips" sort={trips.defaultSort} filters={filters} exporter={false} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <RefField source="busId" reference="buses" label="rihla.trips.owner_company" sortable={false}>
          <RefField source="bus_owner_companyId" reference="companies" />
        </RefField>
        <RefField source="busId" reference="buses" label="rihla.trips.bus_number" sortable={false}>
          <FunctionField render={(bus) => bus.bus_number} />
        </RefField>
        <FunctionField label="rihla.trips.seats" render={() => <SeatsCell />} />
        <KindField {...field('trip_originId')} />
        <KindField {...field('trip_destinationId')} />
        <KindField {...field('trip_ticket_priceId')} />
        <KindField {...field('trip_boarding_time')} />
        <KindField {...field('trip_date')} />
        <CancelTripButton />
        <PassengersButton />
        <EditButton />
        <DeleteRecordButton redirect={false} />
      </Datagrid>
    </List>
  );
}
