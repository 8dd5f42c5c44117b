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
  for (const stream of source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(stream[1], 'latin1')).toString('latin1');
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
  const t = useTestApp(dialect, { clock });
  let conductor: string;
  const asConductor = () => client(t, conductor);

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
    const { trip } = await makeTrip(t, t.token);
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
    const { trip } = await makeTrip(t, t.token);
    const { booking } = await paid(trip, [1, 2]);
    const done = await asConductor().patch(`/api/bookings/updatePassengers/${booking._id}`, {
      passengers: [{ seat: 2, fullName: 'Osman Idris', idType: 'national_number', idNumber: '١٢٣٤٥٦٧٨٩٠١' }],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().passengers[1]).toEqual({
      seat: 2,
      fullName: 'Osman Idris',
      idType: 'national_number',
      idNumber: '12345678901',
    });
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
    const { trip } = await makeTrip(t, t.token);
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
    const { trip } = await makeTrip(t, t.token);
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
    const { trip } = await makeTrip(t, t.token);
    const other = (await makeTrip(t, t.token)).trip;
    const good = (await paid(trip, [1])).booking;
    const elsewhere = (await paid(other, [1])).booking;
    const cancelled = (await paid(trip, [2])).booking;
    await t.staff.patch(`/api/bookings/cancelBooking/${cancelled._id}`);
    const unpaid = (await postBooking(t, bookingFields(trip, [3]))).json().booking;
    const forged = codeOf(t, good).replace(/\.1\./, '.2.');
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 6, minute)).toISOString();
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
    const called = (await makeTrip(t, t.token)).trip;
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
  });

  it('marks travellers not boarded as no-shows after departure and locks the list', async () => {
    const date = futureDate(3);
    const { trip } = await makeTrip(t, t.token, { date });
    const boarded = (await paid(trip, [1])).booking;
    const missing = (await paid(trip, [2])).booking;
    await asConductor().post('/api/checkin/scans', {
      scans: [
        { qr: codeOf(t, boarded), tripId: trip._id, scannedAt: new Date().toISOString(), deviceId: 'p' },
      ],
    });
    const departure = Date.parse(`${date}T07:00:00Z`);
    const now = clock.now();
    clock.set(new Date(departure + 30 * 60_000));
    try {
      const locked = await asConductor().patch(`/api/bookings/updatePassengers/${missing._id}`, {
        passengers: [{ seat: 2, fullName: 'Late Name' }],
      });
      expect(locked.json().code).toBe('TRIP_DEPARTED');
      expect(await closeDepartedTrips(t.database.db, clock.now(), 60)).toBe(0);
      clock.set(new Date(departure + 61 * 60_000));
      expect(await closeDepartedTrips(t.database.db, clock.now(), 60)).toBeGreaterThanOrEqual(1);
      expect(await closeDepartedTrips(t.database.db, clock.now(), 60)).toBe(0);
      const noShow = async (id: string) =>
        (await t.staff.get(`/api/bookings/getBooking/${id}`)).json().noShow;
      expect(await noShow(missing._id)).toBe(true);
      expect(await noShow(boarded._id)).toBe(false);
    } finally {
      clock.set(now);
    }
  });

  it('erases ID numbers of trips older than the retention period', async () => {
    const { trip } = await makeTrip(t, t.token);
    const { booking } = await paid(
      trip,
      [1],
      [{ seat: 1, fullName: 'Amna Osman', idType: 'passport', idNumber: 'P7654321' }],
    );
    const old = (await makeTrip(t, t.token)).trip;
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
    const { trip } = await makeTrip(t, t.token);
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
    const { trip } = await makeTrip(t, t.token);
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
    const { trip } = await makeTrip(t, t.token);
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
    expect(csv.body).toContain('NC998877');

    const xlsx = await asConductor().get(`/api/trips/manifest/${trip._id}?format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0].getSheetValues().flat().map(String);
    expect(values).toContain(`'=HYPERLINK("http://x","y")`);
    expect(values.some((value) => value.startsWith('='))).toBe(false);

    const pdf = await asConductor().get(`/api/trips/manifest/${trip._id}?format=pdf`);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('P0099');
    expect(text).toContain('Passenger list');
    expect((await client(t).get(`/api/trips/manifest/${trip._id}?format=csv`)).statusCode).toBe(401);
  });
});
