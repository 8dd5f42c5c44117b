// Text messages (/bookings/payments/messages): the outbox, failed messages first, one card per message on
// every screen size (a message is a short text, which a table would squeeze): its status and kind, the phone and
// the ticket it concerns, the text as the traveller reads it, its tries and last error, and "Send again" for a
// failed or sent one. Tabs narrow it to the failed or the waiting ones.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, Loading, useLocale, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatNumber, formatTimestamp } from '../i18n/format.ts';
import { Ltr } from './Ltr.tsx';
import { Pager } from './Pager.tsx';
import { PaymentsHeader } from './PaymentsHeader.tsx';
import type { OutboxMessage } from './paymentsApi.ts';
import { paymentKeys, usePaymentsApi } from './usePaymentsApi.ts';
import { PER_PAGE, usePaging } from './usePaging.ts';

const FILTERS = { all: undefined, failed: 'failed', waiting: 'queued' } as const;
type Filter = keyof typeof FILTERS;

const COLOURS: Record<string, ChipProps['color']> = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  delivered: 'success',
  failed: 'error',
  cancelled: 'default',
};

export function MessageCard({ message }: { message: OutboxMessage }) {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const api = usePaymentsApi();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`rihla.payments.messages.${key}`, options);
  const resend = useMutation({
    mutationFn: () => api.resendMessage(message._id),
    meta: { invalidates: [paymentKeys.messagesAll] },
    onSuccess: () => notify(t('resent'), { type: 'info' }),
    onError: () => notify(t('resend_failed'), { type: 'error' }),
  });
  const canResend = ['failed', 'sent', 'delivered'].includes(message.status);
  return (
    <Card data-message={message._id} data-status={message.status}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Chip size="small" color={COLOURS[message.status]} label={t(`status.${message.status}`)} />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t(`kind.${message.kind}`)}
          </Typography>
          <Ltr>{message.phone}</Ltr>
          {message.ticketId && message.bookingId && (
            <Link to={`/bookings/${encodeURIComponent(message.bookingId)}/show`}>
              <Ltr>{message.ticketId}</Ltr>
            </Link>
          )}
        </Stack>
        <Typography
          variant="body2"
          dir={message.language === 'ar' ? 'rtl' : 'ltr'}
          lang={message.language}
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            bgcolor: 'action.hover',
            p: 1,
            borderRadius: 1,
          }}
        >
          {message.text}
        </Typography>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1 }}
        >
          <Typography variant="caption" color="text.secondary">
            {message.sentAt
              ? t('sent_at', { time: formatTimestamp(message.sentAt, locale) })
              : t('created_at', { time: formatTimestamp(message.createdAt, locale) })}
            {' · '}
            {t('segments', { count: formatNumber(message.segments, locale) })}
            {' · '}
            {t('tries', { count: formatNumber(message.tries, locale) })}
            {message.lastError && (
              <>
                {' · '}
                {t('last_error', { error: '' })}
                <Ltr>{message.lastError}</Ltr>
              </>
            )}
          </Typography>
          {canResend && (
            <Button
              size="small"
              variant="outlined"
              onClick={() => resend.mutate()}
              disabled={resend.isPending}
            >
              {t('resend')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function MessageList() {
  const api = usePaymentsApi();
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const filter: Filter =
    params.get('show') === 'failed' ? 'failed' : params.get('show') === 'waiting' ? 'waiting' : 'all';
  const [page, setPage] = usePaging();
  const start = page * PER_PAGE;
  const list = useQuery({
    queryKey: paymentKeys.messages(filter, page),
    queryFn: () => api.messages(FILTERS[filter], start, start + PER_PAGE),
  });
  const t = (key: string) => translate(`rihla.payments.messages.${key}`);
  return (
    <Box sx={{ pb: 4 }}>
      <PaymentsHeader current="messages" />
      <Typography variant="h6" component="h1">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('intro')}
      </Typography>
      <Tabs
        value={filter}
        onChange={(_, next: Filter) => setParams(next === 'all' ? {} : { show: next })}
        sx={{ mb: 2 }}
      >
        {(Object.keys(FILTERS) as Filter[]).map((key) => (
          <Tab key={key} value={key} label={t(key)} />
        ))}
      </Tabs>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert severity="error">{t('load_error')}</Alert>
      ) : list.data.data.length === 0 ? (
        <Alert severity="info">{t('empty')}</Alert>
      ) : (
        <Stack spacing={1.5} data-testid="messages">
          {list.data.data.map((message) => (
            <MessageCard key={message._id} message={message} />
          ))}
        </Stack>
      )}
      {list.data && <Pager page={page} total={list.data.total} onPage={setPage} />}
    </Box>
  );
}
