// The Shifts screen (/shifts): cash-up. A cashier opens their shift with the cash in the drawer and closes it
// with the cash counted; the list shows each shift's float, cash sales and refunds, the cash expected, counted
// and the variance. A cashier sees their own shifts; a manager or an admin every shift and closes any.
// Closing is a blind count: the dialog asks for the cash counted and shows what was expected, and the variance,
// only once the shift is closed (the server does not tell a cashier an open shift's expected cash either).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useGetIdentity, useLocale, useNotify, useTranslate } from 'react-admin';
import { useCan } from '../auth/useCan.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { formatMoney, formatTimestamp } from '../i18n/format.ts';
import { AmountDialog } from './AmountDialog.tsx';
import { ClosedDialog } from './ClosedDialog.tsx';
import { type Shift, type ShiftStatus, shiftsApi } from './shiftsApi.ts';
import { ShiftTable } from './ShiftTable.tsx';

const QUERY_KEY = ['shifts'];
const SHOWN = 100;

export function ShiftsPage() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`rihla.shifts.${key}`, options);
  const locale = useLocale();
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  const phone = useIsPhone();
  const manages = useCan('shifts.manage');
  const { identity } = useGetIdentity();
  const api = shiftsApi(useDataProvider<RihlaDataProvider>());
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ShiftStatus | undefined>();
  const [dialog, setDialog] = useState<{ open: true } | { close: Shift } | { closed: Shift } | undefined>();
  // Arabic writes a minus at the number's start, on its right (CLDR's letter mark): -500 reads ‏500-.
  const money = (amount: number | null) => (amount == null ? '—' : formatMoney(amount, locale, translate));

  const shifts = useQuery({ queryKey: [...QUERY_KEY, status], queryFn: () => api.list(status, SHOWN) });
  // One's own open shift, whatever the list's filter shows.
  const mine = useQuery({ queryKey: [...QUERY_KEY, 'open'], queryFn: () => api.list('open', SHOWN) });
  const myShift = mine.data?.data.find((shift) => shift.userId === String(identity?.id));

  const done = () => {
    setDialog(undefined);
    void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  };
  const failed = (error: unknown) =>
    notify(errorMessage(error, 'rihla.notices.update_failed'), { type: 'error' });
  const open = useMutation({
    mutationFn: (float: number) => api.open(float),
    onSuccess: () => {
      notify(t('opened'), { type: 'success' });
      done();
    },
    onError: failed,
  });
  const close = useMutation({
    mutationFn: ({ id, counted }: { id: string; counted: number }) => api.close(id, counted),
    onSuccess: (shift) => {
      done();
      setDialog({ closed: shift });
    },
    onError: failed,
  });
  const mayClose = (shift: Shift) =>
    shift.status === 'open' && (manages || shift.userId === String(identity?.id));

  return (
    <Box sx={{ py: 2, maxWidth: 1200 }}>
      <Title title={t('title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Typography sx={{ flexGrow: 1 }} data-testid="my-shift">
              {myShift
                ? t('your_open_shift', { time: formatTimestamp(myShift.openedAt, locale) })
                : t('no_open_shift')}
            </Typography>
            {myShift ? (
              <Button
                variant="contained"
                onClick={() => setDialog({ close: myShift })}
                data-testid="close-my-shift"
              >
                {t('close_shift')}
              </Button>
            ) : (
              <Button
                variant="contained"
                disabled={!mine.data}
                onClick={() => setDialog({ open: true })}
                data-testid="open-shift"
              >
                {t('open_shift')}
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        {([undefined, 'open', 'closed'] as const).map((choice) => (
          <Chip
            key={choice ?? 'all'}
            label={t(choice ? `status_${choice}` : 'filter_all')}
            color={status === choice ? 'primary' : 'default'}
            variant={status === choice ? 'filled' : 'outlined'}
            onClick={() => setStatus(choice)}
          />
        ))}
      </Stack>
      {shifts.isError && <Alert severity="error">{t('failed')}</Alert>}
      {shifts.isPending && <CircularProgress aria-label={t('title')} />}
      {shifts.data && shifts.data.data.length === 0 && <Typography>{t('empty')}</Typography>}
      {shifts.data && shifts.data.data.length > 0 && (
        <ShiftTable
          shifts={shifts.data.data}
          phone={phone}
          money={money}
          mayClose={mayClose}
          onClose={(shift) => setDialog({ close: shift })}
        />
      )}
      {shifts.data && shifts.data.total > shifts.data.data.length && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('more', { shown: shifts.data.data.length, count: shifts.data.total })}
        </Typography>
      )}
      {dialog && 'open' in dialog && (
        <AmountDialog
          title={t('open_shift')}
          label={t('float')}
          help={t('float_help')}
          confirm={t('open_shift')}
          busy={open.isPending}
          onConfirm={(amount) => open.mutate(amount)}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog && 'close' in dialog && (
        <AmountDialog
          title={t('close_shift')}
          label={t('counted')}
          help={t('counted_help')}
          confirm={t('close_shift')}
          busy={close.isPending}
          onConfirm={(counted) => close.mutate({ id: dialog.close._id, counted })}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog && 'closed' in dialog && (
        <ClosedDialog shift={dialog.closed} money={money} onClose={() => setDialog(undefined)} />
      )}
    </Box>
  );
}
