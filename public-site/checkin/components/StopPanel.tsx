// On a trip with stops (issue 23): which stop the bus is at (at the top of the check screen), and who boards and
// who gets off there (below the checks). Checks made here are judged at that stop (a ticket of another stop
// says so). Nothing for a trip without stops.
import { formatSeatList, hasStops, stopNames } from '../lib/format.ts';
import { fill, useI18n } from '../lib/i18n.ts';
import { alightingOf, boardingOf, ticketsAtStop } from '../lib/stops.ts';
import type { PackageTicket, StoredTrip } from '../lib/types.ts';
import { Filled, Ltr } from './Words.tsx';

interface Props {
  trip: StoredTrip;
  stop: number;
  onStop: (stop: number) => void;
}

/** The stop the bus is at: a small list at the top of the check screen. */
export function StopSelect({ trip, stop, onStop }: Props) {
  const { m, lang } = useI18n();
  if (!hasStops(trip.package.trip)) return null;
  return (
    <label class="stop-select">
      {m.stops.atStop}{' '}
      <select
        value={String(stop)}
        aria-label={m.stops.chooseStop}
        data-testid="stop-select"
        onChange={(event) => onStop(Number((event.target as HTMLSelectElement).value))}
      >
        {stopNames(trip.package.trip, lang).map((name, index) => (
          <option key={index} value={String(index)}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Who boards and who gets off at the stop, below the checks. */
export function StopLists({ trip, stop }: Omit<Props, 'onStop'>) {
  const { m, lang } = useI18n();
  const pkg = trip.package;
  if (!hasStops(pkg.trip)) return null;
  const names = stopNames(pkg.trip, lang);
  const { boarding, alighting } = ticketsAtStop(pkg, stop);
  const row = (ticket: PackageTicket) => (
    <li key={ticket.ticketId}>
      <Filled
        text={ticket.seats.length > 1 ? m.reasons.seats : m.reasons.seat}
        values={{
          seats: <Ltr>{formatSeatList(ticket.seats, lang)}</Ltr>,
          seat: <Ltr>{ticket.seats[0]}</Ltr>,
        }}
      />
      {' · '}
      {ticket.travellers.map((t) => t.fullName ?? m.travellers.noName).join(lang === 'ar' ? '، ' : ', ')}
      <span class="muted">
        {' · '}
        {fill(m.stops.legs, {
          boarding: names[boardingOf(ticket)]!,
          alighting: names[alightingOf(ticket, pkg)]!,
        })}
      </span>
    </li>
  );
  const list = (title: string, tickets: PackageTicket[], testId: string) => (
    <div data-testid={testId}>
      <h2>{fill(title, { count: tickets.length })}</h2>
      {tickets.length ? <ul class="stop-list">{tickets.map(row)}</ul> : <p class="muted">{m.stops.nobody}</p>}
    </div>
  );
  return (
    <section class="card stack stop-panel">
      <h2 class="stop-name">{names[stop]}</h2>
      {list(m.stops.boardHere, boarding, 'boarding-here')}
      {list(m.stops.alightHere, alighting, 'alighting-here')}
    </section>
  );
}
