// What the phone keeps in IndexedDB (idb-keyval, one object store): downloaded trips, every scan until the
// server has it (and its answer after), IDs given at the door until sent, the phone's device id and the last
// signed-in user (never a token). Appends go through idb-keyval's update, one transaction each.
import { clear, createStore, del, delMany, entries, get, keys, set, setMany, update } from 'idb-keyval';
import { isPending } from './sync.ts';
import type { IdEdit, RememberedUser, ScanRecord, StoredTrip } from './types.ts';

const TRIP = 'trip:';
const SCAN = 'scan:';

const scanKey = (scan: ScanRecord) => `${SCAN}${scan.tripId}|${scan.id}`;
const sortScans = (scans: ScanRecord[]) =>
  scans.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt) || a.id.localeCompare(b.id));

/** The phone's store; tests open one per simulated phone. */
export function openStore(name = 'rihla-checkin') {
  const kv = createStore(name, 'kv');
  const scanEntries = async () =>
    (await entries<string, ScanRecord>(kv))
      .filter(([key]) => String(key).startsWith(SCAN))
      .map(([, scan]) => scan);
  const phone = {
    getTrip: (tripId: string) => get<StoredTrip>(TRIP + tripId, kv),
    putTrip: (trip: StoredTrip) => set(TRIP + trip.package.trip._id, trip, kv),

    /** Every trip on the phone, the next to leave first. */
    async listTrips(): Promise<StoredTrip[]> {
      const all = await entries<string, StoredTrip>(kv);
      return all
        .filter(([key]) => String(key).startsWith(TRIP))
        .map(([, trip]) => trip)
        .sort((a, b) => a.package.trip.departure.localeCompare(b.package.trip.departure));
    },

    async removeTrip(tripId: string) {
      await del(TRIP + tripId, kv);
      await delMany(
        (await keys<string>(kv)).filter((key) => String(key).startsWith(`${SCAN}${tripId}|`)),
        kv,
      );
    },

    /** A trip's scans, oldest first. */
    tripScans: async (tripId: string) => sortScans((await scanEntries()).filter((s) => s.tripId === tripId)),
    /** One record per scan, so a check writes one small record however many came before it. */
    addScan: (scan: ScanRecord) => set(scanKey(scan), scan, kv),
    /** Changes a trip's scans; only those that changed are written. */
    async updateScans(tripId: string, change: (scans: ScanRecord[]) => ScanRecord[]) {
      const before = await phone.tripScans(tripId);
      const after = change(before);
      await setMany(
        after.filter((scan, i) => scan !== before[i]).map((scan) => [scanKey(scan), scan]),
        kv,
      );
    },

    /** Scans the server has not answered yet (nor refused), oldest first. */
    pendingScans: async () => sortScans((await scanEntries()).filter(isPending)),

    idEdits: async () => (await get<IdEdit[]>('edits', kv)) ?? [],
    updateEdits: (change: (edits: IdEdit[]) => IdEdit[]) =>
      update<IdEdit[]>('edits', (edits = []) => change(edits), kv),

    rememberedUser: () => get<RememberedUser>('user', kv),
    rememberUser: (user: RememberedUser | null) => (user ? set('user', user, kv) : del('user', kv)),

    /** This phone's name in scans: made once, kept across sign-outs (so its scans stay its own). */
    async deviceId(makeName: () => string): Promise<string> {
      let id = '';
      await update<string>('device', (found) => (id = found ?? makeName()), kv);
      return id;
    },

    /** Forgets everything but the device id (signing out). */
    async forgetAll() {
      const device = await get<string>('device', kv);
      await clear(kv);
      if (device) await set('device', device, kv);
    },
  };
  return phone;
}

export type PhoneStore = ReturnType<typeof openStore>;
