// "Message passengers" on a trip's page (admins and managers): staff write the message in Arabic and English,
// check how many phones and SMS it costs (a dry run on the server), then send; each passenger gets it in the
// language they booked in (server/messages). Hidden for a cancelled trip, whose passengers were told already.
import SmsIcon from '@mui/icons-material/Sms';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Button, useLocale, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useCan } from '../auth/useCan.ts';
import { formatNumber } from '../i18n/format.ts';
import type { BroadcastAnswer } from '../payments/paymentsApi.ts';
import { usePaymentsApi } from '../payments/usePaymentsApi.ts';

const MAX = 320;

export function BroadcastButton({ name }: { name: string }) {
  const trip = useRecordContext();
  const allowed = useCan('messages.broadcast');
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const api = usePaymentsApi();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState({ text_ar: '', text_en: '' });
  const [preview, setPreview] = useState<BroadcastAnswer>();
  const [busy, setBusy] = useState(false);
  if (!trip || trip.isCancelled || !allowed) return null;
  const t = (key: string, options?: Record<string, unknown>) => translate(`rihla.broadcast.${key}`, options);
  const ready = text.text_ar.trim() !== '' && text.text_en.trim() !== '';
  const call = async (dryRun: boolean) => {
    setBusy(true);
    try {
      const answer = await api.broadcast({ tripId: String(trip.id), ...text, dryRun });
      const counts = {
        phones: formatNumber(answer.phones, locale),
        segments: formatNumber(answer.segments, locale),
      };
      if (dryRun) setPreview(answer);
      else {
        notify(t('sent', counts), { type: 'info' });
        setOpen(false);
        setText({ text_ar: '', text_en: '' });
        setPreview(undefined);
      }
    } catch {
      notify(t('failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const field = (key: 'text_ar' | 'text_en') => (
    <TextField
      fullWidth
      multiline
      minRows={2}
      margin="dense"
      label={t(key)}
      value={text[key]}
      dir={key === 'text_ar' ? 'rtl' : 'ltr'}
      slotProps={{ htmlInput: { maxLength: MAX, lang: key === 'text_ar' ? 'ar' : 'en' } }}
      onChange={(event) => {
        setText({ ...text, [key]: event.target.value });
        setPreview(undefined);
      }}
    />
  );
  return (
    <>
      <Button label="rihla.broadcast.open" onClick={() => setOpen(true)}>
        <SmsIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('title', { trip: name })}</DialogTitle>
        <DialogContent>
          {field('text_ar')}
          {field('text_en')}
          <Alert severity={preview ? 'success' : 'info'} sx={{ mt: 1 }}>
            {preview
              ? t('previewed', {
                  phones: formatNumber(preview.phones, locale),
                  segments: formatNumber(preview.segments, locale),
                })
              : t('help')}
          </Alert>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton disabled={!ready || busy} onClick={() => call(true)}>
            {t('preview')}
          </MuiButton>
          <MuiButton variant="contained" disabled={!ready || busy || !preview} onClick={() => call(false)}>
            {t('send')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
