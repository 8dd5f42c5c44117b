// What a closed shift came to, shown once the cash counted is in (a blind count): the cash expected, the cash
// counted and the variance, a shortfall in the warning colour.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Shift } from './shiftsApi.ts';

interface Props {
  shift: Shift;
  money(amount: number | null): string;
  onClose(): void;
}

export function ClosedDialog({ shift, money, onClose }: Props) {
  const translate = useTranslate();
  const t = (key: string) => translate(`rihla.shifts.${key}`);
  const lines = [
    ['expected', shift.expected],
    ['counted', shift.counted],
    ['variance', shift.variance],
  ] as const;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('closed_title')}</DialogTitle>
      <DialogContent>
        <Alert severity={shift.variance === 0 ? 'success' : 'warning'} sx={{ mb: 2 }}>
          {t(shift.variance === 0 ? 'balanced' : 'not_balanced')}
        </Alert>
        {lines.map(([key, value]) => (
          <Stack key={key} direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
            <Typography>{t(key)}</Typography>
            <Typography sx={{ fontWeight: key === 'variance' ? 700 : 400 }} data-testid={`closed-${key}`}>
              {money(value)}
            </Typography>
          </Stack>
        ))}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="closed-done">
          {t('done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
