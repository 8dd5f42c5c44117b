// The proofs waiting (/bookings/payments), the trip leaving first first: ticket, passenger, route, departure,
// The proofs waiting (/bookings/payments), the trip leaving first first: ticket, passenger, route, departure,
// amount, reference, method, how long the proof still holds its seats and the flags at a glance. A table on a
// desktop, cards on a phone. Each row's flags come from its review, fetched beside the page: opening the review
// then costs nothing. Below, the cancelled bookings whose proof nobody decided on ("cancelled — check whether
// the money arrived"), each opening its review, where staff say whether the money arrived.
import PlayIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Loading, useLocale, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { formatMoney, formatNumber, formatTimestamp } from '../i18n/format.ts';
import { FlagChips } from './FlagChips.tsx';
import { HoldChip } from './HoldChip.tsx';
import { Ltr } from './Ltr.tsx';
import { Pager } from './Pager.tsx';
import { reviewPath } from './paths.ts';
import { PaymentsHeader } from './PaymentsHeader.tsx';
import type { Booking, Flags } from './paymentsApi.ts';
import { amountOf, tripWords } from './tripWords.ts';
import { paymentKeys, usePaymentsApi } from './usePaymentsApi.ts';
import { PER_PAGE, usePaging } from './usePaging.ts';
import { scrollsSideways } from './styles.ts';

interface Row {
  booking: Booking;
  flags: Flags | undefined;
}

function useRowWords() {
  const translate = useTranslate();
  const locale = useLocale();
  return ({ booking }: Row) => {
    const trip = tripWords(booking.tripId, translate, locale);
    return {
      passenger: `${booking.passengerInfo.firstName} ${booking.passengerInfo.lastName}`,
      route: trip?.route ?? '—',
      departure: trip ? translate('rihla.payments.review.departure_value', trip) : '—',
      amount: formatMoney(amountOf(booking), locale, translate),
      method: booking.paymentMethod ? translate(`rihla.payments.method.${booking.paymentMethod}`) : '—',
      booked: formatTimestamp(booking.bookingDate, locale),
    };
  };
}

const COLUMNS = ['ticket', 'passenger', 'route', 'departure', 'amount', 'reference', 'method', 'flags'];
const CANCELLED_COLUMNS = ['ticket', 'passenger', 'route', 'departure', 'amount', 'reference', 'booked'];

interface ListProps {
  rows: Row[];
  testId: string;
  /** The queue's rows show their flags; the cancelled ones, when they were booked. */
  cancelled?: boolean;
}

function QueueTable({ rows, testId, cancelled }: ListProps) {
  const translate = useTranslate();
  const words = useRowWords();
  const navigate = useNavigate();
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          {(cancelled ? CANCELLED_COLUMNS : COLUMNS).map((key) => (
            <TableCell key={key}>{translate(`rihla.payments.queue.${key}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => {
          const w = words(row);
          const { booking } = row;
          return (
            <TableRow
              key={booking._id}
              hover
              sx={{ cursor: 'pointer' }}
              onClick={() => navigate(reviewPath(booking._id))}
              data-booking={booking._id}
            >
              <TableCell>
                <Link
                  to={reviewPath(booking._id)}
                  onClick={(event: React.MouseEvent) => event.stopPropagation()}
                >
                  <Ltr>{booking.ticketId}</Ltr>
                </Link>
              </TableCell>
              <TableCell>{w.passenger}</TableCell>
              <TableCell>{w.route}</TableCell>
              <TableCell>{w.departure}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <bdi>{w.amount}</bdi>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>
                <Ltr>{booking.paymentReference ?? '—'}</Ltr>
              </TableCell>
              {cancelled ? (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{w.booked}</TableCell>
              ) : (
                <>
                  <TableCell>{w.method}</TableCell>
                  <TableCell>
                    <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
                      <HoldChip booking={booking} />
                      <FlagChips flags={row.flags} />
                    </Stack>
                  </TableCell>
                </>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function QueueCards({ rows, testId, cancelled }: ListProps) {
  const words = useRowWords();
  return (
    <Stack spacing={1.5} data-testid={testId}>
      {rows.map((row) => {
        const w = words(row);
        const { booking } = row;
        return (
          <Card key={booking._id} data-booking={booking._id}>
            <CardActionArea component={Link} to={reviewPath(booking._id)}>
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    <Ltr>{booking.ticketId}</Ltr>
                  </Typography>
                  <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    <bdi>{w.amount}</bdi>
                  </Typography>
                </Stack>
                <Typography variant="body2">{w.passenger}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {w.route} · {w.departure}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  <Box component="span" sx={{ fontFamily: 'monospace' }}>
                    <Ltr>{booking.paymentReference ?? '—'}</Ltr>
                  </Box>{' '}
                  · {cancelled ? w.booked : w.method}
                </Typography>
                {!cancelled && (
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    <HoldChip booking={booking} />
                    <FlagChips flags={row.flags} />
                  </Stack>
                )}
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Stack>
  );
}

export default function PaymentQueue() {
  const api = usePaymentsApi();
  const translate = useTranslate();
  const rtl = useLocale() === 'ar';
  const [page, setPage] = usePaging();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const start = page * PER_PAGE;
  const queue = useQuery({
    queryKey: paymentKeys.queue(start, start + PER_PAGE),
    queryFn: () => api.queue(start, start + PER_PAGE),
  });
  const reviews = useQueries({
    queries: (queue.data?.data ?? []).map((booking) => ({
      queryKey: paymentKeys.review(booking._id),
      queryFn: () => api.payment(booking._id),
      staleTime: 30_000,
    })),
  });

  const header = <PaymentsHeader current="queue" />;
  if (queue.isPending)
    return (
      <>
        {header}
        <Loading />
      </>
    );
  if (queue.isError)
    return (
      <>
        {header}
        <Alert severity="error">{translate('rihla.payments.queue.load_error')}</Alert>
      </>
    );
  const rows = queue.data.data.map((booking, i) => ({ booking, flags: reviews[i]?.data?.flags }));
  const first = queue.data.data[0];

  return (
    <Box sx={{ pb: 2 }}>
      {header}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h6" component="h1">
            {translate('rihla.payments.queue.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('rihla.payments.queue.intro')}
          </Typography>
        </Box>
        {first && (
          // MUI's Button: react-admin's hides its label on a phone, where this one matters most.
          <Button
            component={Link}
            to={reviewPath(first._id)}
            variant="contained"
            startIcon={<PlayIcon sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />}
            sx={{ alignSelf: { xs: 'stretch', sm: 'center' } }}
          >
            {translate('rihla.payments.queue.start')}
          </Button>
        )}
      </Stack>
      {rows.length === 0 ? (
        <Alert severity="success" data-testid="queue-empty">
          {translate('rihla.payments.queue.empty')}
        </Alert>
      ) : phone ? (
        <QueueCards rows={rows} testId="payment-queue" />
      ) : (
        <Box sx={scrollsSideways}>
          <QueueTable rows={rows} testId="payment-queue" />
        </Box>
      )}
      <Pager page={page} total={queue.data.total} onPage={setPage} />
      <CancelledProofs phone={phone} />
    </Box>
  );
}

/** Cancelled bookings with a proof nobody decided on: shown only when there are some. */
function CancelledProofs({ phone }: { phone: boolean }) {
  const api = usePaymentsApi();
  const translate = useTranslate();
  const locale = useLocale();
  const [page, setPage] = useState(0);
  const start = page * PER_PAGE;
  const list = useQuery({
    queryKey: paymentKeys.cancelled(start, start + PER_PAGE),
    queryFn: () => api.cancelledProofs(start, start + PER_PAGE),
  });
  if (!list.data?.total) return null;
  const rows = list.data.data.map((booking) => ({ booking, flags: undefined }));
  return (
    <Box component="section" sx={{ mt: 4 }} aria-labelledby="cancelled-proofs-title">
      <Typography variant="h6" component="h2" id="cancelled-proofs-title">
        {translate('rihla.payments.queue.cancelled_title')} (
        <bdi>{formatNumber(list.data.total, locale)}</bdi>)
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate('rihla.payments.queue.cancelled_intro')}
      </Typography>
      {phone ? (
        <QueueCards rows={rows} testId="cancelled-proofs" cancelled />
      ) : (
        <Box sx={scrollsSideways}>
          <QueueTable rows={rows} testId="cancelled-proofs" cancelled />
        </Box>
      )}
      <Pager page={page} total={list.data.total} onPage={setPage} />
    </Box>
  );
}
