// The trips: those on this phone first (they open with no connection), then the chosen day's trips to
// download (today's by default, on Khartoum's calendar), with a filter by city, bus or company.
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso/router';
import { cityMatches, foldSearchText } from '../../../shared/city-search.ts';
import { khartoumToday } from '../../../shared/rules.ts';
import { CHECKIN_BASE } from '../../../shared/routes.ts';
import { TripSummary, factsOf } from '../components/TripSummary.tsx';
import { useApp, useOnline } from '../lib/app-context.ts';
import { checkinApi } from '../lib/api.ts';
import { ApiError } from '../lib/session.ts';
import { isPending } from '../lib/sync.ts';
import { khartoumTime } from '../lib/format.ts';
import { fill, useI18n } from '../lib/i18n.ts';
import type { StoredTrip, TripDocument } from '../lib/types.ts';

const tripPath = (id: string) => `${CHECKIN_BASE}/trip/${encodeURIComponent(id)}`;

export function TripList() {
  const { m } = useI18n();
  const { controller, session } = useApp();
  const online = useOnline();
  const [date, setDate] = useState(khartoumToday);
  const [filter, setFilter] = useState('');
  const [trips, setTrips] = useState<TripDocument[] | null>(null);
  const [failed, setFailed] = useState(false);
  const onPhone = controller.trips();

  useEffect(() => {
    if (!online) return;
    let live = true;
    setTrips(null);
    setFailed(false);
    checkinApi(session)
      .tripsOn(date)
      .then(
        (found) => live && setTrips(found),
        () => live && setFailed(true),
      );
    return () => void (live = false);
  }, [date, online, session]);

  // A city in any of its usual spellings (خرطوم, بورسودان, حلفا…), a bus number or a company.
  const words = foldSearchText(filter);
  const shown = (trips ?? [])
    .filter(
      (trip) =>
        !words ||
        cityMatches(filter, [trip.trip_originId.origin_city, trip.trip_originId.origin_city_ar]) ||
        cityMatches(filter, [
          trip.trip_destinationId.destination_city,
          trip.trip_destinationId.destination_city_ar,
        ]) ||
        [
          trip.busId.bus_number,
          trip.busId.bus_owner_companyId.company_name,
          trip.busId.bus_owner_companyId.company_name_ar,
        ].some((text) => text && foldSearchText(text).includes(words)),
    )
    .sort((a, b) => minutes(a.trip_boarding_time) - minutes(b.trip_boarding_time));

  return (
    <>
      <section class="stack" aria-labelledby="on-phone">
        <h1 id="on-phone">{m.trips.onPhone}</h1>
        {onPhone.length === 0 && <p class="note">{m.trips.nothingOnPhone}</p>}
        {onPhone.map((stored) => (
          <PhoneTrip key={stored.package.trip._id} stored={stored} online={online} />
        ))}
      </section>
      <section class="stack" aria-labelledby="day-trips">
        <h2 id="day-trips">{m.trips.heading}</h2>
        {!online ? (
          <p class="note note-warn">{m.trips.offlineList}</p>
        ) : (
          <>
            <div class="row">
              <label class="field field-date">
                <span>{m.trips.date}</span>
                <input
                  type="date"
                  value={date}
                  dir="ltr"
                  onChange={(e) => setDate((e.currentTarget as HTMLInputElement).value || khartoumToday())}
                />
              </label>
              <label class="field grow">
                <span>{m.trips.filter}</span>
                <input type="search" value={filter} onInput={(e) => setFilter(e.currentTarget.value)} />
              </label>
            </div>
            {failed && <p class="note note-error">{m.trips.loadFailed}</p>}
            {!failed && !trips && <p class="note">{m.trips.loading}</p>}
            {trips && shown.length === 0 && <p class="note">{m.trips.none}</p>}
            <ul class="list" data-testid="day-trips">
              {shown.map((trip) => (
                <DayTrip key={trip._id} trip={trip} stored={controller.trip(trip._id)} />
              ))}
            </ul>
          </>
        )}
      </section>
      <Account />
    </>
  );
}

/** Who is signed in, and signing out (which forgets the phone's trips, asking first if anything waits). */
function Account() {
  const { m } = useI18n();
  const { session, controller, user, setUser } = useApp();
  const { route } = useLocation();
  async function signOut() {
    const pending = controller.pending();
    if (pending && !confirm(fill(m.app.signOutPending, { count: pending }))) return;
    await controller.forget();
    await session.logout();
    setUser(null);
    route(CHECKIN_BASE);
  }
  return (
    <section class="row account">
      <p class="grow">{fill(m.app.signedInAs, { name: user?.full_name ?? '' })}</p>
      <button type="button" class="button button-quiet" onClick={() => void signOut()}>
        {m.app.signOut}
      </button>
    </section>
  );
}

const minutes = (time: string) => {
  const match = /^(\d+):(\d+) (am|pm)$/.exec(time);
  return match ? ((Number(match[1]) % 12) + (match[3] === 'pm' ? 12 : 0)) * 60 + Number(match[2]) : 0;
};

function useDownload(tripId: string) {
  const { controller } = useApp();
  const [busy, setBusy] = useState(false);
  // Why the last download failed: a trip outside the conductor's days or not assigned to them (403), or
  // anything else.
  const [failed, setFailed] = useState<'notDoorTrip' | 'notYourTrip' | 'downloadFailed' | null>(null);
  const download = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await controller.download(tripId);
    } catch (error) {
      const code = error instanceof ApiError ? error.body?.code : undefined;
      setFailed(
        code === 'NOT_DOOR_TRIP'
          ? 'notDoorTrip'
          : code === 'NOT_YOUR_TRIP'
            ? 'notYourTrip'
            : 'downloadFailed',
      );
    } finally {
      setBusy(false);
    }
  };
  return { busy, failed, download };
}

function DayTrip({ trip, stored }: { trip: TripDocument; stored?: StoredTrip }) {
  const { m } = useI18n();
  const { busy, failed, download } = useDownload(trip._id);
  return (
    <li class="card trip" data-trip={trip._id}>
      <TripSummary trip={factsOf(trip)} />
      <p class="trip-line">{fill(m.trips.sold, { count: trip.bookedSeats.length })}</p>
      {stored && (
        <p class="trip-line">
          {fill(m.trips.downloadedAt, { time: khartoumTime(stored.downloadedAt, khartoumToday()) })}
        </p>
      )}
      <div class="row">
        {stored && (
          <a class="button button-main" href={tripPath(trip._id)}>
            {m.trips.open}
          </a>
        )}
        <button
          type="button"
          class={`button ${stored ? '' : 'button-main'}`}
          disabled={busy}
          onClick={() => void download()}
        >
          {busy ? m.trips.downloading : stored ? m.trips.update : m.trips.download}
        </button>
      </div>
      {failed && (
        <p class="note note-error" data-problem={failed}>
          {m.trips[failed]}
        </p>
      )}
    </li>
  );
}

function PhoneTrip({ stored, online }: { stored: StoredTrip; online: boolean }) {
  const { m } = useI18n();
  const { controller } = useApp();
  const id = stored.package.trip._id;
  const { busy, failed, download } = useDownload(id);
  const waiting = controller.scans(id).some(isPending);
  return (
    <article class="card trip" data-phone-trip={id}>
      {/* Under the page's h1 (On this phone): the day's trips are h3s under their own h2. */}
      <TripSummary trip={stored.package.trip} heading="h2" />
      <p class="trip-line">
        {fill(m.trips.downloadedAt, { time: khartoumTime(stored.downloadedAt, khartoumToday()) })}
      </p>
      <div class="row">
        <a class="button button-main" href={tripPath(id)}>
          {m.trips.open}
        </a>
        {online && (
          <button type="button" class="button" disabled={busy} onClick={() => void download()}>
            {busy ? m.trips.downloading : m.trips.update}
          </button>
        )}
        <button
          type="button"
          class="button button-quiet"
          disabled={waiting}
          title={waiting ? m.trips.removePending : undefined}
          onClick={() => void controller.remove(id)}
        >
          {m.trips.remove}
        </button>
      </div>
      {failed && (
        <p class="note note-error" data-problem={failed}>
          {m.trips[failed]}
        </p>
      )}
    </article>
  );
}
