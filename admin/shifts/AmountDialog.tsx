// Asks for an amount of cash in SDG (the float that opens a shift, the cash counted that closes it): 0 or
// more, checked before it is sent.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

interface Props {
  title: string;
  label: string;
  help: string;
  confirm: string;
  busy: boolean;
  onConfirm(amount: number): void;
  onClose(): void;
}

export function AmountDialog({ title, label, help, confirm, busy, onConfirm, onClose }: Props) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const amount = Number(text.replace(/,/g, ''));
  const valid = text.trim() !== '' && Number.isFinite(amount) && amount >= 0;
  const [touched, setTouched] = useState(false);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label={label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && !valid}
          helperText={touched && !valid ? translate('rihla.shifts.amount_invalid') : help}
          slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'shift-amount' } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('rihla.shifts.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!valid || busy}
          onClick={() => onConfirm(amount)}
          data-testid="shift-confirm"
        >
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
