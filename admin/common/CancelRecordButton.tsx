// Cancels a trip or a booking after a confirmation. Once cancelled, the button stays disabled and reads
// "Cancelled": a cancellation cannot be undone.
import BlockIcon from '@mui/icons-material/Block';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';

interface CancelRecordButtonProps {
  resource: 'trips' | 'bookings';
  /** Names the record in the success notice. */
  successArgs: (record: Record<string, unknown>) => Record<string, unknown>;
}

export function CancelRecordButton({ resource, successArgs }: CancelRecordButtonProps) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const errorMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  const { mutate, isPending } = useMutation({
    mutationFn: (id: string) =>
      resource === 'trips' ? dataProvider.cancelTrip(id) : dataProvider.cancelBooking(id),
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
  if (!record) return null;
  if (record.isCancelled) return <Button label={`rihla.${resource}.cancelled`} disabled />;
  return (
    <>
      <Button
        label={`rihla.${resource}.cancel`}
        color="warning"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`rihla.${resource}.cancel_title`}
        content={`rihla.${resource}.cancel_confirm`}
        onConfirm={() => mutate(String(record.id))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
