// What each sold seat of a trip stands at, as the staff trip page and the checkpoint manifest show it: its
// payment (paid online or at the counter, a proof to check, awaiting a proof, a rejected proof) and its boarding
// (the first boarding scan's time, or not yet), for every booking of the trip.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { bookingFields, PASSENGER, pdfText, postBooking } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { bookWithProof, type Doc, newPhone } from './helpers/payments.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { assignConductor } from './helpers/conductors.ts';
import { useTestApp } from './helpers/use-test-app.ts';

// The trip's day, 8:00 in Khartoum (06:00 UTC): its 9:00 am bus has not left; the door's scans are of today.
const DAY = '2026-12-02';
const clock = new ManualClock(new Date(`${DAY}T06:00:00.000Z`));

describe.each(dialects)('trip seat states (%s)', (dialect) => {
  const t = useTestApp(dialect, { clock });

  /** A trip with one booking in each state; answers the trip and the bookings by state. */
  let made = 0;
  async function tripOfEveryState() {
    const { trip } = await makeTrip(t, t.token, { date: DAY, time: '9:00 am' });
    const ref = (name: string) => `TRX-${name}-${++made}`;
    const counter = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [1],
      passengerInfo: PASSENGER,
      paymentMethod: 'cash',
    });
    expect(counter.statusCode, counter.body).toBe(201);
    const boarded = counter.json().booking as Doc;
    const paid = await bookWithProof(t, trip, [2], ref('PAID'));
    expect((await t.staff.patch(`/api/bookings/verifyPayment/${paid._id}`)).statusCode).toBe(200);
    await bookWithProof(t, trip, [3, 4], ref('PROOF'));
    const rejected = await bookWithProof(t, trip, [5], ref('REJECTED'));
    const refused = await t.staff.patch(`/api/bookings/rejectPayment/${rejected._id}`, { reason: 'other' });
    expect(refused.statusCode, refused.body).toBe(200);
    const unpaid = await postBooking(
      t,
      bookingFields(trip, [6], { passengerInfo: JSON.stringify({ ...PASSENGER, phone: newPhone() }) }),
    );
    expect(unpaid.statusCode, unpaid.body).toBe(201);
    const cancelled = await bookWithProof(t, trip, [7], ref('CANCELLED'));
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${cancelled._id}`)).statusCode).toBe(200);

    const conductor = await staffToken(
      t,
      { email: `conductor-${dialect}@seats.rihla.test`, password: 'kassala-acacia-ferry' },
      'conductor',
    );
    await assignConductor(t, t.token, conductor, { tripId: trip._id });
    const code = t.app.ticketSigner.code({
      ticketId: boarded.ticketId,
      tripId: boarded.tripId,
      seats: boarded.seats,
    });
    // Two phones boarded it: the earlier scan is its boarding. 04:05 UTC is 06:05 in Khartoum.
    const scans = await client(t, conductor).post('/api/checkin/scans', {
      scans: [
        { qr: code, tripId: trip._id, scannedAt: '2026-12-02T04:09:00.000Z', deviceId: 'phone-b' },
        { qr: code, tripId: trip._id, scannedAt: '2026-12-02T04:05:00.000Z', deviceId: 'phone-a' },
      ],
    });
    expect(scans.statusCode, scans.body).toBe(200);
    return { trip };
  }

  it("answers each seat's payment and boarding on the trip's passenger list", async () => {
    const { trip } = await tripOfEveryState();
    const response = await t.staff.get(`/api/trips/passengers/${trip._id}`);
    expect(response.statusCode, response.body).toBe(200);
    const seats = Object.fromEntries(
      (response.json() as Doc[]).map((row) => [
        row.seat,
        {
          paymentStatus: row.paymentStatus,
          verifiedVia: row.verifiedVia,
          boardedAt: row.boardedAt,
          noShow: row.noShow,
          isCancelled: row.isCancelled,
        },
      ]),
    );
    const waiting = { verifiedVia: null, boardedAt: null, noShow: false, isCancelled: false };
    expect(seats).toEqual({
      1: {
        paymentStatus: 'verified',
        verifiedVia: 'counter',
        boardedAt: '2026-12-02T04:05:00.000Z',
        noShow: false,
        isCancelled: false,
      },
      2: { ...waiting, paymentStatus: 'verified', verifiedVia: 'review' },
      3: { ...waiting, paymentStatus: 'proof_submitted' },
      4: { ...waiting, paymentStatus: 'proof_submitted' },
      5: { ...waiting, paymentStatus: 'rejected' },
      6: { ...waiting, paymentStatus: 'awaiting_proof' },
      7: { ...waiting, paymentStatus: 'proof_submitted', isCancelled: true },
    });
    // Live seats first, then the cancelled ones, each by seat.
    expect((response.json() as Doc[]).map((row) => row.seat)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('writes a payment column and the boarding time (Khartoum) in the manifest, CSV, XLSX and PDF', async () => {
    const { trip } = await tripOfEveryState();
    const csv = await t.staff.get(`/api/trips/manifest/${trip._id}?format=csv`);
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    const header = rows[0];
    const payment = header.indexOf('Payment / الدفع');
    const boarded = header.indexOf('Boarded / ركب');
    expect(payment).toBeGreaterThan(0);
    const bySeat = Object.fromEntries(rows.slice(1).map((row) => [row[0], [row[payment], row[boarded]]]));
    expect(bySeat).toEqual({
      1: ['Paid at the counter / مدفوع في مكتب الحجز', '06:05'],
      2: ['Paid / مدفوع', ''],
      3: ['Proof to check / إشعار للمراجعة', ''],
      4: ['Proof to check / إشعار للمراجعة', ''],
      5: ['Proof rejected / إشعار مرفوض', ''],
      6: ['Awaiting proof / بانتظار الإشعار', ''],
    });

    const xlsx = await t.staff.get(`/api/trips/manifest/${trip._id}?format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = sheet.getSheetValues().flat().map(String);
    expect(values).toContain('Payment / الدفع');
    expect(values).toContain('Proof rejected / إشعار مرفوض');

    const pdfBytes = (await t.staff.get(`/api/trips/manifest/${trip._id}?format=pdf`)).rawPayload;
    const pdf = pdfText(pdfBytes);
    expect(pdf).toContain('Payment');
    expect(pdf).toContain('الدفع');
    // A seat's line, with the payment's English above it and its Arabic below (two small lines in the cell).
    const lines = pdf.split('\n');
    const line = (seat: number) => {
      const at = lines.findIndex((text) => new RegExp(`^\\s*${seat}\\s`).test(text));
      return at < 0 ? '' : lines.slice(at - 1, at + 2).join('\n');
    };
    expect(line(1)).toContain('Paid at the counter');
    expect(line(1)).toContain('06:05');
    expect(line(2)).toMatch(/\bPaid\n/);
    expect(line(3)).toContain('Proof to check');
    expect(line(5)).toContain('Proof rejected');
    expect(line(6)).toContain('Awaiting proof');
    for (const words of ['مدفوع', 'إشعار للمراجعة', 'إشعار مرفوض', 'بانتظار الإشعار'])
      expect(pdf).toContain(words);
  });
});
