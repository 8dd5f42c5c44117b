// What can be done with a refund owed: Mark paid (a dialog asking how the money went back: a transfer with its
// reference, or cash with an optional receipt number) and, once a cashier recorded cash, who handed it over and
// Confirm for a manager or an admin who did not record it. Who paid it, by name.
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetIdentity, useLocale, useNotify, useTranslate } from 'react-admin';
import type { RefundMethod } from '../../shared/payments.ts';
import { useCan } from '../auth/useCan.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { formatMoney, formatTimestamp } from '../i18n/format.ts';
import { isolated } from './Ltr.tsx';
import type { Booking } from './paymentsApi.ts';
import { useStaffName } from './ReviewDetails.tsx';
import { paymentChange, usePaymentsApi } from './usePaymentsApi.ts';

export function PaidBy({ id }: { id: string | null }) {
  return <>{useStaffName(id)}</>;
}

/** A desk call about money (a refund, cash taken): says what happened (or why not) and refreshes the payments' lists either way. */
export function useDeskCall<T>(call: () => Promise<T>, done: (answer: T) => string, after?: () => void) {
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  return useMutation({
    mutationFn: call,
    meta: paymentChange,
    onSuccess: (answer) => {
      notify(done(answer), { type: 'success' });
      after?.();
    },
    onError: (error) => notify(errorMessage(error, 'rihla.notices.update_failed'), { type: 'error' }),
  });
}

export function MarkPaidDialog({
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
  const [reference, setReference] = useState('');
  const [method, setMethod] = useState<RefundMethod>('transfer');
  const ready = method === 'cash' || !!reference.trim();
  const mark = useDeskCall(
    () =>
      api.markRefundPaid(booking!._id, {
        refundMethod: method,
        ...(reference.trim() ? { refundReference: reference.trim() } : {}),
      }),
    // A cashier's cash refund comes back recorded, not paid: a manager confirms it.
    (answer) =>
      translate(`rihla.payments.refunds.${answer.refundPaidAt ? 'done' : 'recorded'}`, {
        id: isolated(booking!.ticketId),
      }),
    onClose,
  );
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
export function DueAction({ booking, onMark }: { booking: Booking; onMark: () => void }) {
  const api = usePaymentsApi();
  const translate = useTranslate();
  const locale = useLocale();
  const { identity } = useGetIdentity();
  const mayConfirm = useCan('refunds.confirm');
  const recorder = useStaffName(booking.refundRecordedBy);
  const confirm = useDeskCall(
    () => api.confirmCashRefund(booking._id),
    () => translate('rihla.payments.refunds.confirmed', { id: isolated(booking.ticketId) }),
  );
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
