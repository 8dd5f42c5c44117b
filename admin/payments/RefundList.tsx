// Refunds (/bookings/payments/refunds): paid bookings that were cancelled, the money owed back (Owed) or
// recorded as sent (Paid); a table on a desktop, cards on a phone. "Mark paid" asks how the money went back: a
// transfer, with its transaction reference, or cash at the desk. A cash refund a cashier records stays owed,
// marked as handed over, until a manager or an admin (not the one who recorded it) confirms it
// (RefundActions.tsx).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Loading, useLocale, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatMoney, formatTimestamp } from '../i18n/format.ts';
import { Ltr } from './Ltr.tsx';
import { Pager } from './Pager.tsx';
import { PaymentsHeader } from './PaymentsHeader.tsx';
import { DueAction, MarkPaidDialog, PaidBy } from './RefundActions.tsx';
import type { Booking } from './paymentsApi.ts';
import { tripWords } from './tripWords.ts';
import { paymentKeys, usePaymentsApi } from './usePaymentsApi.ts';
import { PER_PAGE, usePaging } from './usePaging.ts';
import { scrollsSideways } from './styles.ts';

type Status = 'due' | 'paid';

/** On a phone, one card per refund: ticket and amount, who and which trip, then what to do or what was done. */
function RefundCards({
  refunds,
  status,
  onMark,
}: {
  refunds: Booking[];
  status: Status;
  onMark: (booking: Booking) => void;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const t = (key: string) => translate(`rihla.payments.refunds.${key}`);
  return (
    <Stack spacing={1.5} data-testid={`refunds-${status}`}>
      {refunds.map((booking) => {
        const trip = tripWords(booking.tripId, translate, locale);
        return (
          <Card key={booking._id} data-booking={booking._id}>
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Link to={`/bookings/${encodeURIComponent(booking._id)}/show`}>
                  <Ltr>{booking.ticketId}</Ltr>
                </Link>
                <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  <bdi>{formatMoney(booking.refundDue ?? 0, locale, translate)}</bdi>
                </Typography>
              </Stack>
              <Typography variant="body2">
                {booking.passengerInfo.firstName} {booking.passengerInfo.lastName} ·{' '}
                <Ltr>{booking.passengerInfo.phone}</Ltr>
              </Typography>
              {trip && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {trip.route} · {translate('rihla.payments.review.departure_value', trip)}
                </Typography>
              )}
              {status === 'paid' ? (
                <Typography variant="body2" color="text.secondary">
                  {booking.refundPaidAt ? formatTimestamp(booking.refundPaidAt, locale) : '—'} ·{' '}
                  <PaidBy id={booking.refundPaidBy} /> · {booking.refundMethod === 'cash' && t('method_cash')}{' '}
                  <Ltr>{booking.refundReference}</Ltr>
                </Typography>
              ) : (
                <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                  <DueAction booking={booking} onMark={() => onMark(booking)} />
                </Box>
              )}
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}

export default function RefundList() {
  const api = usePaymentsApi();
  const translate = useTranslate();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const status: Status = params.get('status') === 'paid' ? 'paid' : 'due';
  const [page, setPage] = usePaging();
  // The booking stays while the dialog closes (its words fade out with it).
  const [marking, setMarking] = useState<Booking>();
  const [open, setOpen] = useState(false);
  const start = page * PER_PAGE;
  const list = useQuery({
    queryKey: paymentKeys.refunds(status, page),
    queryFn: () => api.refunds(status, start, start + PER_PAGE),
  });
  const t = (key: string) => translate(`rihla.payments.refunds.${key}`);
  const field = (name: string) => translate(`resources.bookings.fields.${name}`);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const mark = (booking: Booking) => {
    setMarking(booking);
    setOpen(true);
  };

  return (
    <Box sx={{ pb: 4 }}>
      <PaymentsHeader current="refunds" />
      <Typography variant="h6" component="h1">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('intro')}
      </Typography>
      <Tabs
        value={status}
        onChange={(_, next: Status) => setParams(next === 'paid' ? { status: 'paid' } : {})}
        sx={{ mb: 2 }}
      >
        <Tab value="due" label={t('owed')} />
        <Tab value="paid" label={t('paid')} />
      </Tabs>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert severity="error">{t('load_error')}</Alert>
      ) : list.data.data.length === 0 ? (
        <Alert severity="info">{t(status === 'due' ? 'empty_owed' : 'empty_paid')}</Alert>
      ) : phone ? (
        <RefundCards refunds={list.data.data} status={status} onMark={mark} />
      ) : (
        <Box sx={scrollsSideways}>
          <Table size="small" data-testid={`refunds-${status}`}>
            <TableHead>
              <TableRow>
                <TableCell>{field('ticketId')}</TableCell>
                <TableCell>{translate('rihla.payments.review.passenger')}</TableCell>
                <TableCell>{translate('rihla.payments.review.trip')}</TableCell>
                <TableCell>{field('refundDue')}</TableCell>
                {status === 'paid' ? (
                  <>
                    <TableCell>{field('refundPaidAt')}</TableCell>
                    <TableCell>{field('refundPaidBy')}</TableCell>
                    <TableCell>{field('refundReference')}</TableCell>
                  </>
                ) : (
                  <TableCell>{translate('rihla.ui.actions.column')}</TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.data.map((booking) => {
                const trip = tripWords(booking.tripId, translate, locale);
                return (
                  <TableRow key={booking._id} data-booking={booking._id}>
                    <TableCell>
                      <Link to={`/bookings/${encodeURIComponent(booking._id)}/show`}>
                        <Ltr>{booking.ticketId}</Ltr>
                      </Link>
                    </TableCell>
                    <TableCell>
                      {booking.passengerInfo.firstName} {booking.passengerInfo.lastName}
                      <Typography variant="body2" color="text.secondary">
                        <Ltr>{booking.passengerInfo.phone}</Ltr>
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {trip?.route ?? '—'}
                      {trip && (
                        <Typography variant="body2" color="text.secondary">
                          {translate('rihla.payments.review.departure_value', trip)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <bdi>{formatMoney(booking.refundDue ?? 0, locale, translate)}</bdi>
                    </TableCell>
                    {status === 'paid' ? (
                      <>
                        <TableCell>
                          {booking.refundPaidAt ? formatTimestamp(booking.refundPaidAt, locale) : '—'}
                        </TableCell>
                        <TableCell>
                          <PaidBy id={booking.refundPaidBy} />
                        </TableCell>
                        <TableCell>
                          {booking.refundMethod === 'cash' && t('method_cash')}{' '}
                          <Box component="span" sx={{ fontFamily: 'monospace' }}>
                            <Ltr>{booking.refundReference}</Ltr>
                          </Box>
                        </TableCell>
                      </>
                    ) : (
                      <TableCell align="right">
                        <DueAction booking={booking} onMark={() => mark(booking)} />
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {list.data && <Pager page={page} total={list.data.total} onPage={setPage} />}
      <MarkPaidDialog booking={marking} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}
