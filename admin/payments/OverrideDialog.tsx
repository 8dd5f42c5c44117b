// Verifying a flagged payment is never silent: the staff member sees what is duplicated and writes why they
// verify it anyway (at least 3 characters, as the server requires); the note is kept with the booking. So is
// verifying a booking that never had a proof: the note says how the money was checked.
import type { ReactNode } from 'react';
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

/** A verification that needs a note (`words`: the override's, or the no-proof one's), with what to show above it. */
function VerifyWithNote({
  open,
  busy,
  onClose,
  onVerify,
  words,
  children,
}: Omit<OverrideDialogProps, 'flags'> & { words: 'override' | 'no_proof'; children?: ReactNode }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`rihla.payments.${words}.${key}`);
  return (
    <NoteDialog
      open={open}
      busy={busy}
      onClose={onClose}
      name={words.replace('_', '-')}
      title={t('title')}
      intro={t('intro')}
      maxWidth="sm"
      note={{ label: t('note'), help: t('note_help'), required: true }}
      confirm={{ label: t('confirm'), color: 'warning' }}
      canConfirm={(note) => note.length >= OVERRIDE_NOTE_MIN}
      onConfirm={onVerify}
    >
      {children}
    </NoteDialog>
  );
}

export function OverrideDialog({ flags, ...props }: OverrideDialogProps) {
  return (
    <VerifyWithNote {...props} words="override">
      {flags && <FlagList flags={flags} onlyDuplicates />}
    </VerifyWithNote>
  );
}

/** Verifying a booking that has no proof at all: how the money was checked, in a note the booking keeps. */
export function NoProofDialog(props: Omit<OverrideDialogProps, 'flags'>) {
  return <VerifyWithNote {...props} words="no_proof" />;
}
