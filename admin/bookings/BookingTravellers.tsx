// A booking's travellers, seat by seat (name, ID type and number), on its page; "Edit travellers" for the roles
// that may change them (money roles and conductors).
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Button, Loading, useRecordContext, useTranslate } from 'react-admin';
import { useCan } from '../auth/useCan.ts';
import { IdNumberText, IdTypeText } from './TravellerId.tsx';
import { TravellersDialog } from './TravellersDialog.tsx';
import { useTravellers } from './useTravellers.ts';

export function BookingTravellers() {
  const booking = useRecordContext();
  const translate = useTranslate();
  const mayRead = useCan('trips.passengers');
  const mayEdit = useCan('passengers.edit');
  const [editing, setEditing] = useState(false);
  const id = booking?.id == null ? undefined : String(booking.id);
  const { data, isPending, isError } = useTravellers(id, mayRead);
  if (!booking || !mayRead) return null;
  const seats = Array.isArray(booking.seats) ? (booking.seats as number[]) : [];
  const bySeat = new Map((data ?? []).map((traveller) => [traveller.seat, traveller]));
  return (
    <Box component="section" data-testid="booking-travellers" aria-labelledby="travellers-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="travellers-title" variant="h6" component="h2">
          {translate('rihla.travellers.title')}
        </Typography>
        {mayEdit && data && !booking.isCancelled && (
          <Button
            label="rihla.travellers.edit"
            onClick={() => setEditing(true)}
            data-testid="edit-travellers"
          >
            <EditIcon />
          </Button>
        )}
      </Stack>
      {isPending ? (
        <Loading />
      ) : isError ? (
        <Alert severity="error">{translate('rihla.travellers.load_error')}</Alert>
      ) : (
        <Table size="small" sx={{ '& th, & td': { px: 1, overflowWrap: 'anywhere' } }}>
          <TableHead>
            <TableRow>
              {['seat', 'name', 'id_type', 'id_number'].map((key) => (
                <TableCell key={key}>{translate(`rihla.travellers.${key}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {[...seats]
              .sort((a, b) => a - b)
              .map((seat) => {
                const traveller = bySeat.get(seat);
                return (
                  <TableRow key={seat} data-seat={seat}>
                    <TableCell>
                      <bdi>{seat}</bdi>
                    </TableCell>
                    <TableCell>
                      {traveller?.fullName ?? (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {translate('rihla.travellers.not_named')}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <IdTypeText traveller={traveller} />
                    </TableCell>
                    <TableCell>
                      <IdNumberText traveller={traveller} />
                    </TableCell>
                  </TableRow>
                );
              })}
          </TableBody>
        </Table>
      )}
      {editing && data && (
        <TravellersDialog
          bookingId={String(booking.id)}
          ticketId={String(booking.ticketId ?? '')}
          seats={seats}
          travellers={data}
          onClose={() => setEditing(false)}
        />
      )}
    </Box>
  );
}
