// One ticket kept on this phone: its trip, seats and status, the QR code the conductor scans (drawn from the
// signed code kept with it, so it opens with no network), and "Forget this ticket" for a shared phone.
import { useState } from 'preact/hooks';
import type { TicketsMessages } from '../../shared/i18n/public/tickets.en.ts';
import { formatBoardingTime, formatSeatList, formatTripDate, localName } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { shownStatus } from '../lib/payment.ts';
import type { SavedTicket } from '../lib/saved-tickets.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { Ltr } from './Filled.tsx';
import { TicketQr } from './TicketQr.tsx';

interface Props {
  ticket: SavedTicket;
  t: TicketsMessages;
  now: number;
  onForget: (ticket: SavedTicket) => void;
}

export function SavedTicketCard({ ticket, t, now, onForget }: Props) {
  const { m, lang } = useI18n();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const { booking } = ticket;
  const trip = booking.trip;
  const status = shownStatus(booking, now);
  const cancelled = booking.isCancelled && status !== 'expired';
  const tripCancelled = !!trip?.isCancelled;
  const label = cancelled ? m.cancel.cancelled : tripCancelled ? t.tripCancelled : m.payment.status[status];
  const boardable = !cancelled && !tripCancelled && status !== 'expired' && !!booking.ticketCode;
  const tone = boardable ? (status === 'verified' ? 'paid' : 'unpaid') : 'void';

  return (
    <li class={`saved-ticket ${tone}`}>
      <div class="saved-ticket-head">
        <h3>
          {trip
            ? fill(t.route, {
                from: localName(trip.origin_city, trip.origin_city_ar, lang),
                to: localName(trip.destination_city, trip.destination_city_ar, lang),
              })
            : fill(t.ticketId, { id: booking.ticketId })}
        </h3>
        <span class={`ticket-status ${tone}`}>{label}</span>
      </div>
      {trip && (
        <p>
          {fill(t.when, {
            date: formatTripDate(trip.trip_date, lang),
            time: formatBoardingTime(trip.trip_boarding_time, m),
          })}
        </p>
      )}
      <p>
        {fill(t.seats, { seats: formatSeatList(booking.seats, lang) })} · <Ltr>{booking.ticketId}</Ltr>
      </p>
      {boardable ? (
        <button type="button" class="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t.hide : t.show}
        </button>
      ) : (
        <p class="hint">{t.notBoardable}</p>
      )}
      {boardable && open && (
        <div class="ticket-qr-box">
          {status !== 'verified' && <p class="message warning">{t.unpaidWarning}</p>}
          <TicketQr code={booking.ticketCode!} label={fill(t.qrLabel, { id: booking.ticketId })} />
          <p class="ticket-qr-id">
            <Ltr>{booking.ticketId}</Ltr> · {booking.passengerInfo.firstName} {booking.passengerInfo.lastName}
          </p>
        </div>
      )}
      {asking ? (
        <div class="forget-confirm" role="group">
          <p>{fill(t.forgetQuestion, { id: booking.ticketId })}</p>
          <button type="button" class="button danger" onClick={() => onForget(ticket)}>
            {t.forgetYes}
          </button>
          <button type="button" class="button secondary" onClick={() => setAsking(false)}>
            {t.forgetNo}
          </button>
        </div>
      ) : (
        <button type="button" class="link-button" onClick={() => setAsking(true)}>
          {t.forget}
        </button>
      )}
    </li>
  );
}
