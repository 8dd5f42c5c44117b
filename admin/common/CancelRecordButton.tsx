// Cancels a record after a confirmation that names it and whose buttons say what they do ("Keep booking",
// "Cancel booking"). In a list row it is an icon; in a page's toolbar a button. A cancelled record keeps it,
// disabled and labelled "Cancelled" (the spec's trips and bookings lists): a cancellation cannot be undone.
// What is cancelled — its words, who may, what the dialog says and which call it makes — is a `CancelKind`
// its resource's folder declares (admin/trips/cancelTrip.tsx, admin/bookings/cancelBooking.tsx).
import BlockIcon from '@mui/icons-material/Block';
import CloseIcon from '@mui/icons-material/Close';
import { useMutation } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { Capability } from '../../shared/roles.ts';
import { useCan } from '../auth/useCan.ts';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import { EMPTY_REASON, ReasonFields, reasonToSend } from './CancelReasonFields.tsx';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { IconAction } from './IconAction.tsx';

export interface CancelKind {
  /** The resource's name: its `rihla.<resource>.cancel_success|cancel_failure` notices and error words. */
  resource: string;
  /** Who may cancel (shared/roles.ts). */
  capability: Capability;
  words: { action: string; yes: string; keep: string; done: string };
  /** The confirmation's title and what it says about the record (in the record's context). */
  Title: ComponentType;
  Facts: ComponentType;
  /** Asks the reason travellers are told, in English and Arabic (both or neither). */
  asksReason?: boolean;
  cancel: (
    dataProvider: RihlaDataProvider,
    id: string,
    reason: ReturnType<typeof reasonToSend>,
  ) => Promise<unknown>;
}

interface CancelRecordButtonProps {
  kind: CancelKind;
  /** Names the record in the success notice. */
  successArgs: (record: Record<string, unknown>) => Record<string, unknown>;
  /** An icon in a list row, a labelled button in a toolbar (the default). */
  variant?: 'icon' | 'button';
}

export function CancelRecordButton({ kind, successArgs, variant = 'button' }: CancelRecordButtonProps) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const errorMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState(EMPTY_REASON);
  const toSend = reasonToSend(reason);
  const { resource, words, Title, Facts } = kind;
  const { mutate, isPending } = useMutation({
    mutationFn: (id: string) => kind.cancel(dataProvider, id, toSend),
    onSuccess: () => {
      notify(`rihla.${resource}.cancel_success`, {
        type: 'success',
        messageArgs: record ? successArgs(record) : {},
      });
      refresh();
    },
    onError: (error) =>
      notify(errorMessage(error, `rihla.${resource}.cancel_failure`, resource), { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  const allowed = useCan(kind.capability);
  if (!record || !allowed) return null;
  const done = !!record.isCancelled;
  const label = done ? words.done : words.action;
  const ask = () => setOpen(true);
  return (
    <>
      {variant === 'icon' ? (
        <IconAction label={label} icon={<BlockIcon />} color="warning" onClick={ask} disabled={done} />
      ) : (
        <Button
          label={label}
          color="warning"
          disabled={done}
          onClick={(event) => {
            event.stopPropagation();
            ask();
          }}
        >
          <BlockIcon />
        </Button>
      )}
      {open && (
        <Confirm
          isOpen
          loading={isPending}
          title={<Title />}
          content={
            <>
              <Facts />
              {kind.asksReason && <ReasonFields value={reason} onChange={setReason} />}
            </>
          }
          confirm={words.yes}
          cancel={words.keep}
          ConfirmIcon={BlockIcon}
          CancelIcon={CloseIcon}
          confirmColor="warning"
          onConfirm={() => {
            if (toSend !== 'partial') mutate(String(record.id));
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
