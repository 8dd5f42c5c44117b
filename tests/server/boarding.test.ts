// At the bus door: travellers per seat with their IDs (staff only), signed ticket codes that a scan verifies,
// the conductor's package and the verdicts of synced scans (idempotent, the earliest scan boards), no-shows and
// locked lists after departure, ID numbers erased after the retention period, and checkpoint manifests.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { closeDepartedTrips } from '../../server/resources/boarding/boarding.repository.ts';
import { eraseExpiredIds } from '../../server/jobs.ts';
import { bookingFields, PASSENGER, pdfText, postBooking } from './helpers/bookings.ts';
import { futureDate, makeTrip } from './helpers/fixtures.ts';
import { assignConductor } from './helpers/conductors.ts';
import { departureInstant, khartoumToday } from '../../shared/rules.ts';
import { client, dialects, staffToken, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const hasZbar = (() => {
  try {
    execFileSync('zbarimg', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

type Trip = Awaited<ReturnType<typeof makeTrip>>['trip'];

/**
 * The glyphs a PDF's text draws: pdfkit writes each as the 4-digit hex id of its font subset, where the
 * missing-glyph box (.notdef) is always 0, in `[<…> …] TJ` operators of its (deflated) page streams.
 */
function drawnGlyphs(pdf: Buffer): number[] {
  const glyphs: number[] = [];
  const source = pdf.toString('latin1');
  // Each stream is read by the byte count its dictionary declares: deflated bytes may end in a carriage return,
  // which a search for the line break before `endstream` would cut off (1 PDF in 256, red in CI once).
  for (const stream of source.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = stream.index + stream[0].length;
    let content: string;
    try {
      content = zlib
        .inflateSync(Buffer.from(source.slice(start, start + Number(stream[1])), 'latin1'))
        .toString('latin1');
    } catch {
      continue; // not deflated: no page of pdfkit's
    }
    for (const [, operands] of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      for (const [, hex] of operands.matchAll(/<([0-9a-f]+)>/g))
        for (let i = 0; i < hex.length; i += 4) glyphs.push(parseInt(hex.slice(i, i + 4), 16));
  }
  return glyphs;
}

describe.each(dialects)('boarding (%s)', (dialect) => {
  const clock = new ManualClock();
  const t = useTestApp(dialect, { clock, env: { SCAN_RATE_LIMIT_PER_HOUR: '100' } });
  let conductor: string;
  const asConductor = () => client(t, conductor);
  /** Tomorrow in Khartoum: a trip a conductor checks (yesterday, today or tomorrow), not yet departed. */
  const doorDate = () => khartoumToday(new Date(clock.now().getTime() + 86_400_000));
  /** A trip a conductor checks. */
  const doorTrip = async () => (await tripFor({ date: doorDate() })).trip;
  /** A trip, with the conductor assigned to it (issue 24: a conductor opens the door of their trips only). */
  async function tripFor(options: Parameters<typeof makeTrip>[2] = {}) {
    const made = await makeTrip(t, t.token, options);
    if (conductor) await assignConductor(t, t.token, conductor, { tripId: made.trip._id });
    return made;
  }
  /** Runs `step` with the clock at `at`, then puts it back. */
  async function at<T>(instant: number, step: () => Promise<T>): Promise<T> {
    const now = clock.now();
    clock.set(new Date(instant));
    try {
      return await step();
    } finally {
      clock.set(now);
    }
  }

  /** A booking paid at the counter (verified), with travellers. */
  async function paid(trip: Trip, seats: number[], passengers?: unknown) {
    const sold = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats,
      passengerInfo: PASSENGER,
      paymentMethod: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const booking = sold.json().booking;
    if (passengers)
      expect(
        (await t.staff.patch(`/api/bookings/updatePassengers/${booking._id}`, { passengers })).statusCode,
      ).toBe(200);
    return { booking, pdf: Buffer.from(sold.json().pdfBlob, 'base64') };
  }

  const codeOf = (t: TestApp, booking: { ticketId: string; tripId: string; seats: number[] }) =>
    t.app.ticketSigner.code({ ticketId: booking.ticketId, tripId: booking.tripId, seats: booking.seats });

  it('signs a conductor in', async () => {
    conductor = await staffToken(
      t,
      { email: 'conductor@board.rihla.test', password: 'kassala-acacia-ferry' },
      'conductor',
    );
    expect((await asConductor().get('/api/auth/user')).json().role).toBe('conductor');
  });

  it('takes a traveller per seat with the booking, the booker on the first seat by default; staff only', async () => {
    const { trip } = await tripFor();
    const passengers = [
      { seat: 2, fullName: 'Amna Osman', idType: 'passport', idNumber: 'p 0123-4567' },
      { seat: 3, fullName: 'Huda  Ali' },
    ];
    const created = await postBooking(
      t,
      bookingFields(trip, [1, 2, 3], { passengers: JSON.stringify(passengers) }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).not.toMatch(/P01234567|passport|Amna/);
    const booking = created.json().booking;
    const stored = (await t.staff.get(`/api/bookings/getPassengers/${booking._id}`)).json();
    expect(stored).toEqual([
      { seat: 1, fullName: `${PASSENGER.firstName} ${PASSENGER.lastName}`, idType: null, idNumber: null },
      { seat: 2, fullName: 'Amna Osman', idType: 'passport', idNumber: 'P01234567' },
      { seat: 3, fullName: 'Huda  Ali', idType: null, idNumber: null },
    ]);
    const lookup = await client(t).get(
      `/api/bookings/filterBookings?ticketId=${booking.ticketId}&phone=${PASSENGER.phone}`,
    );
    expect(lookup.body).not.toMatch(/P01234567|Amna/);
    expect((await client(t).get(`/api/bookings/getPassengers/${booking._id}`)).statusCode).toBe(401);
    const stray = await postBooking(
      t,
      bookingFields(trip, [4], { passengers: JSON.stringify([{ seat: 9, fullName: 'X Y' }]) }),
    );
    expect(stray.statusCode).toBe(400);
    const half = await postBooking(
      t,
      bookingFields(trip, [5], {
        passengers: JSON.stringify([{ seat: 5, fullName: 'X Y', idType: 'passport' }]),
      }),
    );
    expect(half.statusCode).toBe(400);
    expect(half.json().errors.passengers).toMatch(/type and the number/);
  });

  it('lets the conductor complete an ID at the door; the activity log shows only that it changed', async () => {
    const trip = await doorTrip();
    const { booking } = await paid(trip, [1, 2]);
    const done = await asConductor().patch(`/api/bookings/updatePassengers/${booking._id}`, {
      passengers: [{ seat: 2, fullName: 'Osman Idris', idType: 'national_number', idNumber: '١٢٣٤٥٦٧٨٩٠١' }],
    });
    expect(done.statusCode, done.body).toBe(200);
    // The conductor's answer shows the ID's last digits only; staff read the whole number.
    expect(done.json().passengers[1]).toEqual({
      seat: 2,
      fullName: 'Osman Idris',
      idType: 'national_number',
      idNumber: '•••8901',
    });
    expect(done.body).not.toContain('12345678901');
    expect((await t.staff.get(`/api/bookings/getPassengers/${booking._id}`)).json()[1].idNumber).toBe(
      '12345678901',
    );
    const row = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'update_passengers')
      .where('recordId', '=', booking._id)
      .executeTakeFirstOrThrow();
    expect(row.diff).not.toContain('12345678901');
    expect(row.diff).toContain('Osman Idris');
  });

  it('prints a signed code in the ticket’s QR that scans back and verifies', async () => {
    const { trip } = await tripFor();
    const { booking, pdf } = await paid(trip, [7]);
    expect(pdfText(pdf)).toContain('PAID');
    if (!hasZbar) return;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-qr-'));
    try {
      fs.writeFileSync(path.join(dir, 't.pdf'), pdf);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '150',
        '-singlefile',
        path.join(dir, 't.pdf'),
        path.join(dir, 't'),
      ]);
      const code = execFileSync('zbarimg', ['--quiet', '--raw', path.join(dir, 't.png')], {
        encoding: 'utf8',
      }).trim();
      expect(code).toBe(codeOf(t, booking));
      expect(t.app.ticketSigner.verify(code)).toEqual({
        ticketId: booking.ticketId,
        tripId: trip._id,
        seats: [7],
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the conductor a package to check offline: no full ID numbers, no phones', async () => {
    const trip = await doorTrip();
    await paid(trip, [1], [{ seat: 1, fullName: 'Amna Osman', idType: 'passport', idNumber: 'P01234567' }]);
    const pkg = await asConductor().get(`/api/checkin/trip/${trip._id}`);
    expect(pkg.statusCode).toBe(200);
    expect(pkg.json()).toMatchObject({ publicKey: t.app.ticketSigner.publicKey, trip: { _id: trip._id } });
    expect(pkg.json().tickets[0].travellers[0]).toEqual({
      seat: 1,
      fullName: 'Amna Osman',
      idType: 'passport',
      idLast: '4567',
    });
    expect(pkg.body).not.toContain('P01234567');
    expect(pkg.body).not.toContain(PASSENGER.phone);
    const cashier = await staffToken(
      t,
      { email: 'cashier@board.rihla.test', password: 'kassala-acacia-ferry' },
      'cashier',
    );
    expect((await client(t, cashier).get(`/api/checkin/trip/${trip._id}`)).statusCode).toBe(403);
  });

  it('answers a verdict per scan, the same on a resend; the earliest scan boards, both devices are shown', async () => {
    const trip = await doorTrip();
    const other = (await tripFor()).trip;
    const good = (await paid(trip, [1])).booking;
    const elsewhere = (await paid(other, [1])).booking;
    const cancelled = (await paid(trip, [2])).booking;
    await t.staff.patch(`/api/bookings/cancelBooking/${cancelled._id}`);
    const unpaid = (await postBooking(t, bookingFields(trip, [3]))).json().booking;
    const forged = codeOf(t, good).replace(/\.1\./, '.2.');
    // The door opens an hour before departure; the phones sync half an hour before it.
    const departure = departureInstant(trip.trip_date, trip.trip_boarding_time).getTime();
    clock.set(new Date(departure - 30 * 60_000));
    const at = (minute: number) => new Date(departure - 60 * 60_000 + minute * 60_000).toISOString();
    const batch = [
      { qr: codeOf(t, good), tripId: trip._id, scannedAt: at(5), deviceId: 'phone-b' },
      { qr: codeOf(t, elsewhere), tripId: trip._id, scannedAt: at(6), deviceId: 'phone-b' },
      { qr: codeOf(t, cancelled), tripId: trip._id, scannedAt: at(7), deviceId: 'phone-b' },
      { ticketId: unpaid.ticketId, tripId: trip._id, scannedAt: at(8), deviceId: 'phone-b' },
      { qr: forged, tripId: trip._id, scannedAt: at(9), deviceId: 'phone-b' },
      { ticketId: '1234567890123', tripId: trip._id, scannedAt: at(9), deviceId: 'phone-b' },
    ];
    const first = await asConductor().post('/api/checkin/scans', { scans: batch });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().verdicts.map((v: { verdict: string }) => v.verdict)).toEqual([
      'valid',
      'wrong_trip',
      'cancelled',
      'unpaid',
      'forged',
      'forged',
    ]);
    const count = async () =>
      (await t.database.db.selectFrom('scans').select('id').where('tripId', '=', trip._id).execute()).length;
    const stored = await count();
    const again = await asConductor().post('/api/checkin/scans', { scans: batch });
    expect(again.json()).toEqual(first.json());
    expect(await count()).toBe(stored);

    // Another phone boarded the same ticket earlier, offline; it syncs now.
    const earlier = await asConductor().post('/api/checkin/scans', {
      scans: [{ qr: codeOf(t, good), tripId: trip._id, scannedAt: at(2), deviceId: 'phone-a' }],
    });
    expect(earlier.json().verdicts[0].verdict).toBe('valid');
    const later = await asConductor().post('/api/checkin/scans', {
      scans: [{ qr: codeOf(t, good), tripId: trip._id, scannedAt: at(5), deviceId: 'phone-b' }],
    });
    expect(later.json().verdicts[0]).toMatchObject({
      verdict: 'already_boarded',
      firstScan: { scannedAt: at(2), deviceId: 'phone-a' },
    });
    // A trip cancelled after the sale boards nobody.
    const called = await doorTrip();
    const onCalledOff = (await paid(called, [1])).booking;
    expect((await t.staff.patch(`/api/trips/cancelTrip/${called._id}`)).statusCode).toBe(200);
    const off = await asConductor().post('/api/checkin/scans', {
      scans: [{ qr: codeOf(t, onCalledOff), tripId: called._id, scannedAt: at(3), deviceId: 'phone-a' }],
    });
    expect(off.json().verdicts[0].verdict).toBe('cancelled');
    const pkg = (await asConductor().get(`/api/checkin/trip/${trip._id}`)).json();
    const ticket = pkg.tickets.find((x: { ticketId: string }) => x.ticketId === good.ticketId);
    expect(ticket.boardings).toEqual([
      { scannedAt: at(2), deviceId: 'phone-a' },
      { scannedAt: at(5), deviceId: 'phone-b' },
    ]);
    clock.set(new Date());
  });

  it('marks travellers not boarded as no-shows after departure and locks the list', async () => {
    const date = futureDate(3);
    const { trip } = await tripFor({ date });
    const boarded = (await paid(trip, [1])).booking;
    const missing = (await paid(trip, [2])).booking;
    const departure = Date.parse(`${date}T07:00:00Z`);
    const now = clock.now();
    // At the door, ten minutes before it leaves.
    clock.set(new Date(departure - 10 * 60_000));
    try {
      const scanned = await asConductor().post('/api/checkin/scans', {
        scans: [
          { qr: codeOf(t, boarded), tripId: trip._id, scannedAt: clock.now().toISOString(), deviceId: 'p' },
        ],
      });
      expect(scanned.json().verdicts[0].verdict).toBe('valid');
      clock.set(new Date(departure + 30 * 60_000));
      const locked = await asConductor().patch(`/api/bookings/updatePassengers/${missing._id}`, {
        passengers: [{ seat: 2, fullName: 'Late Name' }],
      });
      expect(locked.json().code).toBe('TRIP_DEPARTED');
      const noShow = async (id: string) =>
        (await t.staff.get(`/api/bookings/getBooking/${id}`)).json().noShow;
      // (Other tests' trips of earlier days close here.)
      await closeDepartedTrips(t.database.db, clock.now(), 60);
      expect(await noShow(missing._id)).toBe(false);
      clock.set(new Date(departure + 61 * 60_000));
      expect(await closeDepartedTrips(t.database.db, clock.now(), 60)).toBeGreaterThanOrEqual(1);
      expect(await closeDepartedTrips(t.database.db, clock.now(), 60)).toBe(0);
      expect(await noShow(missing._id)).toBe(true);
      expect(await noShow(boarded._id)).toBe(false);
    } finally {
      clock.set(now);
    }
  });

  it('erases ID numbers of trips older than the retention period', async () => {
    const { trip } = await tripFor();
    const { booking } = await paid(
      trip,
      [1],
      [{ seat: 1, fullName: 'Amna Osman', idType: 'passport', idNumber: 'P7654321' }],
    );
    const old = (await tripFor()).trip;
    const kept = (
      await paid(old, [1], [{ seat: 1, fullName: 'Huda Ali', idType: 'passport', idNumber: 'P1111111' }])
    ).booking;
    await t.database.db
      .updateTable('trips')
      .set({ trip_date: '2026-01-01' })
      .where('id', '=', old._id)
      .execute();
    expect(await eraseExpiredIds(t.app, 90)).toBeGreaterThanOrEqual(1);
    expect((await t.staff.get(`/api/bookings/getPassengers/${kept._id}`)).json()[0]).toMatchObject({
      fullName: 'Huda Ali',
      idType: 'passport',
      idNumber: null,
    });
    expect((await t.staff.get(`/api/bookings/getPassengers/${booking._id}`)).json()[0].idNumber).toBe(
      'P7654321',
    );
  });

  it('erases the ID numbers of bookings whose trip was deleted after they were cancelled', async () => {
    const { trip } = await tripFor();
    const { booking } = await paid(
      trip,
      [2],
      [{ seat: 2, fullName: 'Sara Adam', idType: 'passport', idNumber: 'P2222222' }],
    );
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`)).statusCode).toBe(200);
    expect((await t.staff.delete(`/api/trips/deleteTrip/${trip._id}`)).statusCode).toBe(200);
    const idNumber = async () =>
      (
        await t.database.db
          .selectFrom('booking_passengers')
          .select('idNumber')
          .where('bookingId', '=', booking._id)
          .executeTakeFirstOrThrow()
      ).idNumber;
    expect(await idNumber()).toBe('P2222222');
    // The trip's date went with it: the erasure does not wait for a date it can no longer know.
    expect(await eraseExpiredIds(t.app, 90)).toBeGreaterThanOrEqual(1);
    expect(await idNumber()).toBeNull();
  });

  it("draws the manifest PDF's title and rows, in both languages, with glyphs its font has", async () => {
    const { trip } = await tripFor();
    const cities = await t.staff.get(`/api/trips/getTrip/${trip._id}`);
    const { trip_originId: origin, trip_destinationId: destination } = cities.json();
    await t.staff.patch(`/api/origins/updateOrigin/${origin._id}`, { origin_city_ar: 'الخرطوم' });
    await t.staff.patch(`/api/destination/updateDestination/${destination._id}`, {
      destination_city_ar: 'بورتسودان',
    });
    await paid(trip, [3], [{ seat: 3, fullName: 'آمنة عثمان', idType: 'passport', idNumber: 'P4455' }]);
    const pdf = await t.staff.get(`/api/trips/manifest/${trip._id}?format=pdf`);
    const glyphs = drawnGlyphs(pdf.rawPayload);
    expect(glyphs.length).toBeGreaterThan(100);
    // Glyph 0 is the font's missing-glyph box, drawn for a character the font lacks.
    expect(glyphs.filter((glyph) => glyph === 0)).toEqual([]);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`${origin.origin_city} to ${destination.destination_city}`);
    expect(text).toMatch(/الخرطوم.*بورتسودان|بورتسودان.*الخرطوم/);
  });

  it('writes the checkpoint manifest as CSV, XLSX and PDF; names that look like formulas stay text', async () => {
    const trip = await doorTrip();
    await paid(
      trip,
      [1],
      [{ seat: 1, fullName: '=HYPERLINK("http://x","y")', idType: 'national_card', idNumber: 'NC-998877' }],
    );
    await paid(trip, [2], [{ seat: 2, fullName: 'فاطمة عثمان', idType: 'passport', idNumber: 'P0099' }]);
    const csv = await asConductor().get(`/api/trips/manifest/${trip._id}?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csv.body).toContain('فاطمة عثمان');
    // A conductor's list: ID last digits, no phones; staff with money read the whole.
    expect(csv.body).toContain('•••8877');
    expect(csv.body).not.toContain('NC998877');
    expect(csv.body).not.toContain(PASSENGER.phone);
    const full = await t.staff.get(`/api/trips/manifest/${trip._id}?format=csv`);
    expect(full.body).toContain('NC998877');
    expect(full.body).toContain(PASSENGER.phone);

    const xlsx = await asConductor().get(`/api/trips/manifest/${trip._id}?format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0].getSheetValues().flat().map(String);
    expect(values).toContain(`'=HYPERLINK("http://x","y")`);
    expect(values.some((value) => value.startsWith('='))).toBe(false);

    const pdf = await asConductor().get(`/api/trips/manifest/${trip._id}?format=pdf`);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('0099');
    expect(text).not.toContain('P0099');
    expect(text).toContain('Passenger list');
    expect((await client(t).get(`/api/trips/manifest/${trip._id}?format=csv`)).statusCode).toBe(401);
  });

  // Issue 18, item 13: the door under attack.
  it("bounds a scan's time by its trip's day and the server's receipt: a scan dated 2000 does not board first", async () => {
    const trip = await doorTrip();
    const { booking } = await paid(trip, [4]);
    const departure = departureInstant(trip.trip_date, trip.trip_boarding_time).getTime();
    const received = departure - 20 * 60_000;
    await at(received, async () => {
      const honest = new Date(departure - 40 * 60_000).toISOString();
      const first = await asConductor().post('/api/checkin/scans', {
        scans: [{ qr: codeOf(t, booking), tripId: trip._id, scannedAt: honest, deviceId: 'phone-a' }],
      });
      expect(first.json().verdicts[0].verdict).toBe('valid');
      for (const forgedTime of ['2000-01-01T00:00:00.000Z', new Date(departure + 86_400_000).toISOString()]) {
        const scans = [
          { qr: codeOf(t, booking), tripId: trip._id, scannedAt: forgedTime, deviceId: 'phone-x' },
        ];
        const late = await asConductor().post('/api/checkin/scans', { scans });
        expect(late.json().verdicts[0]).toMatchObject({
          verdict: 'already_boarded',
          firstScan: { scannedAt: honest, deviceId: 'phone-a' },
        });
        // Sent again: the same answer, no second row.
        expect((await asConductor().post('/api/checkin/scans', { scans })).json()).toEqual(late.json());
      }
      const stored = await t.database.db
        .selectFrom('scans')
        .select(['scannedAt', 'deviceId'])
        .where('bookingId', '=', booking._id)
        .orderBy('scannedAt')
        .execute();
      // Out of bounds, a scan counts at the moment the server received it.
      expect(stored).toEqual([
        { scannedAt: honest, deviceId: 'phone-a' },
        { scannedAt: new Date(received).toISOString(), deviceId: 'phone-x' },
        { scannedAt: new Date(received).toISOString(), deviceId: 'phone-x' },
      ]);
    });
  });

  it('limits the scans one account may send in an hour, counted in the database', async () => {
    const trip = await doorTrip();
    const flooder = await staffToken(
      t,
      { email: 'flood@board.rihla.test', password: 'kassala-acacia-ferry' },
      'conductor',
    );
    await assignConductor(t, t.token, flooder, { tripId: trip._id });
    const forged = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => ({
        ticketId: String(1_000_000_000_000 + from + i),
        tripId: trip._id,
        scannedAt: new Date().toISOString(),
        deviceId: 'flood',
      }));
    const tooBig = await client(t, flooder).post('/api/checkin/scans', { scans: forged(501) });
    expect(tooBig.statusCode).toBe(400);
    expect((await client(t, flooder).post('/api/checkin/scans', { scans: forged(100) })).statusCode).toBe(
      200,
    );
    const refused = await client(t, flooder).post('/api/checkin/scans', { scans: forged(1, 100) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_SCANS', limit: 100 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const kept = await t.database.db
      .selectFrom('scans')
      .select('id')
      .where('deviceId', '=', 'flood')
      .execute();
    expect(kept.length).toBe(100);
    // Another conductor's door still works.
    expect((await asConductor().post('/api/checkin/scans', { scans: forged(1, 200) })).statusCode).toBe(200);
  });

  it("gives a conductor only the trips they check (yesterday, today, tomorrow) and the door's share of them", async () => {
    const near = await doorTrip();
    const far = (await tripFor({ date: futureDate(9) })).trip;
    const ids = [{ seat: 1, fullName: 'Amna Osman', idType: 'passport', idNumber: 'P01234567' }];
    const onNear = (await paid(near, [1], ids)).booking;
    const onFar = (await paid(far, [1], ids)).booking;
    for (const url of [
      `/api/checkin/trip/${far._id}`,
      `/api/trips/manifest/${far._id}?format=csv`,
      `/api/trips/passengers/${far._id}`,
      `/api/bookings/getPassengers/${onFar._id}`,
    ]) {
      const refused = await asConductor().get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe('NOT_DOOR_TRIP');
      expect(refused.body).not.toContain('P01234567');
      expect((await t.staff.get(url)).statusCode, url).toBe(200);
    }
    const edit = await asConductor().patch(`/api/bookings/updatePassengers/${onFar._id}`, {
      passengers: ids,
    });
    expect(edit.json().code).toBe('NOT_DOOR_TRIP');

    // The trip they check: no phones (with one, a ticket id cancels as a traveller), ID last digits only.
    const list = await asConductor().get(`/api/trips/passengers/${near._id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({ ticketId: onNear.ticketId, phone: null });
    expect(list.body).not.toContain(PASSENGER.phone);
    expect((await t.staff.get(`/api/trips/passengers/${near._id}`)).json()[0].phone).toBe(PASSENGER.phone);
    const travellers = await asConductor().get(`/api/bookings/getPassengers/${onNear._id}`);
    expect(travellers.json()[0].idNumber).toBe('•••4567');
    for (const format of ['csv', 'xlsx', 'pdf']) {
      const file = await asConductor().get(`/api/trips/manifest/${near._id}?format=${format}`);
      expect(file.statusCode).toBe(200);
      const text = format === 'pdf' ? pdfText(file.rawPayload) : file.rawPayload.toString('latin1');
      expect(text).not.toContain('P01234567');
      expect(text).not.toContain(PASSENGER.phone);
    }
    // Yesterday's trip is still theirs (a late sync, the checkpoint list of last night's bus).
    await at(Date.now() + 2 * 86_400_000, async () => {
      expect((await asConductor().get(`/api/trips/passengers/${near._id}`)).statusCode).toBe(200);
    });
    await at(Date.now() + 3 * 86_400_000, async () => {
      expect((await asConductor().get(`/api/trips/passengers/${near._id}`)).statusCode).toBe(403);
    });
  });
});
