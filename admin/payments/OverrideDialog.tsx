// Verifying a flagged payment is never silent: the staff member sees what is duplicated and writes why they
// verify it anyway (at least 3 characters, as the server requires); the note is kept with the booking. So is
// verifying a booking that never had a proof: the note says how the money was checked.
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

/** Verifying a booking that has no proof at all: how the money was checked, in a note the booking keeps. */
export function NoProofDialog({ open, busy, onClose, onVerify }: Omit<OverrideDialogProps, 'flags'>) {
  const translate = useTranslate();
  return (
    <NoteDialog
      open={open}
      busy={busy}
      onClose={onClose}
      name="no-proof"
      title={translate('rihla.payments.no_proof.title')}
      intro={translate('rihla.payments.no_proof.intro')}
      maxWidth="sm"
      note={{
        label: translate('rihla.payments.no_proof.note'),
        help: translate('rihla.payments.no_proof.note_help'),
        required: true,
      }}
      confirm={{ label: translate('rihla.payments.no_proof.confirm'), color: 'warning' }}
      canConfirm={(note) => note.length >= OVERRIDE_NOTE_MIN}
      onConfirm={onVerify}
    />
  );
}
