// The shifts as a table on a desktop, one card per shift on a phone: who, open or closed, when, and the cash
// (float, cash sales, cash refunds, expected, counted, variance), with Close on an open shift one may close.
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import { formatTimestamp } from '../i18n/format.ts';
import type { Shift } from './shiftsApi.ts';

interface Props {
  shifts: Shift[];
  phone: boolean;
  money(amount: number | null): string;
  mayClose(shift: Shift): boolean;
  onClose(shift: Shift): void;
}

const AMOUNTS = ['float', 'cashIn', 'cashOut', 'expected', 'counted', 'variance'] as const;
const AMOUNT_LABELS: Record<(typeof AMOUNTS)[number], string> = {
  float: 'float',
  cashIn: 'cash_in',
  cashOut: 'cash_out',
  expected: 'expected',
  counted: 'counted',
  variance: 'variance',
};

export function ShiftTable({ shifts, phone, money, mayClose, onClose }: Props) {
  const translate = useTranslate();
  const t = (key: string) => translate(`rihla.shifts.${key}`);
  const locale = useLocale();
  const who = (shift: Shift) => shift.userName ?? shift.userEmail ?? shift.userId;
  const when = (iso: string | null) => (iso ? formatTimestamp(iso, locale) : '—');
  const status = (shift: Shift) => (
    <Chip
      size="small"
      label={t(`status_${shift.status}`)}
      color={shift.status === 'open' ? 'success' : 'default'}
    />
  );
  const amount = (shift: Shift, key: (typeof AMOUNTS)[number]) => {
    const value = shift[key];
    const short = key === 'variance' && value != null && value < 0;
    return (
      <bdi style={short ? { color: '#b3261e', fontWeight: 600 } : undefined}>
        {key === 'cashOut' && value ? money(-value) : money(value)}
      </bdi>
    );
  };
  const close = (shift: Shift) =>
    mayClose(shift) && (
      <Button size="small" variant="outlined" onClick={() => onClose(shift)} data-testid="close-shift">
        {t('close_shift')}
      </Button>
    );

  if (phone)
    return (
      <Stack spacing={1.5}>
        {shifts.map((shift) => (
          <Card key={shift._id} data-testid="shift-card">
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{who(shift)}</Typography>
                {status(shift)}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {t('opened_at')}: {when(shift.openedAt)}
              </Typography>
              {shift.closedAt && (
                <Typography variant="body2" color="text.secondary">
                  {t('closed_at')}: {when(shift.closedAt)}
                </Typography>
              )}
              <Stack component="dl" sx={{ m: 0, mt: 1 }}>
                {AMOUNTS.map((key) => (
                  <Stack key={key} direction="row" sx={{ justifyContent: 'space-between' }}>
                    <Typography component="dt" variant="body2">
                      {t(AMOUNT_LABELS[key])}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                      {amount(shift, key)}
                    </Typography>
                  </Stack>
                ))}
              </Stack>
              {mayClose(shift) && <Stack sx={{ mt: 1, alignItems: 'flex-end' }}>{close(shift)}</Stack>}
            </CardContent>
          </Card>
        ))}
      </Stack>
    );

  return (
    <TableContainer component={Card}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('cashier')}</TableCell>
            <TableCell>{t('status')}</TableCell>
            <TableCell>{t('opened_at')}</TableCell>
            <TableCell>{t('closed_at')}</TableCell>
            {AMOUNTS.map((key) => (
              <TableCell key={key} align="right">
                {t(AMOUNT_LABELS[key])}
              </TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {shifts.map((shift) => (
            <TableRow key={shift._id} data-testid="shift-row">
              <TableCell>{who(shift)}</TableCell>
              <TableCell>{status(shift)}</TableCell>
              <TableCell>{when(shift.openedAt)}</TableCell>
              <TableCell>{when(shift.closedAt)}</TableCell>
              {AMOUNTS.map((key) => (
                <TableCell key={key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {amount(shift, key)}
                </TableCell>
              ))}
              <TableCell>{close(shift)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
