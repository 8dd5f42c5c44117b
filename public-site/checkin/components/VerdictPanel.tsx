// The verdict, large enough to read at arm's length in sunlight: green board, amber staff decide, red stop;
// the ticket, its seats and travellers (with their ID, or a button to add it), and why.
import { useEffect, useRef } from 'preact/hooks';
import { formatDay, formatSeatList } from '../../../shared/i18n/format.ts';
import { khartoumToday } from '../../../shared/rules.ts';
import { useApp } from '../lib/app-context.ts';
import type { CheckResult } from '../lib/controller.ts';
import { colourOf } from '../lib/feedback.ts';
import { boardingTime, khartoumTime, routeName, stopNames } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.ts';
import { doorTravellers } from '../lib/travellers.ts';
import type { StoredTrip } from '../lib/types.ts';
import { Filled, Ltr } from './Words.tsx';

interface Props {
  result: CheckResult;
  trip: StoredTrip;
  /** performance.now() when the code was read or the number submitted. */
  startedAt: number;
  onAddId: (seat: number) => void;
}

export function VerdictPanel({ result, trip, startedAt, onAddId }: Props) {
  const { m, lang } = useI18n();
  const { controller } = useApp();
  const panel = useRef<HTMLDivElement>(null);
  const { verdict } = result;
  const { ticket } = verdict;
  // How long the verdict took to reach the screen (read by the benchmark and the browser test).
  useEffect(() => {
    panel.current?.setAttribute('data-ms', (performance.now() - startedAt).toFixed(2));
    panel.current?.setAttribute('data-timed', result.scan.id);
  }, [result, startedAt]);

  const time = (iso: string, seconds = false) => <Ltr>{khartoumTime(iso, khartoumToday(), seconds)}</Ltr>;
  const device = (id: string) => (id === controller.deviceId ? m.reasons.thisDevice : <Ltr>{id}</Ltr>);
  const other = verdict.otherTripId ? controller.trip(verdict.otherTripId)?.package.trip : undefined;
  // A live ticket of this trip: its travellers' IDs may be completed (not a cancelled, forged or other trip's).
  const canAddId =
    ticket &&
    (verdict.verdict === 'valid' || verdict.verdict === 'unpaid' || verdict.verdict === 'already_boarded');

  return (
    <div
      ref={panel}
      class={`verdict verdict-${colourOf(verdict.verdict)}`}
      role="alert"
      data-testid="verdict"
      data-verdict={verdict.verdict}
      data-scan={result.scan.id}
      data-check-ms={result.ms.toFixed(2)}
    >
      <h2 class="verdict-word">{m.verdicts[verdict.verdict]}</h2>
      {verdict.ticketId && (
        <p class="verdict-ticket">
          <Filled text={m.reasons.ticket} values={{ ticket: <Ltr>{verdict.ticketId}</Ltr> }} />
          {ticket && (
            <>
              {' · '}
              <Filled
                text={m.reasons.seats}
                values={{ seats: <Ltr>{formatSeatList(ticket.seats, lang)}</Ltr> }}
              />
            </>
          )}
        </p>
      )}
      <p class="verdict-reason">
        {verdict.reason === 'badCode' && m.reasons.badCode}
        {verdict.reason === 'badSignature' && m.reasons.badSignature}
        {verdict.reason === 'unknownTicket' && (
          <Filled
            text={m.reasons.unknownTicket}
            values={{ ticket: <Ltr>{verdict.ticketId ?? ''}</Ltr>, time: time(trip.downloadedAt) }}
          />
        )}
        {verdict.reason === 'notOnList' && (
          <Filled text={m.reasons.notOnList} values={{ time: time(trip.downloadedAt) }} />
        )}
        {verdict.reason === 'otherTrip' &&
          (other ? (
            <Filled
              text={m.reasons.otherTripKnown}
              values={{
                route: routeName(other, lang),
                date: formatDay(other.trip_date, lang, { year: undefined }),
                time: boardingTime(other.trip_boarding_time, m),
              }}
            />
          ) : (
            m.reasons.otherTrip
          ))}
        {(verdict.reason === 'cancelled' ||
          verdict.reason === 'expired' ||
          verdict.reason === 'awaiting_proof' ||
          verdict.reason === 'proof_submitted' ||
          verdict.reason === 'rejected') &&
          m.reasons[verdict.reason]}
        {(verdict.reason === 'boardsLater' ||
          verdict.reason === 'boardedEarlier' ||
          verdict.reason === 'pastAlighting') && (
          <Filled
            text={m.reasons[verdict.reason]}
            values={{
              boarding: stopNames(trip.package.trip, lang)[verdict.boardingStop ?? 0] ?? '',
              alighting: stopNames(trip.package.trip, lang)[verdict.alightingStop ?? 0] ?? '',
            }}
          />
        )}
        {verdict.firstScan && (
          <Filled
            text={m.reasons.firstScan}
            values={{
              time: time(verdict.firstScan.scannedAt, true),
              device: device(verdict.firstScan.deviceId),
            }}
          />
        )}
      </p>
      {ticket && (
        <ul class="travellers">
          {doorTravellers(ticket, controller.edits(), trip).map((traveller) => (
            <li key={traveller.seat} data-seat={traveller.seat}>
              <span class="seat-number">
                <Filled text={m.reasons.seat} values={{ seat: <Ltr>{traveller.seat}</Ltr> }} />
              </span>
              {' · '}
              <strong>{traveller.fullName ?? m.travellers.noName}</strong>{' '}
              <span class="traveller-id">
                {traveller.idType && traveller.idLast ? (
                  <Filled
                    text={m.travellers.idLast}
                    values={{ type: m.idTypes[traveller.idType], last: <Ltr>{traveller.idLast}</Ltr> }}
                  />
                ) : (
                  m.travellers.noId
                )}
              </span>
              {canAddId && (
                <button type="button" class="button button-small" onClick={() => onAddId(traveller.seat)}>
                  {traveller.idLast ? m.travellers.editId : m.travellers.addId}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
