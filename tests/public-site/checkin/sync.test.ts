// The queue and its sync: checks made offline are kept on the phone (across a reload), sent once when the
// connection returns (the online event), sent again after a lost answer without being counted twice, and
// answered with the server's verdicts — where another phone boarded a ticket first, both boardings are shown
// and the earliest counts. IDs given at the door wait for the connection too; an ended session waits for a
// new sign-in; a trip that has left refuses them.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { boardedOnSeveralPhones } from '../../../public-site/checkin/components/Disagreements.tsx';
import { createController, type Controller } from '../../../public-site/checkin/lib/controller.ts';
import { verifySignature } from '../../../public-site/checkin/lib/signature.ts';
import { openStore, type PhoneStore } from '../../../public-site/checkin/lib/store.ts';
import { syncScans } from '../../../public-site/checkin/lib/sync.ts';
import type { CheckinPackage, PackageTicket, ScanRecord } from '../../../public-site/checkin/lib/types.ts';
import { claimOf, fakeServer, makeKeys, sign, ticket, tripPackage, TRIP_ID, type Keys } from './fixtures.ts';

let keys: Keys;
let paid: PackageTicket;
let unpaid: PackageTicket;
let pkg: CheckinPackage;
const controllers: Controller[] = [];
let clock = Date.parse('2026-11-24T06:30:00.000Z');

beforeAll(async () => {
  keys = await makeKeys();
});

let phones = 0;
let store: PhoneStore;

beforeEach(async () => {
  // A fresh database for each test's phones (one each).
  phones += 1;
  store = openStore(`test-${phones}-phone-A`);
  paid = ticket({ seats: [3, 4] });
  unpaid = ticket({ paymentStatus: 'awaiting_proof' });
  pkg = tripPackage(keys, [paid, unpaid]);
});

afterEach(() => controllers.splice(0).forEach((c) => c.dispose()));

/** A phone: its controller over the fake server, online or not as the test says. */
async function phone(server: ReturnType<typeof fakeServer>, deviceId: string, online: { value: boolean }) {
  const controller = createController({
    api: server.api,
    store: deviceId === 'phone-A' ? store : openStore(`test-${phones}-${deviceId}`),
    verify: verifySignature,
    deviceId,
    now: () => new Date((clock += 1000)),
    isOnline: () => online.value,
  });
  controllers.push(controller);
  await controller.init();
  return controller;
}

/** A phone that downloaded the trip, went offline and checked the paid ticket (its scan waits to be sent). */
async function checkedOffline(server: ReturnType<typeof fakeServer>) {
  const online = { value: true };
  const controller = await phone(server, 'phone-A', online);
  await controller.download(TRIP_ID);
  online.value = false;
  await controller.check(TRIP_ID, { ticketId: paid.ticketId });
  return { controller, online };
}

/** The ID of the paid booking's seat 3, as a conductor types it at the door. */
const amnasPassport = () => ({
  tripId: TRIP_ID,
  bookingId: paid.bookingId,
  ticketId: paid.ticketId,
  seat: 3,
  fullName: 'Amna Osman',
  idType: 'passport' as const,
  idNumber: 'P0123456',
});

describe('the scan queue and its sync', () => {
  it('says offline when the browser says online but the server does not answer, and online once it does', async () => {
    // Chromium keeps navigator.onLine true on a page loaded with no connection (and so does a phone on a Wi-Fi
    // with no internet): the app asks the server instead of trusting the flag.
    const server = fakeServer(pkg);
    server.state.online = false;
    const controller = await phone(server, 'phone-A', { value: true });
    const stop = controller.start();
    await vi.waitFor(() => expect(controller.connected()).toBe(false));
    server.state.online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(controller.connected()).toBe(true));
    stop();
  });

  it('keeps offline checks across a reload and sends them once when the connection returns', async () => {
    const server = fakeServer(pkg);
    const online = { value: true };
    const first = await phone(server, 'phone-A', online);
    await first.download(TRIP_ID);
    online.value = false;
    server.state.online = false;
    const code = await sign(keys, claimOf(paid));
    expect((await first.check(TRIP_ID, { qr: code })).verdict.verdict).toBe('valid');
    expect((await first.check(TRIP_ID, { qr: code })).verdict.verdict).toBe('already_boarded');
    expect((await first.check(TRIP_ID, { ticketId: unpaid.ticketId })).verdict.verdict).toBe('unpaid');
    expect(first.pending()).toBe(3);
    expect(server.calls).toHaveLength(0);

    // The app is closed and opened again, still offline: the queue and the duplicate are remembered.
    first.dispose();
    const reopened = await phone(server, 'phone-A', online);
    expect(reopened.pending()).toBe(3);
    expect((await reopened.check(TRIP_ID, { ticketId: paid.ticketId })).verdict.verdict).toBe(
      'already_boarded',
    );

    online.value = true;
    server.state.online = true;
    const stop = reopened.start();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(reopened.pending()).toBe(0));
    stop();
    expect(server.calls.flat()).toHaveLength(4);
    expect(server.kept.size).toBe(4);
    const verdicts = reopened.scans(TRIP_ID).map((scan) => [scan.local.verdict, scan.server?.verdict]);
    expect(verdicts).toEqual([
      ['valid', 'valid'],
      ['already_boarded', 'already_boarded'],
      ['unpaid', 'unpaid'],
      ['already_boarded', 'already_boarded'],
    ]);
    expect(reopened.differences(TRIP_ID)).toEqual([]);
  });

  it('sends a batch again after a lost answer; the server keeps each scan once', async () => {
    const server = fakeServer(pkg);
    const { controller, online } = await checkedOffline(server);
    online.value = true;
    server.state.loseNextAnswer = true;
    await controller.syncNow();
    expect(controller.syncState().problem).toBe('offline');
    expect(controller.pending()).toBe(1);
    await controller.syncNow();
    expect(controller.pending()).toBe(0);
    expect(server.calls).toHaveLength(2);
    expect(server.kept.size).toBe(1);
    expect(controller.scans(TRIP_ID)[0].server?.verdict).toBe('valid');
  });

  it('shows the server’s verdict where another phone boarded the ticket first; both boardings, the earliest counting', async () => {
    const server = fakeServer(pkg);
    const onlineA = { value: true };
    const onlineB = { value: true };
    const a = await phone(server, 'phone-A', onlineA);
    const b = await phone(server, 'phone-B', onlineB);
    await a.download(TRIP_ID);
    await b.download(TRIP_ID);
    // Both phones offline at the door: A checks the ticket first, B a minute later (a copy of it).
    onlineA.value = onlineB.value = false;
    expect((await a.check(TRIP_ID, { ticketId: paid.ticketId })).verdict.verdict).toBe('valid');
    clock += 60_000;
    expect((await b.check(TRIP_ID, { ticketId: paid.ticketId })).verdict.verdict).toBe('valid');
    // B reconnects first: alone on the server, its scan boards for now.
    onlineB.value = true;
    await b.syncNow();
    expect(b.scans(TRIP_ID)[0].server?.verdict).toBe('valid');
    // A reconnects: its earlier scan is the ticket's boarding.
    onlineA.value = true;
    await a.syncNow();
    expect(a.scans(TRIP_ID)[0].server?.verdict).toBe('valid');
    expect(a.differences(TRIP_ID)).toEqual([]);
    // Each phone, downloading the trip again, shows both boardings with A's counting.
    for (const phone of [a, b]) {
      await phone.download(TRIP_ID);
      const several = boardedOnSeveralPhones(phone.trip(TRIP_ID)!, phone.scans(TRIP_ID));
      expect(several).toEqual([
        {
          ticketId: paid.ticketId,
          boardings: [
            { scannedAt: a.scans(TRIP_ID)[0].scannedAt, deviceId: 'phone-A' },
            { scannedAt: b.scans(TRIP_ID)[0].scannedAt, deviceId: 'phone-B' },
          ],
        },
      ]);
      expect((await phone.check(TRIP_ID, { ticketId: paid.ticketId })).verdict.firstScan?.deviceId).toBe(
        'phone-A',
      );
    }
  });

  it('lists a scan the server judged otherwise: synced after another phone’s earlier boarding', async () => {
    const server = fakeServer(pkg);
    const onlineA = { value: true };
    const onlineB = { value: true };
    const a = await phone(server, 'phone-A', onlineA);
    const b = await phone(server, 'phone-B', onlineB);
    await a.download(TRIP_ID);
    await b.download(TRIP_ID);
    onlineA.value = onlineB.value = false;
    await a.check(TRIP_ID, { ticketId: paid.ticketId });
    clock += 60_000;
    await b.check(TRIP_ID, { ticketId: paid.ticketId });
    onlineA.value = onlineB.value = true;
    await a.syncNow();
    await b.syncNow();
    const [difference] = b.differences(TRIP_ID);
    expect(difference.local.verdict).toBe('valid');
    expect(difference.server).toMatchObject({
      verdict: 'already_boarded',
      firstScan: { deviceId: 'phone-A', scannedAt: a.scans(TRIP_ID)[0].scannedAt },
    });
  });

  it('waits for a new sign-in when the session has ended, losing nothing', async () => {
    const server = fakeServer(pkg);
    const online = { value: true };
    const controller = await phone(server, 'phone-A', online);
    await controller.download(TRIP_ID);
    server.state.ended = true;
    await controller.check(TRIP_ID, { ticketId: paid.ticketId });
    await controller.syncNow();
    expect(controller.syncState().problem).toBe('ended');
    expect(controller.pending()).toBe(1);
    server.state.ended = false;
    await controller.syncNow();
    expect(controller.pending()).toBe(0);
  });

  it('sends at most 500 scans a call', async () => {
    const server = fakeServer(pkg);
    const controller = await phone(server, 'phone-A', { value: true });
    await controller.download(TRIP_ID);
    await store.updateScans(TRIP_ID, () =>
      Array.from({ length: 501 }, (_, i) => ({
        id: `phone-A|${i}`,
        tripId: TRIP_ID,
        ticketId: unpaid.ticketId,
        scannedAt: new Date(Date.UTC(2026, 10, 24, 6, 0, i)).toISOString(),
        deviceId: 'phone-A',
        local: { verdict: 'unpaid' as const, reason: 'awaiting_proof' as const, ticketId: unpaid.ticketId },
      })),
    );
    await controller.syncNow();
    expect(server.calls.map((call) => call.length)).toEqual([500, 1]);
    expect(await store.pendingScans()).toEqual([]);
  });

  it('queues an ID given offline and sends it on reconnection; a departed trip refuses it', async () => {
    const server = fakeServer(pkg);
    const online = { value: true };
    const controller = await phone(server, 'phone-A', online);
    await controller.download(TRIP_ID);
    online.value = false;
    const edit = await controller.saveId({
      tripId: TRIP_ID,
      bookingId: paid.bookingId,
      ticketId: paid.ticketId,
      seat: 4,
      fullName: '  Huda   Ali ',
      idType: 'national_number',
      idNumber: '١٢٣-٤٥٦٧٨٩٠١',
    });
    expect(edit.state).toBe('pending');
    expect(controller.pending()).toBe(1);
    online.value = true;
    await controller.syncNow();
    expect(server.passengers).toEqual([
      {
        bookingId: paid.bookingId,
        passengers: [{ seat: 4, fullName: 'Huda   Ali', idType: 'national_number', idNumber: '12345678901' }],
      },
    ]);
    expect(controller.edits()[0].state).toBe('sent');
    server.state.departed = true;
    const refused = await controller.saveId(amnasPassport());
    expect(refused).toMatchObject({ state: 'refused', problem: 'TRIP_DEPARTED' });
    expect(controller.pending()).toBe(0);
  });

  it('an ID for a trip that is not the conductor’s is refused with its code (worded by the app)', async () => {
    const server = fakeServer(pkg);
    const controller = await phone(server, 'phone-A', { value: true });
    await controller.download(TRIP_ID);
    server.state.notDoorTrip = true;
    const refused = await controller.saveId(amnasPassport());
    expect(refused).toMatchObject({ state: 'refused', problem: 'NOT_DOOR_TRIP' });
  });

  it('too many scans this hour: nothing is lost, the round says tooMany, the next one sends', async () => {
    const server = fakeServer(pkg);
    const controller = await phone(server, 'phone-A', { value: true });
    await controller.download(TRIP_ID);
    server.state.tooManyScans = true;
    await controller.check(TRIP_ID, { ticketId: paid.ticketId });
    await controller.syncNow();
    expect(controller.syncState().problem).toBe('tooMany');
    expect(controller.pending()).toBe(1);
    server.state.tooManyScans = false;
    await controller.syncNow();
    expect(controller.pending()).toBe(0);
  });

  it('scans of a trip the server will never take (unassigned since) are set aside and shown, not sent again and again', async () => {
    const server = fakeServer(pkg);
    const { controller, online } = await checkedOffline(server);
    // Meanwhile the manager gave the trip to another conductor.
    server.state.refusesScansOf = { tripId: TRIP_ID, code: 'NOT_YOUR_TRIP' };
    online.value = true;
    await controller.syncNow();
    expect(controller.syncState().problem).toBeUndefined();
    expect(controller.pending()).toBe(0);
    expect(controller.scans(TRIP_ID).map((scan) => [scan.refused, scan.server])).toEqual([
      ['NOT_YOUR_TRIP', undefined],
    ]);
    await controller.syncNow();
    expect(server.calls).toEqual([]);
  });

  it('a batch refused for one trip still sends the other trips’ scans', async () => {
    const server = fakeServer(pkg);
    const other = 'other-trip-0000000000001';
    const record = (tripId: string, n: number): ScanRecord => ({
      id: `phone-A|2026-11-24T06:0${n}:00.000Z`,
      tripId,
      ticketId: paid.ticketId,
      scannedAt: `2026-11-24T06:0${n}:00.000Z`,
      deviceId: 'phone-A',
      local: { verdict: 'valid', reason: 'firstBoarding', ticketId: paid.ticketId },
    });
    await store.addScan(record(other, 1));
    await store.addScan(record(TRIP_ID, 2));
    await store.addScan(record(other, 3));
    server.state.refusesScansOf = { tripId: other, code: 'NOT_DOOR_TRIP' };
    const result = await syncScans(store, server.api, () => new Date(clock));
    expect(result.problem).toBeUndefined();
    expect(server.calls.flat().map((scan) => scan.tripId)).toEqual([TRIP_ID]);
    expect((await store.tripScans(other)).map((scan) => scan.refused)).toEqual([
      'NOT_DOOR_TRIP',
      'NOT_DOOR_TRIP',
    ]);
    expect((await store.tripScans(TRIP_ID))[0].server?.verdict).toBe('valid');
    expect(await store.pendingScans()).toEqual([]);
  });
});
