// The results overlay of the cancel-reservation page: each booking found, its status and its payment (with
// the proof to send while one is wanted), and the actions (cancel after a confirmation question, which for a
// booking of several seats asks which seats, with the server's quote for them; download the ticket again:
// pending or paid).
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  formatBoardingTime,
  formatPrice,
  formatSeatList,
  formatSeats,
  formatTripDate,
  localName,
} from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { PaymentFacts } from '../lib/payment.ts';
import type { ChoiceOutcome } from '../lib/disruption-choice.ts';
import type { ActionProblem, SeatsDone, SeatsRefusal } from '../lib/use-booking-lookup.ts';
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
import { SeatsToCancel } from './SeatsToCancel.tsx';
import { timeAfter } from '../lib/legs.ts';

interface Props {
  bookings: BookingMatch[];
  /** The phone the traveller proved the bookings with (the quote asks with it). */
  phone: string;
  busy: boolean;
  problem: ActionProblem;
  /** The choice just made on a disrupted booking, said at the top. */
  chosen: ChoiceOutcome | null;
  /** Seats just cancelled from a booking that keeps its others, and why some could not be. */
  seatsDone: SeatsDone | null;
  refusal: { key: SeatsRefusal; seats: number[] } | null;
  onChosen: (outcome: ChoiceOutcome) => void;
  /** A booking changed day (or its change now waits for payment). */
  changed: 'changed' | 'awaiting' | null;
  onChanged: (booking: BookingMatch, outcome: 'changed' | 'awaiting') => void;
  /** Cancels the booking, or the seats ticked when they are not all of its seats. */
  onCancel: (booking: BookingMatch, seats: number[]) => void;
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
  seatsDone,
  refusal,
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
  const [seats, setSeats] = useState<number[]>([]);
  const confirm = (booking: BookingMatch | null) => {
    setConfirmingId(booking?._id ?? null);
    setSeats(booking?.seats ?? []);
  };
  const listRef = useRef<HTMLUListElement>(null);

  const asked = useRef<string | null>(null);

  // Seats cancelled: the booking is shown again as it now is, the question closed.
  useEffect(() => {
    if (seatsDone) confirm(null);
  }, [seatsDone]);

  useEffect(() => {
    // The button that had focus disappears when the question opens or closes: move focus with it.
    const list = listRef.current;
    if (confirmingId) list?.querySelector<HTMLElement>('[data-confirm-no]')?.focus();
    else if (asked.current) list?.querySelector<HTMLElement>(`[data-cancel-for="${asked.current}"]`)?.focus();
    asked.current = confirmingId;
  }, [confirmingId]);

  // Where the traveller boards and alights, and the time at their stop (issue 23).
  const tripLine = ({ boarding, alighting, ...trip }: NonNullable<BookingMatch['trip']>) =>
    fill(m.cancel.tripLine, {
      route: fill(m.trip.route, {
        origin: boarding
          ? localName(boarding.city, boarding.city_ar, lang)
          : localName(trip.origin_city, trip.origin_city_ar, lang),
        destination: alighting
          ? localName(alighting.city, alighting.city_ar, lang)
          : localName(trip.destination_city, trip.destination_city_ar, lang),
      }),
      date: formatTripDate(trip.trip_date, lang),
      time: formatBoardingTime(timeAfter(trip.trip_boarding_time, boarding?.minutes ?? 0), m),
    });

  return (
    <Overlay title={m.cancel.resultsTitle} onClose={onClose} closeLabel={m.common.close} busy={busy}>
      {problem && (
        <p class="message error" role="alert">
          {m.cancel[problem]}
        </p>
      )}
      {refusal && (
        <p class="message error" role="alert">
          {fill(m.cancel.seatsRefused[refusal.key], { which: formatSeats(refusal.seats, lang, m) })}
        </p>
      )}
      {seatsDone && (
        <p class="message success" role="status">
          {fill(m.cancel.seatsSuccess, {
            which: formatSeats(seatsDone.seats, lang, m),
            id: seatsDone.ticketId,
            kept: formatSeats(seatsDone.kept, lang, m),
          })}
          {seatsDone.refundDue > 0 &&
            ` ${fill(m.cancel.seatsRefund, { refund: formatPrice(seatsDone.refundDue, lang, m) })}`}
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
          const some = seats.length > 0 && seats.length < booking.seats.length;
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
                  {booking.seats.length > 1 && (
                    <SeatsToCancel seats={booking.seats} chosen={seats} onChange={setSeats} />
                  )}
                  {seats.length > 0 && (
                    <CancelQuote ticketId={booking.ticketId} phone={phone} seats={some ? seats : undefined} />
                  )}
                  <div class="actions">
                    <button
                      type="button"
                      class="button secondary"
                      onClick={() => confirm(null)}
                      data-confirm-no
                    >
                      {m.cancel.confirmNo}
                    </button>
                    <button
                      type="button"
                      class="button danger"
                      disabled={busy || seats.length === 0}
                      onClick={() => onCancel(booking, seats)}
                    >
                      {busy
                        ? m.cancel.cancelling
                        : some
                          ? fill(m.cancel.confirmSeats, { which: formatSeats(seats, lang, m) })
                          : m.cancel.confirmYes}
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
                    onClick={() => confirm(booking)}
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
