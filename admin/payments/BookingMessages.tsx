// A booking's text messages on its page (the outbox's cards, newest first): what the traveller was told and
// whether it reached them, with Send again. Loaded with the payments' screens, on demand.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'react-admin';
import { MessageCard } from './MessageList.tsx';
import { usePaymentsApi } from './usePaymentsApi.ts';

export default function BookingMessages() {
  const record = useRecordContext<{ id: string }>();
  const api = usePaymentsApi();
  const translate = useTranslate();
  const id = record ? String(record.id) : '';
  const list = useQuery({
    queryKey: ['payments', 'messages', 'booking', id],
    queryFn: () => api.messages(undefined, 0, 20, id),
    enabled: !!id,
  });
  if (!record || !list.data) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }} data-testid="booking-messages">
      <Typography variant="subtitle1" component="h2">
        {translate('rihla.payments.messages.of_booking')}
      </Typography>
      {list.data.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('rihla.payments.messages.none_for_booking')}
        </Typography>
      ) : (
        list.data.data.map((message) => <MessageCard key={message._id} message={message} />)
      )}
    </Stack>
  );
}
