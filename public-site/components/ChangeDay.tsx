// "Change day" under a live booking of the look-up: a change waiting for its difference to be paid (where to
// pay, and the proof sent under the change's own reference), or the button that opens the change form, whose
// code is fetched only then (most look-ups never change a day).
import { useState } from 'preact/hooks';
import { formatBoardingTime, formatPrice, formatSeatList, formatTripDate } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import type { BookingMatch } from '../lib/types.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { useOnDemand } from '../lib/use-on-demand.ts';
import { LaterProof } from './LaterProof.tsx';
import { PaymentInstructions } from './PaymentInstructions.tsx';
import { Spinner } from './Spinner.tsx';

const loadForm = () => import('./ChangeDayForm.tsx');

interface Props {
  booking: BookingMatch;
  /** The booking changed, or a change now waits for payment: look the booking up again. */
  onChanged: (message: 'changed' | 'awaiting') => void;
}

const deadlineText = (iso: string, lang: string) =>
  new Date(iso).toLocaleString(lang === 'ar' ? 'ar-SD-u-nu-latn' : 'en-GB', {
    timeZone: 'Africa/Khartoum',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });

export function ChangeDay({ booking, onChanged }: Props) {
  const { m, lang } = useI18n();
  const c = m.changeDay;
  const form = useOnDemand(loadForm);
  const [open, setOpen] = useState(false);
  const pending = booking.pendingChange;
  if (pending)
    return (
      <section class="change-pending notice warning" aria-label={c.pendingTitle}>
        <div class="notice-body">
          <strong>{c.pendingTitle}</strong>
          <p>
            {fill(c.pendingLine, {
              date: pending.trip_date ? formatTripDate(pending.trip_date, lang) : '',
              time: pending.trip_boarding_time ? formatBoardingTime(pending.trip_boarding_time, m) : '',
              seats: formatSeatList(pending.seats, lang),
              amount: formatPrice(pending.toPay, lang, m),
              deadline: pending.paymentDeadline ? deadlineText(pending.paymentDeadline, lang) : '',
            })}
          </p>
          <p>
            {fill(c.pendingReference, { id: '' })}
            <bdi dir="ltr">{pending.ticketId}</bdi>
          </p>
          {/* The trip the change moves to: its company's account is the one the change's payment is
              matched against (issue 24). */}
          <PaymentInstructions amount={pending.toPay} tripId={pending.tripId} />
          <LaterProof
            ticketId={pending.ticketId}
            tripId={pending.tripId}
            phone={booking.passengerInfo.phone}
            onOutcome={() => onChanged('awaiting')}
          />
        </div>
      </section>
    );
  if (booking.isCancelled || booking.disruptionState === 'waiting' || !booking.trip) return null;
  if (open && form.state.status === 'ready') {
    const Form = form.state.value;
    return <Form booking={booking} onClose={() => setOpen(false)} onChanged={onChanged} />;
  }
  return (
    <div class="actions change-day">
      {form.state.status === 'loading' ? (
        <Spinner label={m.common.loading} />
      ) : (
        <button
          type="button"
          class="button secondary"
          onClick={() => {
            setOpen(true);
            form.load();
          }}
        >
          {form.state.status === 'failed' ? m.common.retry : c.button}
        </button>
      )}
    </div>
  );
}
