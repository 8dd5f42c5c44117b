// Sending what the phone did while offline. Scans go in batches (the server keeps each once, so a batch sent
// again after a lost answer changes nothing) and each gets the server's verdict beside the phone's; IDs given at
// the door go one booking seat at a time. A missing connection stops a round quietly (the next one resumes),
// an ended session stops it until the conductor signs in again, and a refusal (the trip has left) is kept
// with the edit so the conductor sees it.
import { ApiError } from './session.ts';
import type { CheckinApi } from './api.ts';
import type { PhoneStore } from './store.ts';
import type { ScanRecord, ScanRefusal } from './types.ts';

/** The server takes at most this many scans in one call. */
export const SCAN_BATCH = 500;

/** offline: no answer; ended: sign in again; tooMany: this account's hourly share of scans is spent. */
export type SyncProblem = 'offline' | 'ended' | 'tooMany' | 'error';

/** The refusals the app words itself (the rest show the server's message). */
export const KNOWN_REFUSALS = ['TRIP_DEPARTED', 'NOT_DOOR_TRIP', 'NOT_YOUR_TRIP'] as const;

/** The refusals of a batch that name a trip whose scans the server will never take. */
const SCAN_REFUSALS: readonly ScanRefusal[] = ['NOT_DOOR_TRIP', 'NOT_YOUR_TRIP'];

/** A scan still to send: not answered, not refused. */
export const isPending = (scan: ScanRecord) => !scan.server && !scan.refused;

/** The trip, and why, when a batch was refused for one trip's scans (the rest of the batch may go). */
function refusedTrip(error: unknown, batch: readonly ScanRecord[]) {
  if (!(error instanceof ApiError) || error.status !== 403) return;
  const code = SCAN_REFUSALS.find((known) => known === error.body?.code);
  const tripId = error.body?.tripId;
  if (code && typeof tripId === 'string' && batch.some((scan) => scan.tripId === tripId))
    return { code, tripId };
}

export interface SyncResult {
  scans: number;
  edits: number;
  /** Trips whose scans or travellers changed on the server (worth downloading again). */
  trips: Set<string>;
  problem?: SyncProblem;
}

const problemOf = (error: unknown): SyncProblem =>
  error instanceof ApiError
    ? error.status === 0
      ? 'offline'
      : error.status === 401
        ? 'ended'
        : error.status === 429 && error.body?.code === 'TOO_MANY_SCANS'
          ? 'tooMany'
          : 'error'
    : 'error';

export async function syncScans(
  store: PhoneStore,
  api: Pick<CheckinApi, 'sendScans'>,
  now: () => Date = () => new Date(),
): Promise<SyncResult> {
  const result: SyncResult = { scans: 0, edits: 0, trips: new Set() };
  let pending = await store.pendingScans();
  for (let start = 0; start < pending.length; start += SCAN_BATCH) {
    const batch = pending.slice(start, start + SCAN_BATCH);
    let verdicts;
    try {
      verdicts = await api.sendScans(
        batch.map(({ qr, ticketId, tripId, scannedAt, deviceId, stop }) => ({
          ...(qr ? { qr } : { ticketId }),
          tripId,
          scannedAt,
          deviceId,
          ...(stop !== undefined ? { stop } : {}),
        })),
      );
    } catch (error) {
      // A trip whose scans will never be taken (unassigned from this conductor since, or moved days ahead):
      // its scans are set aside, shown as not taken, and the rest are sent without them. Each refusal sets a
      // trip aside, so this ends.
      const refused = refusedTrip(error, batch);
      if (!refused) return { ...result, problem: problemOf(error) };
      const at = now().toISOString();
      await store.updateScans(refused.tripId, (scans) =>
        scans.map((scan) => (isPending(scan) ? { ...scan, refused: refused.code, syncedAt: at } : scan)),
      );
      result.trips.add(refused.tripId);
      pending = await store.pendingScans();
      start = -SCAN_BATCH;
      continue;
    }
    const answered = new Map(batch.map((scan, i) => [scan.id, verdicts[i]]));
    const syncedAt = now().toISOString();
    for (const tripId of new Set(batch.map((scan) => scan.tripId))) {
      await store.updateScans(tripId, (scans) =>
        scans.map((scan) => {
          const server = answered.get(scan.id);
          return server && !scan.server ? { ...scan, server, syncedAt } : scan;
        }),
      );
      result.trips.add(tripId);
    }
    result.scans += batch.length;
  }
  return result;
}

export async function syncEdits(
  store: PhoneStore,
  api: Pick<CheckinApi, 'updatePassengers'>,
): Promise<SyncResult> {
  const result: SyncResult = { scans: 0, edits: 0, trips: new Set() };
  for (const edit of (await store.idEdits()).filter((e) => e.state === 'pending')) {
    let state: 'sent' | 'refused' = 'sent';
    let problem: string | undefined;
    try {
      await api.updatePassengers(edit.bookingId, [
        { seat: edit.seat, fullName: edit.fullName, idType: edit.idType, idNumber: edit.idNumber },
      ]);
    } catch (error) {
      const kind = problemOf(error);
      if (kind !== 'error') return { ...result, problem: kind };
      state = 'refused';
      const body = error instanceof ApiError ? error.body : null;
      const code = KNOWN_REFUSALS.find((known) => known === body?.code);
      problem = code ?? body?.message ?? 'error';
    }
    await store.updateEdits((edits) => edits.map((e) => (e.id === edit.id ? { ...e, state, problem } : e)));
    result.edits += 1;
    result.trips.add(edit.tripId);
  }
  return result;
}

/** Scans whose server verdict is not what the phone said (another phone boarded it first, a payment…). */
export const differences = (scans: readonly ScanRecord[]) =>
  scans.filter((scan) => scan.server && scan.server.verdict !== scan.local.verdict);

export const pendingCount = (scans: readonly ScanRecord[]) => scans.filter(isPending).length;
