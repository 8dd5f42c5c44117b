// Trip management: the nearest departures first (from today on; the date filter can be cleared to see past
// trips), filtered by dates, route, bus (a search by plate) and status. Each row: departure, route, bus and its
// company, seats booked, price, status, and icon actions (passengers and details — where a counter sale
// starts —, edit, cancel, delete); ticked trips go to the Disruptions screen together. It fits a 1280-pixel screen; on a phone each trip is one row that opens it.
import PeopleIcon from '@mui/icons-material/People';
import Box from '@mui/material/Box';
import {
  AutocompleteInput,
  Datagrid,
  FunctionField,
  List,
  ReferenceInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { trips } from '../../shared/registry/index.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { useCan } from '../auth/useCan.ts';
import { CancelRecordButton } from '../common/CancelRecordButton.tsx';
import { cancelTrip } from './cancelTrip.tsx';
import { DisruptSelectedBar, TickTrip } from '../disruptions/TickTrips.tsx';
import { IconAction } from '../common/IconAction.tsx';
import { Fact, PhoneList } from '../common/PhoneList.tsx';
import { ACTIONS_LABEL, RowActions } from '../common/RowActions.tsx';
import { StatusChip, StatusField } from '../common/StatusChip.tsx';
import { EmptyList } from '../common/EmptyList.tsx';
import { useIsPhone } from '../common/useIsPhone.ts';
import { DeleteRecordButton } from '../generated/DeleteRecordButton.tsx';
import { RefField, useReferenced } from '../generated/fields/RefField.tsx';
import { OpenButton } from '../generated/GeneratedList.tsx';
import { isSortable, KindField, kinds } from '../generated/kinds.tsx';
import { useStopsRoute, useTripName } from './TripLabel.tsx';
import { useLocalName } from '../i18n/localName.tsx';

const field = (name: keyof typeof trips.fields) => ({
  source: name,
  field: trips.fields[name],
  resource: 'trips',
  sortable: isSortable(trips.fields[name]),
});

const filters = [
  <ReferenceInput
    key="busId"
    source="busId"
    reference="buses"
    alwaysOn
    sort={{ field: 'bus_number', order: 'ASC' }}
  >
    <AutocompleteInput
      label="rihla.ui.trips.search_bus"
      optionText="bus_number"
      filterToQuery={(q: string) => ({ q })}
      sx={{ minWidth: 200 }}
    />
  </ReferenceInput>,
  ...kinds.date.filters!(field('trip_date')),
  ...kinds.reference.filters!(field('trip_originId')),
  ...kinds.reference.filters!(field('trip_destinationId')),
  ...kinds.boolean.filters!(field('isCancelled')),
];

/** "0 / 40": one piece, left to right in both languages. */
function SeatsCell() {
  const trip = useRecordContext();
  const bus = useReferenced('busId', 'buses');
  const translate = useTranslate();
  const booked = Array.isArray(trip?.bookedSeats) ? trip.bookedSeats.length : 0;
  if (!bus) return null;
  return (
    <Box component="bdi" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
      {translate('rihla.trips.seats_value', { booked, total: bus.bus_number_of_seats })}
    </Box>
  );
}

/** The plate (never broken at its hyphen) over its owner company. */
function BusCell() {
  const bus = useReferenced('busId', 'buses');
  if (!bus) return null;
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="bdi" sx={{ whiteSpace: 'nowrap' }}>
        {bus.bus_number}
      </Box>
      <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
        <RefField source="busId" reference="buses">
          <RefField source="bus_owner_companyId" reference="companies" />
        </RefField>
      </Box>
    </Box>
  );
}

function RouteCell() {
  const origin = useReferenced('trip_originId', 'origins');
  const destination = useReferenced('trip_destinationId', 'destinations');
  const translate = useTranslate();
  const localName = useLocalName();
  const withStops = useStopsRoute();
  return (
    <>
      {withStops ??
        translate('rihla.trips.route', {
          origin: origin ? localName(origin, 'origin_city') : '…',
          destination: destination ? localName(destination, 'destination_city') : '…',
        })}
    </>
  );
}

function CancelTripButton() {
  const name = useTripName();
  return <CancelRecordButton kind={cancelTrip} successArgs={() => ({ name })} variant="icon" />;
}

function PassengersButton() {
  const trip = useRecordContext();
  return trip ? (
    <IconAction to={`/trips/${trip.id}/show`} label="rihla.ui.actions.passengers" icon={<PeopleIcon />} />
  ) : null;
}

function PhoneTrips() {
  const translate = useTranslate();
  return (
    <PhoneList
      primary={<RouteCell />}
      secondary={[
        <Fact key="when">
          <KindField {...field('trip_date')} />
          <KindField {...field('trip_boarding_time')} />
        </Fact>,
        <Fact key="bus">
          <BusLine />
          <SeatsCell />
          <span>{translate('rihla.ui.trips.seats_short')}</span>
        </Fact>,
        <Fact key="status">
          <KindField {...field('trip_ticket_priceId')} />
          <CancelledChip />
        </Fact>,
      ]}
      rowClick="show"
    />
  );
}

/** On a phone only a cancelled trip says its status. */
function CancelledChip() {
  const trip = useRecordContext();
  return trip?.isCancelled ? <StatusChip cancelled /> : null;
}

function BusLine() {
  const bus = useReferenced('busId', 'buses');
  return bus ? <bdi>{bus.bus_number}</bdi> : null;
}

export function TripList() {
  const phone = useIsPhone();
  // Ticked trips may be cancelled or delayed together on the Disruptions screen (shared/roles.ts).
  const mayDisrupt = useCan('trips.write');
  return (
    <List
      resource="trips"
      sort={{ field: 'trip_date', order: 'ASC' }}
      filterDefaultValues={{ trip_date_gte: khartoumToday() }}
      filters={filters}
      exporter={false}
      perPage={25}
      empty={<EmptyList />}
    >
      {phone ? (
        <PhoneTrips />
      ) : (
        <>
          {mayDisrupt && <DisruptSelectedBar />}
          <Datagrid bulkActionButtons={false} rowClick={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
            {mayDisrupt && (
              <FunctionField label="rihla.disruptions.tick_column" render={() => <TickTrip />} />
            )}
            <KindField {...field('trip_date')} />
            <KindField {...field('trip_boarding_time')} />
            <FunctionField label="rihla.ui.trips.route" render={() => <RouteCell />} />
            <FunctionField label="rihla.ui.trips.bus" render={() => <BusCell />} />
            <FunctionField label="rihla.trips.seats" render={() => <SeatsCell />} />
            <KindField {...field('trip_ticket_priceId')} />
            <StatusField
              source="isCancelled"
              label="rihla.ui.status.label"
              active="rihla.ui.status.scheduled"
            />
            <RowActions label={ACTIONS_LABEL}>
              <PassengersButton />
              <OpenButton view="edit" />
              <CancelTripButton />
              <DeleteRecordButton redirect={false} />
            </RowActions>
          </Datagrid>
        </>
      )}
    </List>
  );
}
