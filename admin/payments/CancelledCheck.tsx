// A cancelled booking whose proof nobody decided on (the traveller cancelled after paying, perhaps): in place
// of Verify and Reject, staff say whether the money reached the account. It did: its price is owed back and
// the booking moves to the refunds. It did not: the proof is recorded as money not received. Money under a
// reference or image another booking used is confirmed only with a note (the server answers DUPLICATE_PROOF).
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, useLocale, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { formatMoney } from '../i18n/format.ts';
import { FlagList } from './FlagList.tsx';
import { isolated } from './Ltr.tsx';
import { NoteDialog } from './NoteDialog.tsx';
import { OVERRIDE_NOTE_MIN } from './OverrideDialog.tsx';
import { type Booking, type Flags, isFlagged } from './paymentsApi.ts';
import { PAYMENTS_PATH } from './paths.ts';
import { amountOf } from './tripWords.ts';
import { paymentChange, usePaymentsApi } from './usePaymentsApi.ts';

/** A cancelled booking with a proof not decided: the money may have arrived. */
export const awaitsMoneyCheck = (booking: Booking) =>
  booking.isCancelled &&
  !!booking.bankakScreenshot &&
  !booking.rejectionReason &&
  booking.paymentStatus !== 'verified';

export function CancelledCheck({ booking, flags }: { booking: Booking; flags: Flags | undefined }) {
  const api = usePaymentsApi();
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [dialog, setDialog] = useState<'arrived' | 'missing' | null>(null);
  const [serverFlags, setServerFlags] = useState<Flags>();
  const shown = serverFlags ?? flags;
  const flagged = !!shown && isFlagged(shown);
  const t = (key: string, options?: object) => translate(`rihla.payments.cancelled.${key}`, options);
  const amount = formatMoney(amountOf(booking), locale, translate);
  const id = isolated(booking.ticketId);

  const check = useMutation({
    mutationFn: ({ arrived, note }: { arrived: boolean; note: string }) =>
      api.checkCancelledProof(booking._id, {
        moneyArrived: arrived,
        ...(note ? { note } : {}),
        ...(arrived && flagged ? { override: true } : {}),
      }),
    meta: paymentChange,
    onSuccess: (_, { arrived }) => {
      setDialog(null);
      notify(t(arrived ? 'done_arrived' : 'done_missing', { id }), { type: 'success' });
      navigate(PAYMENTS_PATH);
    },
    onError: (error) => {
      const body = error instanceof HttpError ? (error.body as { code?: string; flags?: Flags }) : undefined;
      if (body?.code === 'DUPLICATE_PROOF' && body.flags) {
        // Found by the server meanwhile: ask for the note, never confirm silently.
        setServerFlags(body.flags);
        return;
      }
      setDialog(null);
      notify(errorMessage(error, 'rihla.payments.review.load_error'), { type: 'error' });
    },
  });

  const arrived = dialog === 'arrived';
  return (
    <>
      <Paper
        elevation={6}
        sx={{ position: 'sticky', bottom: 8, zIndex: 2, p: 1.5 }}
        data-testid="cancelled-check"
      >
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          <AlertTitle>{t('alert_title')}</AlertTitle>
          {t('alert', { amount, reference: isolated(booking.paymentReference ?? '—') })}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: { sm: 'flex-end' } }}>
          <Button
            variant="contained"
            color="warning"
            sx={{ flex: { xs: 1, sm: 'none' } }}
            onClick={() => setDialog('arrived')}
          >
            {t('arrived')}
          </Button>
          <Button
            variant="outlined"
            sx={{ flex: { xs: 1, sm: 'none' } }}
            onClick={() => setDialog('missing')}
          >
            {t('missing')}
          </Button>
        </Box>
      </Paper>
      <NoteDialog
        open={dialog !== null}
        busy={check.isPending}
        onClose={() => setDialog(null)}
        name="cancelled-check"
        title={t(arrived ? 'arrived_title' : 'missing_title', { id })}
        intro={t(arrived ? 'arrived_intro' : 'missing_intro', { amount })}
        maxWidth="sm"
        note={{ label: t('note'), help: arrived ? t('note_help') : undefined, required: arrived && flagged }}
        confirm={{
          label: t(arrived ? 'confirm_arrived' : 'confirm_missing'),
          color: arrived ? 'warning' : 'error',
        }}
        canConfirm={(note) => !(arrived && flagged) || note.length >= OVERRIDE_NOTE_MIN}
        onConfirm={(note) => check.mutate({ arrived, note })}
      >
        {arrived && flagged && shown && <FlagList flags={shown} onlyDuplicates />}
      </NoteDialog>
    </>
  );
}
