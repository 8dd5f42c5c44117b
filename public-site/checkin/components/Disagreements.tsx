// Where the server and the phones disagree, after a sync: a scan the server judged otherwise (another phone
// boarded the ticket first, a payment changed), and tickets boarded on more than one phone, every boarding
// shown with the earliest, the one that counts, marked.
import { khartoumToday } from '../../../shared/rules.ts';
import { useApp } from '../lib/app-context.ts';
import { khartoumTime } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.ts';
import { isBoardingScan } from '../lib/verdict.ts';
import type { FirstScan, ScanRecord, StoredTrip } from '../lib/types.ts';
import { Filled, Ltr } from './Words.tsx';

/** Tickets with boardings from more than one phone (the package's and this phone's own), earliest first. */
export function boardedOnSeveralPhones(trip: StoredTrip, scans: readonly ScanRecord[]) {
  const found: { ticketId: string; boardings: FirstScan[] }[] = [];
  for (const ticket of trip.package.tickets) {
    const all = new Map<string, FirstScan>();
    for (const b of ticket.boardings) all.set(`${b.deviceId}|${Date.parse(b.scannedAt)}`, b);
    for (const scan of scans)
      if (scan.local.ticketId === ticket.ticketId && isBoardingScan(scan))
        all.set(`${scan.deviceId}|${Date.parse(scan.scannedAt)}`, {
          scannedAt: scan.scannedAt,
          deviceId: scan.deviceId,
        });
    const boardings = [...all.values()].sort((a, b) => Date.parse(a.scannedAt) - Date.parse(b.scannedAt));
    if (new Set(boardings.map((b) => b.deviceId)).size > 1)
      found.push({ ticketId: ticket.ticketId, boardings });
  }
  return found;
}

export function Disagreements({ trip }: { trip: StoredTrip }) {
  const { m } = useI18n();
  const { controller } = useApp();
  const tripId = trip.package.trip._id;
  const differing = controller.differences(tripId);
  const several = boardedOnSeveralPhones(trip, controller.scans(tripId));
  if (!differing.length && !several.length) return null;
  // Seconds: two phones at one door are often within the same minute.
  const time = (iso: string) => <Ltr>{khartoumTime(iso, khartoumToday(), true)}</Ltr>;
  const device = (id: string) => (id === controller.deviceId ? m.reasons.thisDevice : <Ltr>{id}</Ltr>);

  return (
    <section id="disagreements" class="card stack disagreements" data-testid="disagreements">
      {differing.length > 0 && (
        <>
          <h2>{m.sync.differs}</h2>
          <ul class="list">
            {differing.map((scan) => (
              <li key={scan.id} class="difference" data-ticket={scan.local.ticketId ?? ''}>
                <Filled
                  text={m.reasons.ticket}
                  values={{ ticket: <Ltr>{scan.local.ticketId ?? '—'}</Ltr> }}
                />
                {' · '}
                {time(scan.scannedAt)}
                <br />
                {m.sync.localSaid.replace('{verdict}', m.verdictShort[scan.local.verdict])}
                <br />
                <strong>
                  {m.sync.serverSays.replace('{verdict}', m.verdictShort[scan.server!.verdict])}
                </strong>
                {scan.server!.firstScan && (
                  <>
                    <br />
                    <Filled
                      text={m.reasons.firstScan}
                      values={{
                        time: time(scan.server!.firstScan.scannedAt),
                        device: device(scan.server!.firstScan.deviceId),
                      }}
                    />
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {several.length > 0 && (
        <>
          <h2>{m.sync.twoDevices}</h2>
          <ul class="list">
            {several.map(({ ticketId, boardings }) => (
              <li key={ticketId} data-ticket={ticketId} class="several">
                <Filled text={m.reasons.ticket} values={{ ticket: <Ltr>{ticketId}</Ltr> }} />
                <ol class="boardings">
                  {boardings.map((b, i) => (
                    <li key={`${b.deviceId}${b.scannedAt}`} data-device={b.deviceId} data-counts={i === 0}>
                      {time(b.scannedAt)} · {device(b.deviceId)}
                      {i === 0 && <strong class="counts"> ✓ {m.sync.counts}</strong>}
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        </>
      )}
      <p class="muted">{m.sync.earliestWins}</p>
    </section>
  );
}
