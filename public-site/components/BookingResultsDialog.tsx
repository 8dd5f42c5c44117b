// The results overlay of the cancel-reservation page: each booking found, its status and its payment (with
// the proof to send while one is wanted), and the actions (cancel after a confirmation question, download
// the ticket again: pending or paid).
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatBoardingTime, formatPrice, formatSeatList, formatTripDate, localName } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { PaymentFacts } from '../lib/payment.ts';
import type { ChoiceOutcome } from '../lib/disruption-choice.ts';
import type { ActionProblem } from '../lib/use-booking-lookup.ts';
import type { BookingMatch } from '../lib/types.ts';
import { DisruptionChoices } from './DisruptionChoices.tsx';
import { type Fact, Facts } from './Facts.tsx';
import { Ltr } from './Filled.tsx';
import { Overlay } from './Overlay.tsx';
import { PaymentPanel } from './PaymentPanel.tsx';
import { TicketKind } from './TicketKind.tsx';
import { MessagesChoice } from './MessagesChoice.tsx';
import { CancelQuote } from './CancelQuote.tsx';
import { ChangeDay } from './ChangeDay.tsx';

interface Props {
  bookings: BookingMatch[];
  /** The phone the traveller proved the bookings with (the quote asks with it). */
  phone: string;
  busy: boolean;
  problem: ActionProblem;
  /** The choice just made on a disrupted booking, said at the top. */
  chosen: ChoiceOutcome | null;
  onChosen: (outcome: ChoiceOutcome) => void;
  /** A booking changed day (or its change now waits for payment). */
  changed: 'changed' | 'awaiting' | null;
  onChanged: (booking: BookingMatch, outcome: 'changed' | 'awaiting') => void;
  onCancel: (booking: BookingMatch) => void;
  onDownload: (booking: BookingMatch) => void;
  onPaymentChange: (booking: BookingMatch, patch: Partial<PaymentFacts>) => void;
  onClose: () => void;
}

export function BookingResultsDialog({
  bookings,
  phone,
  busy,
  problem,
  chosen,
  onChosen,
  changed,
  onChanged,
  onCancel,
  onDownload,
  onPaymentChange,
  onClose,
}: Props) {
  const { m, lang } = useI18n();
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const asked = useRef<string | null>(null);

  useEffect(() => {
    // The button that had focus disappears when the question opens or closes: move focus with it.
    const list = listRef.current;
    if (confirmingId) list?.querySelector<HTMLElement>('[data-confirm-no]')?.focus();
    else if (asked.current) list?.querySelector<HTMLElement>(`[data-cancel-for="${asked.current}"]`)?.focus();
    asked.current = confirmingId;
  }, [confirmingId]);

  const tripLine = (trip: NonNullable<BookingMatch['trip']>) =>
    fill(m.cancel.tripLine, {
      route: fill(m.trip.route, {
        origin: localName(trip.origin_city, trip.origin_city_ar, lang),
        destination: localName(trip.destination_city, trip.destination_city_ar, lang),
      }),
      date: formatTripDate(trip.trip_date, lang),
      time: formatBoardingTime(trip.trip_boarding_time, m),
    });

  return (
    <Overlay title={m.cancel.resultsTitle} onClose={onClose} closeLabel={m.common.close} busy={busy}>
      {problem && (
        <p class="message error" role="alert">
          {m.cancel[problem]}
        </p>
      )}
      {chosen && (
        <p class="message success" role="status">
          {chosen.kind === 'moved'
            ? m.disruption.moved
            : fill(m.disruption.refunded, { amount: formatPrice(chosen.amount, lang, m) })}
        </p>
      )}
      {changed && (
        <p class="message success" role="status">
          {m.changeDay[changed]}
        </p>
      )}
      <ul class="results" ref={listRef}>
        {bookings.map((booking) => {
          const rows: Fact[] = [
            [m.cancel.name, `${booking.passengerInfo.firstName} ${booking.passengerInfo.lastName}`],
            [m.passenger.phone, <Ltr>{booking.passengerInfo.phone}</Ltr>],
            [m.cancel.seats, formatSeatList(booking.seats, lang)],
            [m.cancel.total, formatPrice(booking.totalTicketPrice[0] ?? 0, lang, m)],
            [m.cancel.ticket, <Ltr>{booking.ticketId}</Ltr>],
            ...(booking.trip ? [[m.cancel.trip, tripLine(booking.trip)] as Fact] : []),
            [
              m.cancel.status,
              booking.isCancelled
                ? m.cancel.cancelled
                : booking.disruptionState === 'waiting'
                  ? m.disruption.statusWaiting
                  : m.cancel.active,
            ],
          ];
          const kindId = `ticket-kind-${booking._id}`;
          // A booking waiting for its traveller's choice is moved or refunded, not cancelled or printed.
          const waiting = booking.disruptionState === 'waiting';
          return (
            <li key={booking._id} class="card">
              <Facts class="summary" rows={rows} />
              <DisruptionChoices booking={booking} onChosen={onChosen} />
              <PaymentPanel booking={booking} onChange={(patch) => onPaymentChange(booking, patch)} />
              {!booking.isCancelled && <TicketKind id={kindId} status={booking.paymentStatus} />}
              {!booking.isCancelled && <MessagesChoice booking={booking} />}
              <ChangeDay booking={booking} onChanged={(outcome) => onChanged(booking, outcome)} />
              {confirmingId === booking._id ? (
                <div class="confirm-box" role="group" aria-label={m.cancel.confirmQuestion}>
                  <p>{m.cancel.confirmQuestion}</p>
                  <CancelQuote ticketId={booking.ticketId} phone={phone} />
                  <div class="actions">
                    <button
                      type="button"
                      class="button secondary"
                      onClick={() => setConfirmingId(null)}
                      data-confirm-no
                    >
                      {m.cancel.confirmNo}
                    </button>
                    <button
                      type="button"
                      class="button danger"
                      disabled={busy}
                      onClick={() => onCancel(booking)}
                    >
                      {busy ? m.cancel.cancelling : m.cancel.confirmYes}
                    </button>
                  </div>
                </div>
              ) : waiting ? null : (
                <div class="actions">
                  {!booking.isCancelled && (
                    <button
                      type="button"
                      class="button secondary"
                      disabled={busy}
                      aria-describedby={kindId}
                      onClick={() => onDownload(booking)}
                    >
                      {m.cancel.download}
                    </button>
                  )}
                  <button
                    type="button"
                    class="button danger"
                    disabled={booking.isCancelled || busy}
                    data-cancel-for={booking._id}
                    onClick={() => setConfirmingId(booking._id)}
                  >
                    {booking.isCancelled ? m.cancel.cancelled : m.cancel.cancelButton}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Overlay>
  );
}
