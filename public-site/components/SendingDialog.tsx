// While the booking is on its way: progress of the upload, then the wait for the answer; and when it
// fails, why, with a retry that sends the same details again (nothing to type twice). Too many unpaid
// bookings (of this phone, or on this trip) say what to do instead.
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { SendState } from '../lib/use-booking-submit.ts';
import { Filled, Ltr } from './Filled.tsx';
import { Overlay } from './Overlay.tsx';
import { Spinner } from './Spinner.tsx';

interface Props {
  state: Exclude<SendState, { phase: 'idle' | 'booked' }>;
  onStop: () => void;
  onRetry: () => void;
  onBack: () => void;
  onFindAnother: () => void;
}

export function SendingDialog({ state, onStop, onRetry, onBack, onFindAnother }: Props) {
  const { m } = useI18n();

  if (state.phase === 'sending') {
    const percent = Math.round(state.progress * 100);
    const label = percent < 100 ? fill(m.booking.uploading, { percent }) : m.booking.waiting;
    return (
      <Overlay title={m.booking.processing} busy>
        <progress class="progress" max={100} value={percent} aria-label={label} />
        <Spinner label={label} />
        <div class="actions">
          <button type="button" class="button secondary" onClick={onStop}>
            {m.booking.cancelSend}
          </button>
        </div>
      </Overlay>
    );
  }

  if (state.phase === 'unavailable') {
    return (
      <Overlay title={m.trip.unavailable} role="alertdialog" onClose={onFindAnother}>
        <div class="actions">
          <button type="button" class="button" onClick={onFindAnother}>
            {m.trip.findAnother}
          </button>
        </div>
      </Overlay>
    );
  }

  if (state.phase === 'unpaidLimit') {
    // The traveller's own holds (this phone, this device): pay for them from the look-up. Others' (the
    // connection's, the trip's): try again, or pay first (a booking with its proof is never refused the trip).
    const own = state.scope === 'phone' || state.scope === 'device';
    const words = {
      phone: m.payment.unpaidPhone,
      device: m.payment.unpaidDevice,
      address: m.payment.unpaidAddress,
      trip: m.payment.unpaidTrip,
    }[state.scope];
    return (
      <Overlay title={m.booking.failed} role="alertdialog" onClose={onBack} closeLabel={m.common.close}>
        <p>
          <Filled text={words} values={{ limit: <Ltr>{state.limit}</Ltr> }} />
        </p>
        <div class="actions">
          <button type="button" class="button secondary" onClick={onBack}>
            {m.confirm.edit}
          </button>
          {own ? (
            <a class="button" href="/cancel-reservation" data-autofocus>
              {m.nav.cancelReservation}
            </a>
          ) : (
            <>
              <button type="button" class="button secondary" onClick={onRetry}>
                {m.common.retry}
              </button>
              <button type="button" class="button" onClick={onFindAnother} data-autofocus>
                {m.trip.findAnother}
              </button>
            </>
          )}
        </div>
      </Overlay>
    );
  }

  const reasons = {
    failed: '',
    tooLarge: m.proof.tooLarge,
    notImage: m.proof.notImage,
    tooMany: m.payment.tooMany,
  };
  const detail = state.phase === 'interrupted' ? m.booking.interrupted : reasons[state.reason];
  return (
    <Overlay title={m.booking.failed} role="alertdialog" onClose={onBack} closeLabel={m.common.close}>
      {detail && <p>{detail}</p>}
      <div class="actions">
        <button type="button" class="button secondary" onClick={onBack}>
          {m.confirm.edit}
        </button>
        <button type="button" class="button" onClick={onRetry} data-autofocus>
          {m.common.retry}
        </button>
      </div>
    </Overlay>
  );
}
