// The passenger list of one trip, seat by seat: the traveller on the seat with their official ID (type and
// number), the booking's phone and ticket id, its payment and its boarding (SeatState.tsx, with a legend). Bookings from GET /api/trips/passengers/{id},
// each booking's travellers from getPassengers (remembered per booking, shared with the booking's page).
// Laid out to print on one page: the app bar and sidebar are hidden and long lists use a smaller type. On a
// phone, one line-group per seat instead of an eight-column table.
import GlobalStyles from '@mui/material/GlobalStyles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, Loading, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { useCan, useCanAccessResource } from '../auth/useCan.ts';
import { IdNumberText, IdTypeText } from '../bookings/TravellerId.tsx';
import { useIsPhone } from '../common/useIsPhone.ts';
import { useTravellersOf } from '../bookings/useTravellers.ts';
import type { PassengerRow, RihlaDataProvider } from '../data/dataProvider.ts';
import { SeatBoardingChip, SeatLegend, SeatPaymentChip, seatBoarding, seatPayment } from './SeatState.tsx';
import { StopsSummary, useRowLegs } from '../stops/StopsSummary.tsx';

const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'A4', margin: '10mm' },
        '.MuiAppBar-root, .MuiDrawer-root, .no-print': { display: 'none !important' },
        '.RaLayout-appFrame': { marginTop: '0 !important' },
        '.RaLayout-content': { padding: '0 !important' },
        '.trip-passengers td, .trip-passengers th': {
          paddingTop: '1px !important',
          paddingBottom: '1px !important',
          lineHeight: '1.25 !important',
          whiteSpace: 'nowrap',
        },
        // On paper a seat's payment and boarding are plain words at the list's size (no pill, no icon).
        '.trip-passengers .MuiChip-root': {
          display: 'inline !important',
          fontSize: 'inherit !important',
          lineHeight: 'inherit !important',
          height: 'auto !important',
          minHeight: '0 !important',
          border: 'none !important',
          background: 'none !important',
          color: 'inherit !important',
        },
        '.trip-passengers .MuiChip-label': {
          display: 'inline !important',
          padding: '0 !important',
          fontSize: 'inherit !important',
          whiteSpace: 'nowrap !important',
        },
        '.trip-passengers .MuiChip-icon': { display: 'none !important' },
      },
    }}
  />
);

/** A cancelled seat: greyed in the secondary words' colour (5.7:1), not faded, so it stays readable. */
const GREYED = { color: 'text.secondary' };

const COLUMNS = [
  ['seat', 'rihla.trips.seat'],
  ['name', 'rihla.travellers.name'],
  ['legs', 'rihla.stops.legs'],
  ['idType', 'rihla.travellers.id_type'],
  ['idNumber', 'rihla.travellers.id_number'],
  ['phone', 'rihla.trips.phone'],
  ['ticket', 'rihla.trips.ticket'],
  ['payment', 'rihla.trips.payment'],
  ['boarding', 'rihla.trips.boarding'],
] as const;

export function TripPassengers() {
  const trip = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const { data, isPending, isError } = useQuery({
    queryKey: ['trips', 'passengers', trip?.id],
    queryFn: () => dataProvider.tripPassengers(String(trip!.id)),
    enabled: trip != null,
  });
  const bookingIds = [...new Set((data ?? []).map((row) => row.bookingId))];
  const linkBookings = useCanAccessResource('bookings', 'show');
  const travellers = useTravellersOf(bookingIds, !!data);
  const phone = useIsPhone();
  // A conductor gets no phones from the server (the door's share): no column of empty cells for them.
  const seesPhones = useCan('passengers.full');
  // A trip with stops: each seat's stops, and the stops' list of who boards and gets off (issue 23).
  const legsOf = useRowLegs();
  const columns = COLUMNS.filter(
    ([key]) => (seesPhones || key !== 'phone') && (legsOf !== undefined || key !== 'legs'),
  );
  if (isPending) return <Loading />;
  if (isError) return <Alert severity="error">{translate('rihla.trips.passengers_error')}</Alert>;
  if (data.length === 0) return <Alert severity="info">{translate('rihla.trips.no_passengers')}</Alert>;
  const rows = [...data].sort((a, b) => a.seat - b.seat);
  const size = rows.length > 60 ? '7pt' : rows.length > 40 ? '8pt' : '10pt';
  const cells = (row: PassengerRow) => {
    const traveller = travellers.bySeat.get(`${row.bookingId}|${row.seat}`);
    return {
      seat: <bdi>{row.seat}</bdi>,
      legs: legsOf?.(row),
      name: traveller?.fullName ?? (
        // The cell's size (smaller when printing a long list), only greyed.
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {travellers.pending ? '' : translate('rihla.travellers.not_named')}
        </Box>
      ),
      idType: traveller && <IdTypeText traveller={traveller} />,
      idNumber: <IdNumberText traveller={traveller} />,
      phone: <bdi dir="ltr">{row.phone}</bdi>,
      ticket: (
        <bdi dir="ltr">
          {linkBookings ? (
            <Link to={`/bookings/${encodeURIComponent(row.bookingId)}/show`}>{row.ticketId}</Link>
          ) : (
            row.ticketId
          )}
        </bdi>
      ),
      payment: <SeatPaymentChip row={row} />,
      boarding: <SeatBoardingChip row={row} />,
    };
  };

  if (phone)
    return (
      <>
        {printStyles}
        <StopsSummary rows={rows} />
        <SeatLegend rows={rows} />
        <Box
          component="ul"
          data-testid="trip-passengers"
          sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}
        >
          {rows.map((row) => {
            const cell = cells(row);
            return (
              <Box
                component="li"
                key={`${row.bookingId}-${row.seat}`}
                data-seat={row.seat}
                data-cancelled={row.isCancelled || undefined}
                data-payment={seatPayment(row)}
                data-boarding={seatBoarding(row)}
                sx={{ py: 1, borderBottom: 1, borderColor: 'divider', ...(row.isCancelled && GREYED) }}
              >
                <Typography sx={{ fontWeight: 500 }}>
                  {translate('rihla.trips.seat')} {cell.seat} · {cell.name}
                </Typography>
                {cell.legs && (
                  <Typography variant="body2" component="div">
                    {cell.legs}
                  </Typography>
                )}
                <Typography variant="body2" component="div">
                  {cell.idType} {cell.idNumber}
                </Typography>
                <Typography variant="body2" component="div">
                  {seesPhones && <>{cell.phone} · </>}
                  {cell.ticket}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
                  {cell.payment}
                  {cell.boarding}
                </Box>
              </Box>
            );
          })}
        </Box>
      </>
    );

  return (
    <>
      {printStyles}
      <StopsSummary rows={rows} />
      <SeatLegend rows={rows} />
      <Table
        size="small"
        className="trip-passengers"
        data-testid="trip-passengers"
        sx={{ '@media print': { '& td, & th': { fontSize: size } } }}
      >
        <TableHead>
          <TableRow>
            {columns.map(([key, label]) => (
              <TableCell key={key} data-column={key}>
                {translate(label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const cell = cells(row);
            return (
              <TableRow
                key={`${row.bookingId}-${row.seat}`}
                data-seat={row.seat}
                data-cancelled={row.isCancelled || undefined}
                data-payment={seatPayment(row)}
                data-boarding={seatBoarding(row)}
                sx={row.isCancelled ? { '& td': GREYED } : undefined}
              >
                {columns.map(([key]) => (
                  <TableCell key={key}>{cell[key]}</TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}
