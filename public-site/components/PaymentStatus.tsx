// A booking's payment in words: awaiting payment (send the proof before HH:MM, with the time left; again, when
// staff could not check it in time), proof being checked (and until when its seats stay held), paid, rejected (why, and the new deadline), expired, or the booking cancelled and what is
// owed back. The words are announced when they change; the ticking countdown is not.
import { formatPrice, formatTripDate } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { countdown, type PaymentFacts, type PaymentStatus as Status } from '../lib/payment.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { khartoumClock } from '../../shared/rules.ts';
import { Filled, Ltr } from './Filled.tsx';
import { KhartoumTime } from './KhartoumTime.tsx';

interface Props {
  booking: PaymentFacts;
  /** The status to show now (a hold past its deadline shows as expired). */
  status: Status;
  now: number;
}

export function PaymentStatus({ booking, status, now }: Props) {
  const { m, lang } = useI18n();
  const cancelled = booking.isCancelled && status !== 'expired';
  const deadline = booking.paymentDeadline;
  const lapsing = !cancelled && (status === 'awaiting_proof' || status === 'rejected') && deadline;
  const reason = m.payment.reasons[booking.rejectionReason ?? 'other'];
  // A proof under review holds the seats until a time too (a proof sent before holds had an end, until decided);
  // one whose review time ran out waits for the proof again, until its own deadline.
  const detail =
    status === 'proof_submitted' && deadline
      ? m.payment.detail.proof_submitted_until
      : status === 'awaiting_proof' && booking.reviewDeadline
        ? m.payment.detail.awaiting_proof_unchecked
        : m.payment.detail[status];
  return (
    <div class={`pay-status ${cancelled ? 'cancelled' : status}`}>
      <div role="status">
        <p class="pay-status-title">{cancelled ? m.cancel.cancelled : m.payment.status[status]}</p>
        {!cancelled && (
          <p>
            <Filled
              text={detail}
              values={{ time: deadline ? <KhartoumTime iso={deadline} now={now} /> : '', reason }}
            />
          </p>
        )}
        {booking.refundDue !== null && (
          <p>
            {booking.refundPaidAt
              ? fill(m.payment.refundPaid, {
                  date: formatTripDate(khartoumClock(new Date(booking.refundPaidAt)).slice(0, 10), lang),
                })
              : fill(m.payment.refundDue, { amount: formatPrice(booking.refundDue, lang, m) })}
          </p>
        )}
      </div>
      {lapsing && (
        <p class="countdown" role="timer">
          <Filled
            text={m.payment.timeLeft}
            values={{ time: <Ltr>{countdown(Date.parse(deadline) - now)}</Ltr> }}
          />
        </p>
      )}
    </div>
  );
}
