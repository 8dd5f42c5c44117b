// Cancel a reservation: a 13-digit ticket id and a 10-digit phone with their hints, the submit
// disabled until both are valid, the results overlay (with each booking's payment, and the proof to send
// when one is wanted), confirmation, then the list is cleared. ?ticketId= (a text message's link) fills the id.
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso/router';
import { isValidPhone, isValidTicketId } from '../../shared/rules.ts';
import { BookingResultsDialog } from '../components/BookingResultsDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { TextField } from '../components/TextField.tsx';
import { fill } from '../lib/i18n.ts';
import { useBookingLookup } from '../lib/use-booking-lookup.ts';
import { useI18n } from '../lib/use-i18n.ts';

export default function CancelReservation() {
  const { m } = useI18n();
  const lookup = useBookingLookup();
  // A ticket message's link (/t/<id>, which the server redirects here) fills the number in.
  const { query } = useLocation();
  const [ticketId, setTicketId] = useState(() =>
    isValidTicketId(query.ticketId ?? '') ? query.ticketId! : '',
  );
  const [phone, setPhone] = useState('');
  const ticketOk = isValidTicketId(ticketId);
  const phoneOk = isValidPhone(phone);

  const onSubmit = (event: Event) => {
    event.preventDefault();
    if (ticketOk && phoneOk) void lookup.find(ticketId, phone);
  };

  const outcome = {
    failed: m.cancel.failed,
    notFound: m.cancel.notFound,
    tooMany: m.common.tooManyRequests,
  } as Record<string, string>;
  return (
    <section class="page">
      <h1>{m.cancel.title}</h1>
      <p>{m.cancel.intro}</p>
      <form class="card" onSubmit={onSubmit} aria-label={m.cancel.formLabel} noValidate>
        <TextField
          label={m.cancel.ticketId}
          value={ticketId}
          onValue={setTicketId}
          inputMode="numeric"
          autocomplete="off"
          required
          hint={m.cancel.ticketHint}
          invalid={ticketId !== '' && !ticketOk}
        />
        <TextField
          label={m.cancel.phone}
          value={phone}
          onValue={setPhone}
          type="tel"
          inputMode="numeric"
          autocomplete="tel"
          required
          hint={m.cancel.phoneHint}
          invalid={phone !== '' && !phoneOk}
        />
        {(ticketId === '' || phone === '') && <p class="hint">{m.cancel.bothRequired}</p>}
        <button
          type="submit"
          class="button"
          disabled={!ticketOk || !phoneOk || lookup.status === 'searching'}
        >
          {m.cancel.submit}
        </button>
      </form>
      {lookup.status === 'searching' && <Spinner label={m.cancel.searching} />}
      {outcome[lookup.status] && (
        <p class="message error" role="alert">
          {outcome[lookup.status]}
        </p>
      )}
      {lookup.cancelledTicket && (
        <p class="message success" role="status">
          {fill(m.cancel.success, { id: lookup.cancelledTicket })}
        </p>
      )}
      {lookup.status === 'found' && (
        <BookingResultsDialog
          bookings={lookup.bookings}
          phone={phone}
          busy={lookup.busy}
          problem={lookup.problem}
          chosen={lookup.chosen}
          onChosen={(outcome) => void lookup.choose(outcome, phone)}
          changed={lookup.changed}
          onChanged={(booking, outcome) => void lookup.afterChange(booking, outcome, phone)}
          onCancel={(booking) => void lookup.cancel(booking, phone)}
          onDownload={(booking) => void lookup.download(booking, phone)}
          onPaymentChange={(booking, patch) => lookup.update(booking._id, patch)}
          onClose={lookup.close}
        />
      )}
    </section>
  );
}
