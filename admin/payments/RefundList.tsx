// Refunds (/bookings/payments/refunds): paid bookings that were cancelled, the money owed back (Owed) or
// recorded as sent (Paid). "Mark paid" asks for the transaction reference of the refund transfer.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Loading, useLocale, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { formatMoney, formatTimestamp } from '../i18n/format.ts';
import { isolated, Ltr } from './Ltr.tsx';
import { Pager } from './Pager.tsx';
import { PaymentsHeader } from './PaymentsHeader.tsx';
import type { Booking } from './paymentsApi.ts';
import { useStaffName } from './ReviewDetails.tsx';
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

export default function RefundList() {
  const api = usePaymentsApi();
  const translate = useTranslate();
  const locale = useLocale();
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
  const field = (name: string) => translate(`resources.bookings.fields.${name}`);

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
        <Box sx={scrollsSideways}>
          <Table size="small" data-testid={`refunds-${status}`}>
            <TableHead>
              <TableRow>
                <TableCell>{field('ticketId')}</TableCell>
                <TableCell>{translate('rihla.payments.review.passenger')}</TableCell>
                <TableCell>{translate('rihla.payments.review.trip')}</TableCell>
                <TableCell>{field('refundDue')}</TableCell>
                {status === 'paid' ? (
                  <>
                    <TableCell>
                      {translate('rihla.ui.time.khartoum', { label: field('refundPaidAt') })}
                    </TableCell>
                    <TableCell>{field('refundPaidBy')}</TableCell>
                    <TableCell>{field('refundReference')}</TableCell>
                  </>
                ) : (
                  <TableCell />
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.data.map((booking) => {
                const trip = tripWords(booking.tripId, translate, locale);
                return (
                  <TableRow key={booking._id} data-booking={booking._id}>
                    <TableCell>
                      <Link to={`/bookings/${encodeURIComponent(booking._id)}/show`}>
                        <Ltr>{booking.ticketId}</Ltr>
                      </Link>
                    </TableCell>
                    <TableCell>
                      {booking.passengerInfo.firstName} {booking.passengerInfo.lastName}
                      <Typography variant="body2" color="text.secondary">
                        <Ltr>{booking.passengerInfo.phone}</Ltr>
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {trip?.route ?? '—'}
                      {trip && (
                        <Typography variant="body2" color="text.secondary">
                          {translate('rihla.payments.review.departure_value', trip)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <bdi>{formatMoney(booking.refundDue ?? 0, locale, translate)}</bdi>
                    </TableCell>
                    {status === 'paid' ? (
                      <>
                        <TableCell>
                          {booking.refundPaidAt ? formatTimestamp(booking.refundPaidAt, locale) : '—'}
                        </TableCell>
                        <TableCell>
                          <PaidBy id={booking.refundPaidBy} />
                        </TableCell>
                        <TableCell sx={{ fontFamily: 'monospace' }}>
                          <Ltr>{booking.refundReference}</Ltr>
                        </TableCell>
                      </>
                    ) : (
                      <TableCell align="right">
                        <Button
                          variant="contained"
                          size="small"
                          onClick={() => {
                            setMarking(booking);
                            setOpen(true);
                          }}
                        >
                          {t('mark_paid')}
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {list.data && <Pager page={page} total={list.data.total} onPage={setPage} />}
      <MarkPaidDialog booking={marking} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}
