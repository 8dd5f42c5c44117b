// After a successful booking: the ticket has been downloaded (or could not be made), with the ticket
// id on screen, "reserve again" and "book new trip" as in the spec.
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { Overlay } from './Overlay.tsx';

interface Props {
  ticketId: string;
  hasTicket: boolean;
  onDownloadAgain: () => void;
  onReserveAgain: () => void;
  onBookNewTrip: () => void;
}

export function ThankYouDialog({
  ticketId,
  hasTicket,
  onDownloadAgain,
  onReserveAgain,
  onBookNewTrip,
}: Props) {
  const { m } = useI18n();
  return (
    <Overlay title={m.booking.thanksTitle}>
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
      <p class="ticket-id">{fill(m.booking.ticketId, { ticketId })}</p>
      {hasTicket && (
        <button type="button" class="link-button" onClick={onDownloadAgain}>
          {m.booking.downloadAgain}
        </button>
      )}
      <div class="actions">
        <button type="button" class="button secondary" onClick={onReserveAgain}>
          {m.booking.reserveAgain}
        </button>
        <button type="button" class="button" onClick={onBookNewTrip} data-autofocus>
          {m.booking.bookNewTrip}
        </button>
      </div>
    </Overlay>
  );
}
