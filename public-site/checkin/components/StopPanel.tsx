// On a trip with stops (issue 23): which stop the bus is at, and who boards and who gets off there. Checks
// made here are judged at that stop (a ticket of another stop says so). Nothing for a trip without stops.
import { formatSeatList, hasStops, stopNames } from '../lib/format.ts';
import { fill, useI18n } from '../lib/i18n.ts';
import { alightingOf, boardingOf, ticketsAtStop } from '../lib/stops.ts';
import type { PackageTicket, StoredTrip } from '../lib/types.ts';
import { Ltr } from './Words.tsx';

interface Props {
  trip: StoredTrip;
  stop: number;
  onStop: (stop: number) => void;
}

export function StopPanel({ trip, stop, onStop }: Props) {
  const { m, lang } = useI18n();
  const pkg = trip.package;
  if (!hasStops(pkg.trip)) return null;
  const names = stopNames(pkg.trip, lang);
  const { boarding, alighting } = ticketsAtStop(pkg, stop);
  const row = (ticket: PackageTicket) => (
    <li key={ticket.ticketId}>
      <Ltr>{formatSeatList(ticket.seats, lang)}</Ltr>{' '}
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
      <label>
        {m.stops.atStop}{' '}
        <select
          value={String(stop)}
          aria-label={m.stops.chooseStop}
          data-testid="stop-select"
          onChange={(event) => onStop(Number((event.target as HTMLSelectElement).value))}
        >
          {names.map((name, index) => (
            <option key={index} value={String(index)}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {list(m.stops.boardHere, boarding, 'boarding-here')}
      {list(m.stops.alightHere, alighting, 'alighting-here')}
    </section>
  );
}
