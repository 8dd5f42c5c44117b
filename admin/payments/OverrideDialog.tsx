// Verifying a flagged payment is never silent: the staff member sees what is duplicated and writes why they
// verify it anyway (at least 3 characters, as the server requires); the note is kept with the booking.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { FlagList } from './FlagList.tsx';
import type { Flags } from './paymentsApi.ts';

export const OVERRIDE_NOTE_MIN = 3;

interface OverrideDialogProps {
  open: boolean;
  flags: Flags | undefined;
  busy: boolean;
  onClose: () => void;
  onVerify: (note: string) => void;
}

export function OverrideDialog({ open, flags, busy, onClose, onVerify }: OverrideDialogProps) {
  const translate = useTranslate();
  const [note, setNote] = useState('');
  const ready = note.trim().length >= OVERRIDE_NOTE_MIN;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="override-title"
      slotProps={{ transition: { onExited: () => setNote('') } }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onVerify(note.trim());
        }}
      >
        <DialogTitle id="override-title">{translate('rihla.payments.override.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('rihla.payments.override.intro')}</DialogContentText>
          {flags && <FlagList flags={flags} onlyDuplicates />}
          <TextField
            autoFocus
            required
            label={translate('rihla.payments.override.note')}
            helperText={translate('rihla.payments.override.note_help')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            margin="normal"
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" color="warning" variant="contained" disabled={!ready || busy}>
            {translate('rihla.payments.override.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
