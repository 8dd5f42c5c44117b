// /check-in/trip/{id}: checking the tickets of a downloaded trip, by camera, photo or number, with no
// connection needed. Each verdict is shown large, sounded and felt, and queued for the server.
import { useState } from 'preact/hooks';
import { useRoute } from 'preact-iso/router';
import { khartoumToday } from '../../../shared/rules.ts';
import { CHECKIN_BASE } from '../../../shared/routes.ts';
import { CameraScanner } from '../components/CameraScanner.tsx';
import { CheckForm } from '../components/CheckForm.tsx';
import { boardedOnSeveralPhones, Disagreements } from '../components/Disagreements.tsx';
import { IdForm } from '../components/IdForm.tsx';
import { PhotoScan } from '../components/PhotoScan.tsx';
import { RecentScans } from '../components/RecentScans.tsx';
import { SyncStatus } from '../components/SyncStatus.tsx';
import { TripSummary } from '../components/TripSummary.tsx';
import { VerdictPanel } from '../components/VerdictPanel.tsx';
import { StopLists, StopSelect } from '../components/StopPanel.tsx';
import { rememberedStop, rememberStop } from '../lib/stops.ts';
import { Filled, Ltr } from '../components/Words.tsx';
import { useApp } from '../lib/app-context.ts';
import type { CheckResult } from '../lib/controller.ts';
import { signal, unlockSound } from '../lib/feedback.ts';
import { hasStops, khartoumTime } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.ts';
import { doorTravellers } from '../lib/travellers.ts';
import type { CheckInput } from '../lib/verdict.ts';

export function CheckTrip() {
  const { m } = useI18n();
  const { controller } = useApp();
  const { params } = useRoute();
  const tripId = params.id ?? '';
  const stored = controller.trip(tripId);
  const [shown, setShown] = useState<{ result: CheckResult; startedAt: number } | null>(null);
  const [camera, setCamera] = useState(false);
  const [idSeat, setIdSeat] = useState<number | null>(null);
  // On a trip with stops, the stop the bus is at: checks are judged there (issue 23).
  const [chosenStop, setChosenStop] = useState<number | null>(null);

  if (!stored)
    return (
      <section class="card stack">
        <p class="note note-warn">{m.check.notDownloaded}</p>
        <a href={CHECKIN_BASE}>{m.app.back}</a>
      </section>
    );

  const withStops = hasStops(stored.package.trip);
  const stop = chosenStop ?? rememberedStop(stored.package);
  async function check(input: CheckInput, startedAt: number) {
    unlockSound();
    const result = await controller.check(tripId, withStops ? { ...input, stop } : input);
    signal(result.verdict.verdict);
    setIdSeat(null);
    setShown({ result, startedAt });
  }

  const differing = controller.differences(tripId).length > 0;
  const several = boardedOnSeveralPhones(stored, controller.scans(tripId)).length > 0;
  const ticket = shown?.result.verdict.ticket;
  const traveller =
    ticket && idSeat !== null
      ? doorTravellers(ticket, controller.edits(), stored).find((t) => t.seat === idSeat)
      : undefined;

  return (
    <>
      <section class="trip-head">
        <a class="back" href={CHECKIN_BASE}>
          {m.app.back}
        </a>
        <TripSummary trip={stored.package.trip} heading="h1" />
        <p class="trip-line">
          <Filled
            text={m.check.downloaded}
            values={{ time: <Ltr>{khartoumTime(stored.downloadedAt, khartoumToday())}</Ltr> }}
          />
          {' · '}
          <a href={`${CHECKIN_BASE}/trip/${encodeURIComponent(tripId)}/passengers`}>
            {m.check.passengerList}
          </a>
        </p>
        <StopSelect
          trip={stored}
          stop={stop}
          onStop={(next) => {
            rememberStop(tripId, next);
            setChosenStop(next);
            setShown(null);
          }}
        />
        {differing ? (
          <p class="note note-error">
            <a href="#disagreements">{m.sync.seeBelow}</a>
          </p>
        ) : (
          several && (
            <p class="note note-warn">
              <a href="#disagreements">{m.sync.severalBelow}</a>
            </p>
          )
        )}
      </section>
      {shown && (
        <VerdictPanel
          result={shown.result}
          trip={stored}
          startedAt={shown.startedAt}
          onAddId={(seat) => setIdSeat(seat)}
        />
      )}
      {ticket && traveller && (
        <IdForm
          key={`${shown.result.scan.id}-${idSeat}`}
          tripId={tripId}
          ticket={ticket}
          traveller={traveller}
          onDone={() => setIdSeat(null)}
        />
      )}
      <section class="check stack">
        {camera && (
          <CameraScanner
            onCode={(qr, startedAt) => void check({ qr }, startedAt)}
            onStop={() => setCamera(false)}
          />
        )}
        <CheckForm onCheck={(input, startedAt) => void check(input, startedAt)} />
        <div class="row">
          {!camera && (
            <button
              type="button"
              class="button button-main"
              onClick={() => {
                unlockSound();
                setCamera(true);
              }}
            >
              {m.check.camera}
            </button>
          )}
          <PhotoScan onCode={(qr, startedAt) => void check({ qr }, startedAt)} />
        </div>
      </section>
      <StopLists trip={stored} stop={stop} />
      <SyncStatus tripId={tripId} />
      <Disagreements trip={stored} />
      <RecentScans tripId={tripId} />
    </>
  );
}
