// My tickets: every ticket booked or looked up on this phone, kept in IndexedDB and shown with no network,
// each with the QR code the conductor scans; their statuses refreshed when online; and "find my bookings" by a
// code texted to the phone. Opening this page installs the site's service worker (lib/offline.ts), which keeps
// the shell and this page for offline visits.
import { useEffect } from 'preact/hooks';
import { FindBookings } from '../components/FindBookings.tsx';
import { SavedTicketCard } from '../components/SavedTicketCard.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { fill } from '../lib/i18n.ts';
import { keepOffline } from '../lib/offline.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { useNow } from '../lib/use-now.ts';
import { useSavedTickets } from '../lib/use-saved-tickets.ts';
import { useTicketsMessages } from '../lib/use-tickets-messages.ts';
import { khartoumClock } from '../../shared/rules.ts';
import './MyTickets.css';

export default function MyTickets() {
  const { m } = useI18n();
  const t = useTicketsMessages();
  const saved = useSavedTickets();
  const now = useNow(false);
  useEffect(() => keepOffline(), []);

  if (!t || !saved.tickets) {
    return (
      <section class="page">
        <Spinner label={m.common.loading} />
      </section>
    );
  }
  const lastChecked = saved.tickets.reduce(
    (latest, ticket) => (ticket.checkedAt > latest ? ticket.checkedAt : latest),
    '',
  );
  const when = lastChecked ? khartoumClock(new Date(lastChecked)).slice(0, 16).replace('T', ' ') : t.never;

  return (
    <section class="page my-tickets">
      <h1>{m.titles.myTickets}</h1>
      <p>{t.intro}</p>
      {saved.refresh === 'offline' && (
        <p class="message warning" role="status">
          {fill(t.offline, { when })}
        </p>
      )}
      {saved.refresh === 'refreshing' && <p class="hint">{t.refreshing}</p>}
      {saved.tickets.length ? (
        <ul class="saved-tickets">
          {saved.tickets.map((ticket) => (
            <SavedTicketCard
              key={ticket.booking._id}
              ticket={ticket}
              t={t}
              now={now}
              onForget={(forgotten) => void saved.forget(forgotten)}
            />
          ))}
        </ul>
      ) : (
        <div class="card">
          <p>{t.empty}</p>
          <p class="hint">{t.emptyHint}</p>
        </div>
      )}
      <FindBookings t={t} onSaved={() => void saved.reload()} />
    </section>
  );
}
