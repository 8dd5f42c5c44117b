// A booking's payment where the traveller sees it (the thank-you overlay, the look-up): its status, and
// while a proof is wanted the amount, where to pay and the form to send the proof (fetched on demand). The
// status can be checked again; a proof sent updates it in place.
import { useState } from 'preact/hooks';
import { LAPSING_STATUSES } from '../../shared/payments.ts';
import { getJson, withQuery } from '../lib/api.ts';
import { apiPaths } from '../lib/api-paths.ts';
import { paymentPatch, shownStatus, wantsProof, type PaymentFacts } from '../lib/payment.ts';
import { credentials } from '../lib/ticket.ts';
import type { BookingMatch } from '../lib/types.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { useNow } from '../lib/use-now.ts';
import { LaterProof } from './LaterProof.tsx';
import { PaymentInstructions } from './PaymentInstructions.tsx';
import { PaymentStatus } from './PaymentStatus.tsx';

interface Props {
  /** With its trip, whose company may have its own account (issue 24). */
  booking: PaymentFacts & { tripId?: string | null };
  onChange: (patch: Partial<PaymentFacts>) => void;
}

export function PaymentPanel({ booking, onChange }: Props) {
  const { m } = useI18n();
  const lapsing =
    !booking.isCancelled &&
    (LAPSING_STATUSES as readonly string[]).includes(booking.paymentStatus) &&
    booking.paymentDeadline !== null;
  const now = useNow(lapsing);
  const status = shownStatus(booking, now);
  const [notice, setNotice] = useState<string | null>(null);
  const [checking, setChecking] = useState<'idle' | 'busy' | 'failed'>('idle');
  const settled = booking.isCancelled || status === 'verified' || status === 'expired';

  const check = async () => {
    setChecking('busy');
    setNotice(null);
    try {
      const found = await getJson<BookingMatch[]>(
        withQuery(apiPaths.filterBookings, credentials(booking.ticketId, booking.passengerInfo.phone)),
      );
      const same = found.find((b) => b._id === booking._id);
      if (same) onChange(paymentPatch(same));
      setChecking('idle');
    } catch {
      setChecking('failed');
    }
  };

  return (
    <section class="payment-panel" aria-label={m.payment.title}>
      <PaymentStatus booking={booking} status={status} now={now} />
      {notice && (
        <p class="message" role="status">
          {notice}
        </p>
      )}
      {wantsProof(booking, status) && (
        <>
          <PaymentInstructions
            amount={booking.totalTicketPrice[0] ?? 0}
            tripId={booking.tripId ?? undefined}
          />
          <LaterProof
            ticketId={booking.ticketId}
            tripId={booking.tripId ?? undefined}
            phone={booking.passengerInfo.phone}
            onOutcome={(patch, message) => {
              setNotice(message);
              onChange(patch);
            }}
          />
        </>
      )}
      {!settled && (
        <button type="button" class="link-button" disabled={checking === 'busy'} onClick={check}>
          {m.payment.check}
        </button>
      )}
      {checking === 'failed' && (
        <p class="message error" role="alert">
          {m.payment.checkFailed}
        </p>
      )}
    </section>
  );
}
