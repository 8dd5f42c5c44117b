// Verifying a flagged payment is never silent: the staff member sees what is duplicated and writes why they
// verify it anyway (at least 3 characters, as the server requires); the note is kept with the booking.
import { useTranslate } from 'react-admin';
import { FlagList } from './FlagList.tsx';
import { NoteDialog } from './NoteDialog.tsx';
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
  return (
    <NoteDialog
      open={open}
      busy={busy}
      onClose={onClose}
      name="override"
      title={translate('rihla.payments.override.title')}
      intro={translate('rihla.payments.override.intro')}
      maxWidth="sm"
      note={{
        label: translate('rihla.payments.override.note'),
        help: translate('rihla.payments.override.note_help'),
        required: true,
      }}
      confirm={{ label: translate('rihla.payments.override.confirm'), color: 'warning' }}
      canConfirm={(note) => note.length >= OVERRIDE_NOTE_MIN}
      onConfirm={onVerify}
    >
      {flags && <FlagList flags={flags} onlyDuplicates />}
    </NoteDialog>
  );
}
