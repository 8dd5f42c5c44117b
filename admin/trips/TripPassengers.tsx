// The passenger list of one trip (seat, name, phone, ticket id, status), from GET /api/trips/passengers/{id};
// laid out to print on one page: the app bar and sidebar are hidden and long lists use a smaller type.
import GlobalStyles from '@mui/material/GlobalStyles';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { Loading, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { RihlaDataProvider } from '../data/dataProvider.ts';

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
      },
    }}
  />
);

export function TripPassengers() {
  const trip = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const { data, isPending, isError } = useQuery({
    queryKey: ['trips', 'passengers', trip?.id],
    queryFn: () => dataProvider.tripPassengers(String(trip!.id)),
    enabled: trip != null,
  });
  if (isPending) return <Loading />;
  if (isError) return <Alert severity="error">{translate('rihla.trips.passengers_error')}</Alert>;
  if (data.length === 0) return <Alert severity="info">{translate('rihla.trips.no_passengers')}</Alert>;
  const rows = [...data].sort((a, b) => a.seat - b.seat);
  const size = rows.length > 60 ? '7pt' : rows.length > 40 ? '8pt' : '10pt';
  return (
    <>
      {printStyles}
      <Table
        size="small"
        className="trip-passengers"
        sx={{ '@media print': { '& td, & th': { fontSize: size } } }}
      >
        <TableHead>
          <TableRow>
            {['seat', 'name', 'phone', 'ticket', 'status'].map((key) => (
              <TableCell key={key}>{translate(`rihla.trips.${key}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={`${row.bookingId}-${row.seat}`}
              sx={row.isCancelled ? { opacity: 0.55 } : undefined}
            >
              <TableCell>{row.seat}</TableCell>
              <TableCell>{row.name}</TableCell>
              <TableCell dir="ltr">{row.phone}</TableCell>
              <TableCell dir="ltr">{row.ticketId}</TableCell>
              <TableCell>
                {translate(row.isCancelled ? 'rihla.bookings.cancelled' : 'rihla.trips.booked')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
