// Rejecting a proof: one of the reasons (the traveller is told it) and an optional note for staff.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { REJECTION_REASONS, type RejectionReason } from '../../shared/payments.ts';

interface RejectDialogProps {
  open: boolean;
  ticketId: string;
  busy: boolean;
  onClose: () => void;
  onReject: (reason: RejectionReason, note: string) => void;
}

export function RejectDialog({ open, ticketId, busy, onClose, onReject }: RejectDialogProps) {
  const translate = useTranslate();
  const [reason, setReason] = useState<RejectionReason | ''>('');
  const [note, setNote] = useState('');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="reject-title"
      slotProps={{ transition: { onExited: () => (setReason(''), setNote('')) } }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (reason) onReject(reason, note.trim());
        }}
      >
        <DialogTitle id="reject-title">
          {translate('rihla.payments.reject.title', { id: ticketId })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('rihla.payments.reject.intro')}</DialogContentText>
          <FormControl required>
            <FormLabel id="reject-reason">{translate('rihla.payments.reject.reason')}</FormLabel>
            <RadioGroup
              aria-labelledby="reject-reason"
              value={reason}
              onChange={(event) => setReason(event.target.value as RejectionReason)}
            >
              {REJECTION_REASONS.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio autoFocus={value === REJECTION_REASONS[0]} />}
                  label={translate(`rihla.payments.reason.${value}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            label={translate('rihla.payments.reject.note')}
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
          <Button type="submit" color="error" variant="contained" disabled={!reason || busy}>
            {translate('rihla.payments.reject.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
