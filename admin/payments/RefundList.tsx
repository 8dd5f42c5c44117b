// Refunds (/bookings/payments/refunds): paid bookings that were cancelled, the money owed back (Owed) or
// recorded as sent (Paid), a table on a desktop and a card each on a phone. "Mark paid" asks for the
// transaction reference of the refund transfer.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Stack from '@mui/material/Stack';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, Loading, useLocale, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useIsPhone } from '../common/useIsPhone.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { formatMoney, formatTimestamp } from '../i18n/format.ts';
import { isolated, Ltr } from './Ltr.tsx';
import { Pager } from './Pager.tsx';
import { PaymentsHeader } from './PaymentsHeader.tsx';
import type { Booking } from './paymentsApi.ts';
import { Facts, useStaffName } from './ReviewDetails.tsx';
import { tripWords } from './tripWords.ts';
import { invalidatePayments, paymentKeys, usePaymentsApi } from './usePaymentsApi.ts';
import { PER_PAGE, usePaging } from './usePaging.ts';
import { scrollsSideways } from './styles.ts';

type Status = 'due' | 'paid';

function PaidBy({ id }: { id: string | null }) {
  return <>{useStaffName(id)}</>;
}

function MarkPaidDialog({
  booking,
  open,
  onClose,
}: {
  booking: Booking | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const api = usePaymentsApi();
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [reference, setReference] = useState('');
  const mark = useMutation({
    mutationFn: () => api.markRefundPaid(booking!._id, reference.trim()),
    onSuccess: () => {
      notify('rihla.payments.refunds.done', {
        type: 'success',
        messageArgs: { id: isolated(booking!.ticketId) },
      });
      void invalidatePayments(queryClient);
      onClose();
    },
    onError: (error) => {
      notify(errorMessage(error, 'rihla.notices.update_failed'), { type: 'error' });
      void invalidatePayments(queryClient);
    },
  });
  const t = (key: string, options?: object) => translate(`rihla.payments.refunds.${key}`, options);
  return (
    <Dialog
      open={open && !!booking}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="refund-title"
      slotProps={{ transition: { onExited: () => setReference('') } }}
    >
      {booking && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (reference.trim()) mark.mutate();
          }}
        >
          <DialogTitle id="refund-title">{t('dialog_title', { id: isolated(booking.ticketId) })}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t('dialog_intro', {
                amount: formatMoney(booking.refundDue ?? 0, locale, translate),
                name: `${booking.passengerInfo.firstName} ${booking.passengerInfo.lastName}`,
                phone: isolated(booking.passengerInfo.phone),
              })}
            </DialogContentText>
            <TextField
              autoFocus
              required
              fullWidth
              margin="normal"
              label={t('reference')}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 64, dir: 'ltr' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!reference.trim() || mark.isPending}>
              {t('confirm')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

/** One refund's facts, labelled: a row's cells on a desktop, a card's lines on a phone. */
function useRefundFacts(status: Status) {
  const translate = useTranslate();
  const locale = useLocale();
  const field = (name: string) => translate(`resources.bookings.fields.${name}`);
  const secondary = (text: ReactNode) => (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
      {text}
    </Typography>
  );
  return (booking: Booking): [string, ReactNode][] => {
    const trip = tripWords(booking.tripId, translate, locale);
    const facts: [string, ReactNode][] = [
      [
        field('ticketId'),
        <Link key="ticket" to={`/bookings/${encodeURIComponent(booking._id)}/show`}>
          <Ltr>{booking.ticketId}</Ltr>
        </Link>,
      ],
      [
        translate('rihla.payments.review.passenger'),
        <>
          {booking.passengerInfo.firstName} {booking.passengerInfo.lastName}
          {secondary(<Ltr>{booking.passengerInfo.phone}</Ltr>)}
        </>,
      ],
      [
        translate('rihla.payments.review.trip'),
        <>
          {trip?.route ?? '—'}
          {trip && secondary(translate('rihla.payments.review.departure_value', trip))}
        </>,
      ],
      [
        field('refundDue'),
        <Box key="due" component="bdi" sx={{ whiteSpace: 'nowrap' }}>
          {formatMoney(booking.refundDue ?? 0, locale, translate)}
        </Box>,
      ],
    ];
    if (status === 'paid')
      facts.push(
        [
          translate('rihla.ui.time.khartoum', { label: field('refundPaidAt') }),
          booking.refundPaidAt ? formatTimestamp(booking.refundPaidAt, locale) : '—',
        ],
        [field('refundPaidBy'), <PaidBy key="by" id={booking.refundPaidBy} />],
        [
          field('refundReference'),
          <Box key="ref" component="span" sx={{ fontFamily: 'monospace' }}>
            <Ltr>{booking.refundReference}</Ltr>
          </Box>,
        ],
      );
    return facts;
  };
}

/**
 * The refunds of one tab: a table on a desktop, one card per refund on a phone (its "Mark paid" in view,
 * never beyond a table's edge).
 */
function Refunds({
  status,
  bookings,
  onMark,
}: {
  status: Status;
  bookings: Booking[];
  onMark: (booking: Booking) => void;
}) {
  const translate = useTranslate();
  const phone = useIsPhone();
  const facts = useRefundFacts(status);
  const markPaid = (booking: Booking, fullWidth = false) => (
    <Button variant="contained" size="small" fullWidth={fullWidth} onClick={() => onMark(booking)}>
      {translate('rihla.payments.refunds.mark_paid')}
    </Button>
  );
  if (phone)
    return (
      <Stack spacing={1} data-testid={`refunds-${status}`}>
        {bookings.map((booking) => (
          <Card key={booking._id} variant="outlined" data-booking={booking._id}>
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Facts rows={facts(booking)} />
              {status === 'due' && <Box sx={{ mt: 1.5 }}>{markPaid(booking, true)}</Box>}
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  const columns = facts(bookings[0]).map(([label]) => label);
  return (
    <Box sx={scrollsSideways}>
      <Table size="small" data-testid={`refunds-${status}`}>
        <TableHead>
          <TableRow>
            {columns.map((label) => (
              <TableCell key={label}>{label}</TableCell>
            ))}
            {status === 'due' && <TableCell>{translate('rihla.ui.actions.column')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {bookings.map((booking) => (
            <TableRow key={booking._id} data-booking={booking._id}>
              {facts(booking).map(([label, value]) => (
                <TableCell key={label}>{value}</TableCell>
              ))}
              {status === 'due' && <TableCell>{markPaid(booking)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export default function RefundList() {
  const api = usePaymentsApi();
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const status: Status = params.get('status') === 'paid' ? 'paid' : 'due';
  const [page, setPage] = usePaging();
  // The booking stays while the dialog closes (its words fade out with it).
  const [marking, setMarking] = useState<Booking>();
  const [open, setOpen] = useState(false);
  const start = page * PER_PAGE;
  const list = useQuery({
    queryKey: paymentKeys.refunds(status, page),
    queryFn: () => api.refunds(status, start, start + PER_PAGE),
  });
  const t = (key: string) => translate(`rihla.payments.refunds.${key}`);

  return (
    <Box sx={{ pb: 4 }}>
      <PaymentsHeader current="refunds" />
      <Typography variant="h6" component="h1">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('intro')}
      </Typography>
      <Tabs
        value={status}
        onChange={(_, next: Status) => setParams(next === 'paid' ? { status: 'paid' } : {})}
        sx={{ mb: 2 }}
      >
        <Tab value="due" label={t('owed')} />
        <Tab value="paid" label={t('paid')} />
      </Tabs>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert severity="error">{t('load_error')}</Alert>
      ) : list.data.data.length === 0 ? (
        <Alert severity="info">{t(status === 'due' ? 'empty_owed' : 'empty_paid')}</Alert>
      ) : (
        <Refunds
          status={status}
          bookings={list.data.data}
          onMark={(booking) => {
            setMarking(booking);
            setOpen(true);
          }}
        />
      )}
      {list.data && <Pager page={page} total={list.data.total} onPage={setPage} />}
      <MarkPaidDialog booking={marking} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}
