// Delete with a confirmation that names the record ("Nile Express") beside the spec's words ('Are you sure
// you want to permanently delete this company?') and buttons that say what they do ("Keep company", "Delete
// company"); then the resource's success notice, or its failure notice (a 409 shows the server's reason).
// In a list row (redirect={false}) it is an icon; on a page a labelled button.
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  Button,
  Confirm,
  type RedirectionSideEffect,
  useCanAccess,
  useDelete,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { IconAction } from '../common/IconAction.tsx';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { RecordLabel } from './RecordLabel.tsx';

interface DeleteRecordButtonProps {
  redirect?: RedirectionSideEffect;
  variant?: 'icon' | 'button';
}

export function DeleteRecordButton({ redirect = 'list', variant }: DeleteRecordButtonProps) {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext();
  const notify = useNotify();
  const goTo = useRedirect();
  const translate = useTranslate();
  const errorMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  // Only for a role that may delete it (authProvider.canAccess, from shared/roles.ts).
  const { canAccess } = useCanAccess({ action: 'delete', resource, record });
  if (!record || !canAccess) return null;
  const label = 'rihla.ui.actions.delete';
  const confirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(`resources.${resource}.notifications.deleted`, {
            type: 'info',
            messageArgs: { smart_count: 1 },
          });
          if (redirect !== false) goTo(redirect, resource);
        },
        onError: (error) => {
          setOpen(false);
          notify(errorMessage(error, `rihla.delete.failure.${resource}`, resource), {
            type: 'error',
            autoHideDuration: 10_000,
          });
        },
      },
    );
  return (
    <>
      {(variant ?? (redirect === false ? 'icon' : 'button')) === 'icon' ? (
        <IconAction label={label} icon={<DeleteIcon />} color="error" onClick={() => setOpen(true)} />
      ) : (
        <Button
          label={label}
          color="error"
          onClick={(event) => {
            event.stopPropagation();
            setOpen(true);
          }}
        >
          <DeleteIcon />
        </Button>
      )}
      {open && (
        <Confirm
          isOpen
          loading={isPending}
          title={`rihla.ui.delete.title.${resource}`}
          content={
            <>
              <Typography component="p" sx={{ fontWeight: 600, mb: 1 }} data-testid="delete-name">
                <bdi>
                  <RecordLabel resource={resource} />
                </bdi>
              </Typography>
              <Typography component="p">{translate(`rihla.delete.confirm.${resource}`)}</Typography>
            </>
          }
          confirm={`rihla.ui.delete.yes.${resource}`}
          cancel={`rihla.ui.delete.keep.${resource}`}
          confirmColor="warning"
          ConfirmIcon={DeleteIcon}
          CancelIcon={CloseIcon}
          onConfirm={confirm}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
