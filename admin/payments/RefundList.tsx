// Refunds (/bookings/payments/refunds): paid bookings that were cancelled, the money owed back (Owed) or
// recorded as sent (Paid). "Mark paid" asks how the money went back: a transfer, with its transaction
// reference, or cash at the desk. A cash refund a cashier records stays owed, marked as handed over, until a
// manager or an admin (not the one who recorded it) confirms it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
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
import { Link, Loading, useGetIdentity, useLocale, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { RefundMethod } from '../../shared/payments.ts';
import { useCan } from '../auth/useCan.ts';
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
  const [method, setMethod] = useState<RefundMethod>('transfer');
  const ready = method === 'cash' || !!reference.trim();
  const mark = useMutation({
    mutationFn: () =>
      api.markRefundPaid(booking!._id, {
        refundMethod: method,
        ...(reference.trim() ? { refundReference: reference.trim() } : {}),
      }),
    onSuccess: (answer) => {
      // A cashier's cash refund comes back recorded, not paid: a manager confirms it.
      notify(answer.refundPaidAt ? 'rihla.payments.refunds.done' : 'rihla.payments.refunds.recorded', {
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
      slotProps={{ transition: { onExited: () => (setReference(''), setMethod('transfer')) } }}
    >
      {booking && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) mark.mutate();
          }}
        >
          <DialogTitle id="refund-title">{t('dialog_title', { id: isolated(booking.ticketId) })}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t(method === 'cash' ? 'cash_intro' : 'dialog_intro', {
                amount: formatMoney(booking.refundDue ?? 0, locale, translate),
                name: `${booking.passengerInfo.firstName} ${booking.passengerInfo.lastName}`,
                phone: isolated(booking.passengerInfo.phone),
              })}
            </DialogContentText>
            <FormLabel id="refund-method" sx={{ display: 'block', mt: 2 }}>
              {t('method')}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby="refund-method"
              value={method}
              onChange={(event) => setMethod(event.target.value as RefundMethod)}
            >
              <FormControlLabel value="transfer" control={<Radio />} label={t('method_transfer')} />
              <FormControlLabel value="cash" control={<Radio />} label={t('method_cash')} />
            </RadioGroup>
            <TextField
              autoFocus
              required={method === 'transfer'}
              fullWidth
              margin="normal"
              label={t(method === 'cash' ? 'receipt' : 'reference')}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 64, dir: 'ltr' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!ready || mark.isPending}>
              {t('confirm')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

/**
 * What a refund owed offers: Mark paid; or, once a cashier recorded it as handed over in cash, who did and
 * when, and Confirm for a manager or an admin who did not record it.
 */
function DueAction({ booking, onMark }: { booking: Booking; onMark: () => void }) {
  const api = usePaymentsApi();
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const mayConfirm = useCan('refunds.confirm');
  const recorder = useStaffName(booking.refundRecordedBy);
  const confirm = useMutation({
    mutationFn: () => api.confirmCashRefund(booking._id),
    onSuccess: () => {
      notify('rihla.payments.refunds.confirmed', {
        type: 'success',
        messageArgs: { id: isolated(booking.ticketId) },
      });
      void invalidatePayments(queryClient);
    },
    onError: (error) => {
      notify(errorMessage(error, 'rihla.notices.update_failed'), { type: 'error' });
      void invalidatePayments(queryClient);
    },
  });
  const t = (key: string, options?: object) => translate(`rihla.payments.refunds.${key}`, options);
  if (!booking.refundRecordedAt)
    return (
      <Button variant="contained" size="small" onClick={onMark}>
        {t('mark_paid')}
      </Button>
    );
  return (
    <Stack spacing={0.75} sx={{ alignItems: 'flex-end' }} data-testid="refund-awaiting">
      <Typography variant="body2" color="warning.main" sx={{ textAlign: 'end', maxWidth: '22em' }}>
        {t('awaiting', { name: recorder, date: formatTimestamp(booking.refundRecordedAt, locale) })}
      </Typography>
      {mayConfirm && identity?.id !== booking.refundRecordedBy && (
        <Button
          variant="contained"
          color="warning"
          size="small"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          {t('confirm_cash')}
        </Button>
      )}
    </Stack>
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
                    <TableCell>{field('refundPaidAt')}</TableCell>
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
                        <TableCell>
                          {booking.refundMethod === 'cash' && t('method_cash')}{' '}
                          <Box component="span" sx={{ fontFamily: 'monospace' }}>
                            <Ltr>{booking.refundReference}</Ltr>
                          </Box>
                        </TableCell>
                      </>
                    ) : (
                      <TableCell align="right">
                        <DueAction
                          booking={booking}
                          onMark={() => {
                            setMarking(booking);
                            setOpen(true);
                          }}
                        />
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
