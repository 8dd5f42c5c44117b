// /check-in/trip/{id}/passengers: the downloaded trip's travellers seat by seat, for the conductor and the
// checkpoints: name, ID type and last digits, paid or not, boarded (when and on which phone). IDs given on this
// phone and boardings not yet synced are included. Cancelled bookings come last.
import { useState } from 'preact/hooks';
import { useRoute } from 'preact-iso/router';
import { khartoumToday } from '../../../shared/rules.ts';
import { CHECKIN_BASE } from '../../../shared/routes.ts';
import { TripSummary } from '../components/TripSummary.tsx';
import { Filled, Ltr } from '../components/Words.tsx';
import { useApp } from '../lib/app-context.ts';
import { khartoumTime } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.ts';
import { doorTravellers } from '../lib/travellers.ts';
import { firstBoarding } from '../lib/verdict.ts';

export function Passengers() {
  const { m } = useI18n();
  const { controller } = useApp();
  const { params } = useRoute();
  const tripId = params.id ?? '';
  const stored = controller.trip(tripId);
  const [filter, setFilter] = useState('');
  if (!stored)
    return (
      <section class="card stack">
        <p class="note note-warn">{m.check.notDownloaded}</p>
        <a href={CHECKIN_BASE}>{m.app.back}</a>
      </section>
    );

  const scans = controller.scans(tripId);
  const edits = controller.edits();
  const rows = stored.package.tickets
    .flatMap((ticket) => {
      const boarded = ticket.isCancelled ? undefined : firstBoarding(ticket, scans);
      return doorTravellers(ticket, edits, stored).map((traveller) => ({ ticket, traveller, boarded }));
    })
    .sort(
      (a, b) =>
        Number(a.ticket.isCancelled) - Number(b.ticket.isCancelled) || a.traveller.seat - b.traveller.seat,
    );
  const live = rows.filter((row) => !row.ticket.isCancelled);
  const words = filter.trim().toLowerCase();
  const shown = rows.filter(
    ({ ticket, traveller }) =>
      !words ||
      String(traveller.seat) === words ||
      ticket.ticketId.includes(words) ||
      traveller.fullName?.toLowerCase().includes(words),
  );
  const time = (iso: string) => khartoumTime(iso, khartoumToday());

  return (
    <>
      <section class="trip-head">
        <a class="back" href={`${CHECKIN_BASE}/trip/${encodeURIComponent(tripId)}`}>
          {m.check.heading}
        </a>
        <h1>{m.passengers.heading}</h1>
        <TripSummary trip={stored.package.trip} heading="h2" />
        <p class="summary" data-testid="passenger-summary">
          <Filled
            text={m.passengers.summary}
            values={{
              sold: <Ltr>{live.length}</Ltr>,
              boarded: <Ltr>{live.filter((row) => row.boarded).length}</Ltr>,
              unpaid: <Ltr>{live.filter((row) => row.ticket.paymentStatus !== 'verified').length}</Ltr>,
            }}
          />
        </p>
      </section>
      {rows.length === 0 ? (
        <p class="note">{m.passengers.empty}</p>
      ) : (
        <>
          <label class="field">
            <span>{m.passengers.filter}</span>
            <input type="search" value={filter} onInput={(e) => setFilter(e.currentTarget.value)} />
          </label>
          <table class="passengers" data-testid="passengers">
            <colgroup>
              <col class="col-seat" />
              <col />
              <col class="col-paid" />
              <col class="col-boarded" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">{m.passengers.seat}</th>
                <th scope="col">{m.passengers.name}</th>
                <th scope="col">{m.passengers.paid}</th>
                <th scope="col">{m.passengers.boarded}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map(({ ticket, traveller, boarded }) => (
                <tr
                  key={`${ticket.ticketId}-${traveller.seat}`}
                  data-ticket={ticket.ticketId}
                  data-seat={traveller.seat}
                  class={ticket.isCancelled ? 'row-cancelled' : undefined}
                >
                  <td class="seat-cell">
                    <Ltr>{traveller.seat}</Ltr>
                  </td>
                  <td>
                    <strong>{traveller.fullName ?? m.travellers.noName}</strong>
                    <br />
                    <span class={traveller.idLast ? 'muted' : 'missing'}>
                      {traveller.idType && traveller.idLast ? (
                        <Filled
                          text={m.travellers.idLast}
                          values={{ type: m.idTypes[traveller.idType], last: <Ltr>{traveller.idLast}</Ltr> }}
                        />
                      ) : (
                        m.travellers.noId
                      )}
                    </span>
                    <br />
                    <span class="muted">
                      <Ltr>{ticket.ticketId}</Ltr>
                    </span>
                  </td>
                  <td>
                    {ticket.isCancelled ? (
                      <span class="chip chip-red">{m.passengers.cancelled}</span>
                    ) : (
                      <span
                        class={`chip ${ticket.paymentStatus === 'verified' ? 'chip-green' : 'chip-amber'}`}
                      >
                        {m.paymentStatus[ticket.paymentStatus]}
                      </span>
                    )}
                  </td>
                  <td data-boarded={!!boarded}>
                    {boarded ? (
                      <>
                        <Ltr>{time(boarded.scannedAt)}</Ltr>
                        <br />
                        <span class="muted">
                          {boarded.deviceId === controller.deviceId ? (
                            m.reasons.thisDevice
                          ) : (
                            <Ltr>{boarded.deviceId}</Ltr>
                          )}
                        </span>
                      </>
                    ) : (
                      m.passengers.notBoarded
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
