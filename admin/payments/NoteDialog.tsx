// A payment decision that asks for words: a form in a dialog with the decision's title and intro, what the
// decision needs beside the note (`children`: the duplicates found, the reasons to choose from), the note
// itself, and two buttons: cancel, and the decision (enabled when `canConfirm` says the form is complete).
// The override of a flagged payment and the rejection of a proof are made of it.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';

interface NoteDialogProps {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  /** Names the dialog's title for screen readers (`${name}-title`). */
  name: string;
  title: ReactNode;
  intro: string;
  children?: ReactNode;
  maxWidth: 'xs' | 'sm';
  note: { label: string; help?: string; required?: boolean };
  confirm: { label: string; color: 'warning' | 'error' };
  /** Whether the decision may be taken with this (trimmed) note. */
  canConfirm: (note: string) => boolean;
  onConfirm: (note: string) => void;
  /** Once closed: the decision's own fields go back to empty (the note does by itself). */
  onExited?: () => void;
}

export function NoteDialog({
  open,
  busy,
  onClose,
  name,
  title,
  intro,
  children,
  maxWidth,
  note: noteField,
  confirm,
  canConfirm,
  onConfirm,
  onExited,
}: NoteDialogProps) {
  const translate = useTranslate();
  const [note, setNote] = useState('');
  const ready = canConfirm(note.trim());
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={`${name}-title`}
      slotProps={{ transition: { onExited: () => (setNote(''), onExited?.()) } }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onConfirm(note.trim());
        }}
      >
        <DialogTitle id={`${name}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
          {children}
          <TextField
            // A required note is the first thing to fill in.
            autoFocus={noteField.required}
            required={noteField.required}
            label={noteField.label}
            helperText={noteField.help}
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
          <Button type="submit" color={confirm.color} variant="contained" disabled={!ready || busy}>
            {confirm.label}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
