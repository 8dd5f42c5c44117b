// The app's one piece of state: the trips on the phone (kept in memory as well, so a check is a lookup and a
// signature, never a wait on storage), checks and their queue, IDs given at the door, and the syncing that
// sends them whenever a connection is there (at start, when the browser says it is back online, after each
// check, every 30 s while something waits, and by hand). Screens subscribe and read.
import { cleanName } from '../../../shared/passenger.ts';
import { cleanIdNumber } from '../../../shared/boarding.ts';
import type { CheckinApi } from './api.ts';
import type { PhoneStore } from './store.ts';
import { differences, isPending, syncEdits, syncScans, type SyncProblem } from './sync.ts';
import type { VerifySignature } from './signature.ts';
import { judge, ticketIndex, type CheckInput } from './verdict.ts';
import type { IdEdit, LocalVerdict, PackageTicket, ScanRecord, StoredTrip } from './types.ts';

interface OpenTrip {
  stored: StoredTrip;
  tickets: Map<string, PackageTicket>;
  scans: ScanRecord[];
}

export interface CheckResult {
  verdict: LocalVerdict;
  scan: ScanRecord;
  /** Milliseconds from the code (or number) to the verdict. */
  ms: number;
  /** Settles once the scan is in IndexedDB (the verdict does not wait for it). */
  saved: Promise<void>;
}

export interface SyncState {
  syncing: boolean;
  lastSyncAt?: string;
  problem?: SyncProblem;
}

export interface ControllerOptions {
  api: CheckinApi;
  store: PhoneStore;
  verify: VerifySignature;
  deviceId: string;
  now?: () => Date;
  isOnline?: () => boolean;
  /** Loads what the camera scanner needs, so it works offline later (called after a download). */
  warmScanner?: () => void;
}

const RETRY_MS = [5_000, 15_000, 30_000, 60_000];
const PERIOD_MS = 30_000;

export function createController(options: ControllerOptions) {
  const { api, store, verify, deviceId, now = () => new Date(), warmScanner } = options;
  const isOnline = options.isOnline ?? (() => navigator.onLine);
  const trips = new Map<string, OpenTrip>();
  let edits: IdEdit[] = [];
  let sync: SyncState = { syncing: false };
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  /** Whether the server answered the last call: false after a call failed for want of a connection. */
  let reachable = true;
  const setReachable = (value: boolean) => {
    if (value === reachable) return;
    reachable = value;
    changed();
  };
  /** Asks the server (at start, on reconnection, every 30 s while it is out of reach). */
  const probe = async () => setReachable(isOnline() && (await api.reachable()));
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());

  async function load(tripId: string): Promise<OpenTrip | undefined> {
    const stored = await store.getTrip(tripId);
    if (!stored) {
      trips.delete(tripId);
      return undefined;
    }
    const scans = await store.tripScans(tripId);
    // A check made while storage was being read is in memory only for a moment: keep it.
    const kept = new Set(scans.map((scan) => scan.id));
    for (const scan of trips.get(tripId)?.scans ?? []) if (!kept.has(scan.id)) scans.push(scan);
    const open = { stored, tickets: ticketIndex(stored.package), scans };
    trips.set(tripId, open);
    return open;
  }

  /** The downloaded trip holding a ticket id (for a typed number of another trip). */
  const tripOf = (ticketId: string) => [...trips.values()].find((t) => t.tickets.has(ticketId))?.stored;

  const pending = () =>
    [...trips.values()].reduce((sum, t) => sum + t.scans.filter(isPending).length, 0) +
    edits.filter((e) => e.state === 'pending').length;

  /**
   * The first signature check fills the library's tables (tens of ms on a phone): do it before the first
   * traveller, with a well-formed signature that does not verify.
   */
  let warm = false;
  function warmUp() {
    const key = trips.values().next().value?.stored.package.publicKey;
    if (warm || !key) return;
    warm = true;
    setTimeout(() => void verify('R1.warm-up', `${key}${'A'.repeat(43)}`, key), 0);
  }

  function schedule(delay: number) {
    clearTimeout(retry);
    retry = setTimeout(() => void controller.syncNow(), delay);
  }

  async function syncRound() {
    sync = { ...sync, syncing: true };
    changed();
    if (!reachable) await probe();
    const scans = await syncScans(store, api, now);
    const done = scans.problem ? scans : await syncEdits(store, api);
    const problem = scans.problem ?? done.problem;
    const touched = new Set([...scans.trips, ...done.trips]);
    // What other phones boarded and payments decided since: the trips just synced, fresh from the server.
    for (const tripId of touched)
      await (problem ? load(tripId) : controller.download(tripId).catch(() => load(tripId)));
    edits = await store.idEdits();
    if (problem === 'offline') reachable = false;
    else if (scans.scans || done.edits) reachable = true;
    sync = { syncing: false, lastSyncAt: problem ? sync.lastSyncAt : now().toISOString(), problem };
    failures = problem ? failures + 1 : 0;
    if (problem === 'offline' || problem === 'error' || problem === 'tooMany')
      schedule(RETRY_MS[Math.min(failures - 1, RETRY_MS.length - 1)]);
    changed();
  }

  const controller = {
    deviceId,
    store,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** Reads every trip on the phone and the queued IDs; call once at start. */
    async init() {
      for (const stored of await store.listTrips()) await load(stored.package.trip._id);
      edits = await store.idEdits();
      changed();
      warmUp();
    },

    trips: () =>
      [...trips.values()]
        .map((t) => t.stored)
        .sort((a, b) => a.package.trip.departure.localeCompare(b.package.trip.departure)),
    trip: (tripId: string) => trips.get(tripId)?.stored,
    scans: (tripId: string) => trips.get(tripId)?.scans ?? [],
    edits: () => edits,
    differences: (tripId: string) => differences(controller.scans(tripId)),
    pending,
    syncState: () => sync,
    /**
     * Whether the phone can reach the server: the browser says online AND the last call got through. Chromium
     * keeps navigator.onLine true on a page loaded with no connection, and a phone on a Wi-Fi with no internet
     * says online too, so a failed call (or the probe at start) decides.
     */
    connected: () => isOnline() && reachable,
    /** What the browser says (false only when it knows there is no network at all). */
    browserOnline: () => isOnline(),

    async download(tripId: string): Promise<StoredTrip> {
      const pkg = await api.download(tripId);
      const stored = { package: pkg, downloadedAt: now().toISOString() };
      await store.putTrip(stored);
      await load(tripId);
      warmScanner?.();
      warmUp();
      changed();
      return stored;
    },

    async remove(tripId: string) {
      await store.removeTrip(tripId);
      trips.delete(tripId);
      changed();
    },

    /** The verdict on a code or a typed number, kept in the queue. */
    async check(tripId: string, input: CheckInput): Promise<CheckResult> {
      const started = performance.now();
      const open = trips.get(tripId) ?? (await load(tripId));
      if (!open) throw new Error(`trip ${tripId} is not on this phone`);
      const verdict = await judge(input, {
        pkg: open.stored.package,
        scans: open.scans,
        verify,
        tickets: open.tickets,
        tripOf: (id) => tripOf(id)?.package.trip._id,
      });
      let scannedAt = now().toISOString();
      // Two checks in one millisecond would be one scan to the server: keep this phone's times apart.
      const last = open.scans.at(-1)?.scannedAt;
      if (last && scannedAt <= last) scannedAt = new Date(Date.parse(last) + 1).toISOString();
      const scan: ScanRecord = {
        id: `${deviceId}|${scannedAt}`,
        tripId,
        ...(input.qr !== undefined ? { qr: input.qr } : { ticketId: input.ticketId }),
        ...(input.stop !== undefined ? { stop: input.stop } : {}),
        scannedAt,
        deviceId,
        local: {
          verdict: verdict.verdict,
          reason: verdict.reason,
          ticketId: verdict.ticketId,
          firstScan: verdict.firstScan,
        },
      };
      // In memory at once, so the same ticket shown again a moment later is already boarded; the verdict is
      // shown while the scan is written (a write can take tens of ms on a slow phone).
      open.scans.push(scan);
      const ms = performance.now() - started;
      const saved = store.addScan(scan).then(() => {
        if (isOnline()) schedule(0);
      });
      changed();
      return { verdict, scan, ms, saved };
    },

    /** Keeps an ID given at the door and sends it when it can. */
    async saveId(input: Omit<IdEdit, 'id' | 'createdAt' | 'state'>): Promise<IdEdit> {
      const edit: IdEdit = {
        ...input,
        fullName: cleanName(input.fullName),
        idNumber: cleanIdNumber(input.idNumber),
        id: `${input.bookingId}|${input.seat}|${now().toISOString()}`,
        createdAt: now().toISOString(),
        state: 'pending',
      };
      // A newer edit of the same seat replaces one still waiting.
      await store.updateEdits((list) => [
        ...list.filter(
          (e) => !(e.state === 'pending' && e.bookingId === edit.bookingId && e.seat === edit.seat),
        ),
        edit,
      ]);
      edits = await store.idEdits();
      changed();
      if (isOnline()) await controller.syncNow();
      return edits.find((e) => e.id === edit.id) ?? edit;
    },

    /** One sync round at a time; a call during one waits for it. */
    syncNow(): Promise<void> {
      clearTimeout(retry);
      running ??= syncRound().finally(() => (running = undefined));
      return running;
    },

    /** Syncs at start, on reconnection, on return to the app and every 30 s while something waits. */
    start() {
      const onOnline = () => {
        failures = 0;
        changed();
        void probe().then(() => controller.syncNow());
      };
      const onOffline = () => {
        reachable = false;
        changed();
      };
      const onVisible = () =>
        document.visibilityState === 'visible' && isOnline() && pending() && void controller.syncNow();
      const timer = setInterval(() => {
        if (!reachable) void probe();
        if (isOnline() && pending()) void controller.syncNow();
      }, PERIOD_MS);
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      document.addEventListener('visibilitychange', onVisible);
      void probe();
      if (isOnline()) void controller.syncNow();
      return () => {
        clearInterval(timer);
        clearTimeout(retry);
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
        document.removeEventListener('visibilitychange', onVisible);
      };
    },

    /** Cancels a retry that is waiting (tests, sign-out). */
    dispose() {
      clearTimeout(retry);
    },

    /** Forgets the phone's trips, scans and IDs (signing out). */
    async forget() {
      clearTimeout(retry);
      await store.forgetAll();
      trips.clear();
      edits = [];
      sync = { syncing: false };
      changed();
    },
  };
  return controller;
}

export type Controller = ReturnType<typeof createController>;
