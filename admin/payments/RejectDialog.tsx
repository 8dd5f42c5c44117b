// Rejecting a proof: one of the reasons (the traveller is told it) and an optional note for staff.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { REJECTION_REASONS, type RejectionReason } from '../../shared/payments.ts';
import { NoteDialog } from './NoteDialog.tsx';

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
  return (
    <NoteDialog
      open={open}
      busy={busy}
      onClose={onClose}
      name="reject"
      title={translate('rihla.payments.reject.title', { id: ticketId })}
      intro={translate('rihla.payments.reject.intro')}
      maxWidth="xs"
      note={{ label: translate('rihla.payments.reject.note') }}
      confirm={{ label: translate('rihla.payments.reject.confirm'), color: 'error' }}
      canConfirm={() => reason !== ''}
      onConfirm={(note) => reason && onReject(reason, note)}
      onExited={() => setReason('')}
    >
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
    </NoteDialog>
  );
}
