// After a successful booking: the ticket has been downloaded (or could not be made), with the ticket id on
// screen; the payment's status (and while a proof is wanted, where to pay and the form to send it); the
// ticket fetched again as it is now (pending or paid); "reserve again" and "book new trip" as in the spec.
import type { PaymentFacts } from '../lib/payment.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { useTicketDownload } from '../lib/use-ticket-download.ts';
import { Filled, Ltr } from './Filled.tsx';
import { Overlay } from './Overlay.tsx';
import { PaymentPanel } from './PaymentPanel.tsx';
import { TicketKind } from './TicketKind.tsx';
import { RefundRulesLine } from './RefundRulesLine.tsx';
import type { RefundRules } from '../../shared/refund-rules.ts';
import type { Trip } from '../lib/types.ts';
import { LegsLine } from './LegsLine.tsx';

interface Props {
  booking: PaymentFacts;
  /** The rules the booking was sold under, and its trip's departure (the refund line). */
  refunds?: { rules: RefundRules | null; tripDate: string; boardingTime: string };
  hasTicket: boolean;
  /** The trip booked: on a trip with stops, the traveller's stops are named. */
  trip?: Trip;
  onChange: (patch: Partial<PaymentFacts>) => void;
  onReserveAgain: () => void;
  onBookNewTrip: () => void;
}

export function ThankYouDialog({
  booking,
  refunds,
  hasTicket,
  trip,
  onChange,
  onReserveAgain,
  onBookNewTrip,
}: Props) {
  const { m } = useI18n();
  const ticket = useTicketDownload();
  const hintId = `ticket-kind-${booking._id}`;
  return (
    <Overlay title={m.booking.thanksTitle} busy={ticket.busy}>
      {hasTicket ? (
        <p>{m.booking.thanksText}</p>
      ) : (
        <>
          <p class="message warning" role="alert">
            {m.booking.noTicket}
          </p>
          <p>{m.booking.noTicketHelp}</p>
        </>
      )}
      <p class="ticket-id" tabIndex={-1} data-autofocus>
        <Filled text={m.booking.ticketId} values={{ ticketId: <Ltr>{booking.ticketId}</Ltr> }} />
      </p>
      {trip && <LegsLine trip={trip} />}
      <PaymentPanel booking={booking} onChange={onChange} />
      {refunds?.rules && !booking.isCancelled && (
        <RefundRulesLine
          rules={refunds.rules}
          tripDate={refunds.tripDate}
          boardingTime={refunds.boardingTime}
        />
      )}
      {!booking.isCancelled && (
        <>
          <button
            type="button"
            class="link-button"
            disabled={ticket.busy}
            aria-describedby={hintId}
            onClick={() => void ticket.download(booking.ticketId, booking.passengerInfo.phone)}
          >
            {m.booking.downloadAgain}
          </button>
          <TicketKind id={hintId} status={booking.paymentStatus} />
        </>
      )}
      {ticket.problem && (
        <p class="message error" role="alert">
          {m.cancel[ticket.problem]}
        </p>
      )}
      <div class="actions">
        <button type="button" class="button secondary" onClick={onReserveAgain}>
          {m.booking.reserveAgain}
        </button>
        <button type="button" class="button" onClick={onBookNewTrip}>
          {m.booking.bookNewTrip}
        </button>
      </div>
    </Overlay>
  );
}
