// Paid at the office: a cashier takes an unpaid booking's price in cash (an online hold, or the difference of a
// change to a dearer trip), confirmed in a dialog naming the amount. The server counts it in the cashier's open
// shift; a booking with a proof of a transfer waiting, or whose hold lapsed, is not offered.
import PaymentsIcon from '@mui/icons-material/Payments';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useCan } from '../auth/useCan.ts';
import { formatMoney } from '../i18n/format.ts';
import { isolated } from './Ltr.tsx';
import type { Booking } from './paymentsApi.ts';
import { useDeskCall } from './RefundActions.tsx';
import { usePaymentsApi } from './usePaymentsApi.ts';

/** Whether a cashier may take this booking's price in cash now. */
export const cashPayable = (booking: Booking, now: number) =>
  !booking.isCancelled &&
  booking.paymentStatus === 'awaiting_proof' &&
  !booking.bankakScreenshot &&
  (!booking.paymentDeadline || Date.parse(booking.paymentDeadline) > now);

export function CashPayment({ booking }: { booking: Booking }) {
  const api = usePaymentsApi();
  const translate = useTranslate();
  const locale = useLocale();
  const allowed = useCan('sales.counter');
  const [open, setOpen] = useState(false);
  const t = (key: string, options?: object) => translate(`rihla.payments.cash.${key}`, options);
  // The specification's documents carry the price as a one-element list.
  const price = booking.totalTicketPrice[0] ?? 0;
  const take = useDeskCall(
    () => api.payInCash(booking._id, price),
    () => t('done', { id: isolated(booking.ticketId) }),
    () => setOpen(false),
  );
  if (!allowed || !cashPayable(booking, Date.now())) return null;
  const amount = formatMoney(price, locale, translate);
  return (
    <>
      <Button size="small" startIcon={<PaymentsIcon />} onClick={() => setOpen(true)}>
        {t('button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="cash-title">
        <DialogTitle id="cash-title">{t('title', { id: isolated(booking.ticketId) })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('intro', { amount: isolated(amount) })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={take.isPending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" onClick={() => take.mutate()} disabled={take.isPending}>
            {t('confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
