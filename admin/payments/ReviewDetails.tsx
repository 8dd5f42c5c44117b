// Beside the proof: what the money must be (amount, reference, method), who paid (passenger, phone), for
// what (trip, seats), how long the proof still holds its seats, the flags in plain words, and, once decided,
// who decided what and when.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link, useGetIdentity, useGetOne, useLocale, useTranslate } from 'react-admin';
import { proofUndecided } from '../../shared/payments.ts';
import { useCan } from '../auth/useCan.ts';
import { formatMoney, formatSeatList, formatTimestamp } from '../i18n/format.ts';
import { FlagChips } from './FlagChips.tsx';
import { FlagList } from './FlagList.tsx';
import { HoldChip, HoldNotice } from './HoldChip.tsx';
import { Ltr } from './Ltr.tsx';
import { PaymentStatusChip } from './PaymentStatusChip.tsx';
import type { PaymentReview } from './paymentsApi.ts';
import { amountOf, tripWords } from './tripWords.ts';

/** Label/value pairs as a description list, two columns wide on any screen. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(6.5em, max-content) minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.75,
        m: 0,
        '& dt': { color: 'text.secondary', typography: 'body2' },
        '& dd': { m: 0, typography: 'body2', overflowWrap: 'anywhere' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A staff member's name from their _id: one's own from the session; others' from the users, for a role that
 * may read them ('—' otherwise).
 */
export function useStaffName(id: string | null | undefined): string {
  const { identity } = useGetIdentity();
  const mine = !!id && identity?.id === id;
  const allowed = useCan('users.manage');
  const { data } = useGetOne('users', { id: id ?? '' }, { enabled: !!id && !mine && allowed, retry: false });
  if (mine) return String(identity?.fullName ?? '—');
  return data?.full_name ?? data?.email ?? '—';
}

function Decision({ review }: { review: PaymentReview }) {
  const translate = useTranslate();
  const locale = useLocale();
  const { booking } = review;
  const verifier = useStaffName(booking.paymentStatus === 'verified' ? booking.verifiedBy : null);
  if (booking.isCancelled)
    return <Alert severity="warning">{translate('rihla.payments.review.cancelled')}</Alert>;
  if (booking.paymentStatus === 'verified')
    return (
      <Alert severity="success" data-testid="payment-decided">
        {translate('rihla.payments.review.decided_by', {
          how: translate(`rihla.payments.via.${booking.verifiedVia}`, { _: booking.verifiedVia ?? '' }),
          name: verifier,
          date: booking.verifiedAt ? formatTimestamp(booking.verifiedAt, locale) : '—',
        })}
        {booking.overrideNote && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {translate('rihla.payments.detail.override', { note: booking.overrideNote })}
          </Typography>
        )}
      </Alert>
    );
  if (booking.paymentStatus === 'rejected')
    return (
      <Alert severity="error" data-testid="payment-decided">
        {translate('rihla.payments.review.rejected_because', {
          reason: translate(`rihla.payments.reason.${booking.rejectionReason}`, {
            _: booking.rejectionReason ?? '',
          }),
          note: booking.rejectionNote ?? '',
        })}
      </Alert>
    );
  if (!proofUndecided(booking))
    return <Alert severity="info">{translate('rihla.payments.review.not_waiting')}</Alert>;
  return null;
}

export function ReviewDetails({ review }: { review: PaymentReview }) {
  const translate = useTranslate();
  const locale = useLocale();
  const { booking, flags } = review;
  const trip = tripWords(booking.tripId, translate, locale);
  const passenger = booking.passengerInfo;
  const t = (key: string) => translate(`rihla.payments.review.${key}`);
  const field = (name: string) => translate(`resources.bookings.fields.${name}`);

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="overline" component="p" color="text.secondary">
          {t('expected')}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h4" component="p" data-testid="expected-amount">
            <bdi>{formatMoney(amountOf(booking), locale, translate)}</bdi>
          </Typography>
          <PaymentStatusChip status={booking.paymentStatus} />
        </Stack>
      </Box>
      <Facts
        rows={[
          [
            field('paymentReference'),
            <Typography
              key="ref"
              component="span"
              sx={{ fontFamily: 'monospace', fontSize: '1.05rem', fontWeight: 600 }}
            >
              <Ltr>{booking.paymentReference ?? '—'}</Ltr>
            </Typography>,
          ],
          [
            field('paymentMethod'),
            booking.paymentMethod ? translate(`rihla.payments.method.${booking.paymentMethod}`) : '—',
          ],
          [
            field('ticketId'),
            <Link key="ticket" to={`/bookings/${encodeURIComponent(booking._id)}/show`}>
              <Ltr>{booking.ticketId}</Ltr>
            </Link>,
          ],
          [t('passenger'), `${passenger.firstName} ${passenger.lastName}`],
          [
            t('phone'),
            <a key="phone" href={`tel:${passenger.phone}`}>
              <Ltr>{passenger.phone}</Ltr>
            </a>,
          ],
          [t('trip'), trip?.route ?? '—'],
          [t('departure'), trip ? translate('rihla.payments.review.departure_value', trip) : '—'],
          [t('bus'), trip ? <Ltr key="bus">{trip.bus}</Ltr> : '—'],
          [t('company'), trip?.company ?? '—'],
          [t('seats'), formatSeatList(booking.seats, locale)],
          [
            translate('rihla.ui.time.khartoum', { label: t('booked_at') }),
            formatTimestamp(booking.bookingDate, locale),
          ],
        ]}
      />
      <HoldNotice booking={booking} />
      <FlagList flags={flags} />
      <Decision review={review} />
    </Stack>
  );
}

/** On a phone, above the proof: what the screenshot must show, and whether anything is duplicated. */
export function ReviewSummary({ review }: { review: PaymentReview }) {
  const translate = useTranslate();
  const locale = useLocale();
  const { booking } = review;
  return (
    <Stack spacing={1} sx={{ display: { xs: 'flex', md: 'none' } }} data-testid="review-summary">
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="p">
          <bdi>{formatMoney(amountOf(booking), locale, translate)}</bdi>
        </Typography>
        <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
          <Ltr>{booking.paymentReference ?? '—'}</Ltr>
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        <HoldChip booking={booking} />
        <FlagChips flags={review.flags} />
      </Stack>
    </Stack>
  );
}
