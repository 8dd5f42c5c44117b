// One seat at a time, at the desk: a live booking of several seats loses the seats staff tick (the others
// stay under its ticket id). The server frees them, erases their travellers, refunds a paid booking's share by
// its tiers and logs the seats; this only asks which seats.
import EventSeatIcon from '@mui/icons-material/EventSeat';
import CloseIcon from '@mui/icons-material/Close';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  Confirm,
  useDataProvider,
  useLocale,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useCan } from '../auth/useCan.ts';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { formatNumber, formatSeatList } from '../i18n/format.ts';

export function CancelSeatsButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const refresh = useRefresh();
  const errorMessage = useErrorMessage();
  const [chosen, setChosen] = useState<number[] | null>(null);
  const allowed = useCan('bookings.cancel');
  const { mutate, isPending } = useMutation({
    mutationFn: (seats: number[]) => dataProvider.cancelSeats(String(record?.id), seats),
    onSuccess: (_, seats) => {
      notify('rihla.bookings.cancel_seats_success', {
        type: 'success',
        messageArgs: { id: record?.ticketId, seats: formatSeatList(seats, locale) },
      });
      refresh();
    },
    onError: (error) =>
      notify(errorMessage(error, 'rihla.bookings.cancel_failure', 'bookings'), { type: 'error' }),
    onSettled: () => setChosen(null),
  });
  const seats = (record?.seats ?? []) as number[];
  // Fewer than two seats: cancelling is cancelling the booking (the other button).
  if (!record || !allowed || record.isCancelled || seats.length < 2) return null;
  const toggle = (seat: number, on: boolean) =>
    setChosen((current) => (on ? [...(current ?? []), seat] : (current ?? []).filter((s) => s !== seat)));
  // All of them would be the whole booking: at most all but one here.
  const some = !!chosen && chosen.length > 0 && chosen.length < seats.length;
  return (
    <>
      <Button label="rihla.bookings.cancel_seats" color="warning" onClick={() => setChosen([])}>
        <EventSeatIcon />
      </Button>
      {chosen && (
        <Confirm
          isOpen
          loading={isPending}
          title="rihla.bookings.cancel_seats_title"
          titleTranslateOptions={{ id: record.ticketId }}
          content={
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('rihla.bookings.cancel_seats_hint')}
              </Typography>
              <FormGroup row>
                {seats.map((seat) => (
                  <FormControlLabel
                    key={seat}
                    control={
                      <Checkbox
                        checked={chosen.includes(seat)}
                        onChange={(event) => toggle(seat, event.target.checked)}
                      />
                    }
                    label={`${translate('rihla.travellers.seat')} ${formatNumber(seat, locale)}`}
                  />
                ))}
              </FormGroup>
            </>
          }
          confirm="rihla.bookings.cancel_seats_yes"
          cancel="rihla.ui.cancel.booking_keep"
          ConfirmIcon={EventSeatIcon}
          CancelIcon={CloseIcon}
          confirmColor="warning"
          onConfirm={() => {
            if (some) mutate(chosen);
          }}
          onClose={() => setChosen(null)}
        />
      )}
    </>
  );
}
