// Cancels a trip or a booking after a confirmation that names it (ticket, passenger, trip and seats; or the
// trip, its bus and what is booked on it) and whose buttons say what they do ("Keep booking", "Cancel
// booking"). In a list row it is an icon; in a page's toolbar a button. A cancelled record keeps it, disabled
// and labelled "Cancelled" (the spec's trips and bookings lists): a cancellation cannot be undone. A trip's
// dialog also asks the reason travellers are told, in English and Arabic (both or neither).
import BlockIcon from '@mui/icons-material/Block';
import CloseIcon from '@mui/icons-material/Close';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useCan } from '../auth/useCan.ts';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import { EMPTY_REASON, ReasonFields, reasonToSend } from '../trips/CancelReasonFields.tsx';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { CancelFacts, CancelTitle } from './CancelFacts.tsx';
import { IconAction } from './IconAction.tsx';

interface CancelRecordButtonProps {
  resource: 'trips' | 'bookings';
  /** Names the record in the success notice. */
  successArgs: (record: Record<string, unknown>) => Record<string, unknown>;
  /** An icon in a list row, a labelled button in a toolbar (the default). */
  variant?: 'icon' | 'button';
}

const WORDS = {
  bookings: {
    action: 'rihla.ui.actions.cancel_booking',
    yes: 'rihla.ui.cancel.booking_yes',
    keep: 'rihla.ui.cancel.booking_keep',
    done: 'rihla.ui.cancel.booking_done',
  },
  trips: {
    action: 'rihla.ui.actions.cancel_trip',
    yes: 'rihla.ui.cancel.trip_yes',
    keep: 'rihla.ui.cancel.trip_keep',
    done: 'rihla.ui.cancel.trip_done',
  },
};

export function CancelRecordButton({ resource, successArgs, variant = 'button' }: CancelRecordButtonProps) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const errorMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  // A trip's travellers are told why (optional: both languages or neither).
  const [reason, setReason] = useState(EMPTY_REASON);
  const toSend = reasonToSend(reason);
  const { mutate, isPending } = useMutation({
    mutationFn: (id: string) =>
      resource === 'trips'
        ? dataProvider.cancelTrip(id, toSend === 'partial' ? undefined : toSend)
        : dataProvider.cancelBooking(id),
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
  // Only for a role that may cancel it (shared/roles.ts).
  const allowed = useCan(resource === 'trips' ? 'trips.write' : 'bookings.cancel');
  if (!record || !allowed) return null;
  const words = WORDS[resource];
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
          title={<CancelTitle resource={resource} />}
          content={
            <>
              <CancelFacts resource={resource} />
              {resource === 'trips' && <ReasonFields value={reason} onChange={setReason} />}
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
