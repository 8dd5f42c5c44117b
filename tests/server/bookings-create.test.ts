// createBooking: the stored booking with its payment state and its ticket, every rule of the form (400,
// nothing stored), trips that take no bookings (404/409), the server's own total (PRICE_CHANGED) and seats
// taken meanwhile (SEATS_TAKEN).
import { DEFAULT_REFUND_RULES } from '../../shared/refund-rules.ts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { makeTrip } from './helpers/fixtures.ts';
import {
  book,
  bookedSeats,
  bookingFields,
  expectNoProofFiles,
  expectProofStored,
  khartoumDate,
  PASSENGER,
  pdfText,
  postBooking,
  proofNames,
  storedCounts,
  type TripDoc,
} from './helpers/bookings.ts';
import { PNG } from './helpers/images.ts';

const PRICE = 1500;
const SEATS = 10;
/** Minutes an unpaid hold waits for its proof (PAYMENT_PROOF_MINUTES' default). */
const PROOF_MINUTES = 30;
/** Payment fields only staff see: never in an answer to a traveller. */
const STAFF_ONLY = ['verifiedBy', 'verifiedVia', 'overrideNote', 'soldBy', 'refundPaidBy', 'rejectionNote'];

/** Checks a hold's deadline is PROOF_MINUTES after the booking was made (between `from` and `to`). */
function expectHoldDeadline(deadline: unknown, from: number, to: number) {
  expect(deadline).toEqual(expect.any(String));
  const at = Date.parse(deadline as string);
  expect(at).toBeGreaterThanOrEqual(from + PROOF_MINUTES * 60_000);
  expect(at).toBeLessThanOrEqual(to + PROOF_MINUTES * 60_000);
}
const passenger = (changes: Record<string, unknown>) => JSON.stringify({ ...PASSENGER, ...changes });
const withoutField = (name: string) => {
  const rest: Record<string, unknown> = { ...PASSENGER };
  delete rest[name];
  return JSON.stringify(rest);
};

/** [case, form fields that replace the correct ones, the exact message of the 400]. */
const REFUSED: [string, Record<string, string>, string][] = [
  ['no first name', { passengerInfo: withoutField('firstName') }, 'Please provide your personal details.'],
  [
    'a blank last name',
    { passengerInfo: passenger({ lastName: '   ' }) },
    'Please provide your personal details.',
  ],
  ['no phone', { passengerInfo: withoutField('phone') }, 'Please provide your personal details.'],
  ['an empty phone', { passengerInfo: passenger({ phone: '' }) }, 'Please provide your personal details.'],
  ['no passengerInfo at all', { passengerInfo: '' }, 'Please provide your personal details.'],
  [
    'passengerInfo that is not JSON',
    { passengerInfo: '{"firstName":' },
    'Please provide your personal details.',
  ],
  [
    'a phone of 9 digits',
    { passengerInfo: passenger({ phone: '091234567' }) },
    'Phone number must be 10 digits',
  ],
  [
    'a phone of 11 digits',
    { passengerInfo: passenger({ phone: '09123456789' }) },
    'Phone number must be 10 digits',
  ],
  [
    'a phone with letters',
    { passengerInfo: passenger({ phone: '09123456ab' }) },
    'Phone number must be 10 digits',
  ],
  [
    'a phone as a number',
    { passengerInfo: passenger({ phone: 912345678 }) },
    'Please provide your personal details.',
  ],
  [
    'a malformed email',
    { passengerInfo: passenger({ email: 'fatima@' }) },
    'Please enter a valid email address.',
  ],
  [
    'an email with spaces',
    { passengerInfo: passenger({ email: 'fa tima@x.sd' }) },
    'Please enter a valid email address.',
  ],
  ['no seats', { seats: '[]', totalTicketPrice: '0' }, 'Please select at least one seat.'],
  ['seats missing', { seats: '' }, 'Please select at least one seat.'],
  [
    'four seats',
    { seats: '[1,2,3,4]', totalTicketPrice: String(4 * PRICE) },
    'Please limit your seat selection to 3 or less.',
  ],
  ['seat 0', { seats: '[0]' }, `Seat numbers must be from 1 to ${SEATS}.`],
  ['a negative seat', { seats: '[-1]' }, `Seat numbers must be from 1 to ${SEATS}.`],
  ['a seat above the bus capacity', { seats: `[${SEATS + 1}]` }, `Seat numbers must be from 1 to ${SEATS}.`],
  ['a huge seat number', { seats: '[100000]' }, `Seat numbers must be from 1 to ${SEATS}.`],
  ['a seat that is not whole', { seats: '[1.5]' }, 'Seat numbers must be whole numbers.'],
  ['a seat given as text', { seats: '["1"]' }, 'Seat numbers must be whole numbers.'],
  [
    'a repeated seat',
    { seats: '[4,4]', totalTicketPrice: String(2 * PRICE) },
    'A seat cannot be chosen twice.',
  ],
  ['seats that are not JSON', { seats: '1,2' }, 'Please select at least one seat.'],
  ['seats as an object', { seats: '{"0":1}' }, 'Please select at least one seat.'],
  ['no trip', { tripId: '' }, 'Please choose a trip.'],
  ['a total that is not a number', { totalTicketPrice: 'abc' }, 'The total price must be a number.'],
];

describe.each(dialects)('createBooking (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let trip: TripDoc;

  beforeAll(async () => {
    trip = (await makeTrip(t, t.token, { seats: SEATS, price: PRICE })).trip;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('books seats from a multipart form and answers the stored booking with its ticket PDF', async () => {
    const before = await proofNames(t);
    const response = await postBooking(t, bookingFields(trip, [2, 3]), {
      filename: 'bankak.png',
      contentType: 'image/png',
      data: PNG,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { booking, pdfBlob } = response.json();
    expect(booking).toEqual({
      _id: expect.any(String),
      tripId: trip._id,
      ticketId: expect.stringMatching(/^\d{13}$/),
      seats: [2, 3],
      passengerInfo: PASSENGER,
      totalTicketPrice: [2 * PRICE],
      // A trip without stops: its ends (issue 23's wire contract answers the stops on every booking).
      boardingStop: 0,
      alightingStop: 1,
      bookingDate: expect.any(String),
      isCancelled: false,
      bankakScreenshot: expect.stringMatching(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/),
      // With its proof, the booking waits for staff to check it, for their review time and one proof window.
      paymentStatus: 'proof_submitted',
      reviewDeadline: expect.any(String),
      paymentDeadline: expect.any(String),
      paymentReference: null,
      paymentMethod: null,
      verifiedAt: null,
      rejectionReason: null,
      refundDue: null,
      refundPaidAt: null,
      refundReference: null,
      disruptionState: null,
      refundRules: DEFAULT_REFUND_RULES,
    });
    expect(Math.abs(Date.parse(booking.bookingDate) - Date.now())).toBeLessThan(60_000);
    const name = await expectProofStored(t, booking, PNG, 'image/png');
    expect(await proofNames(t)).toEqual([...before, name].sort());
    expectNoProofFiles(t.dataDir);

    const text = pdfText(Buffer.from(pdfBlob, 'base64'));
    expect(text).toContain(booking.ticketId);
    expect(text).toContain('Fatima');

    expect(await bookedSeats(t, trip._id)).toEqual(expect.arrayContaining([2, 3]));
    const stored = await t.staff.get(`/api/bookings/getBooking/${booking._id}`);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({
      ...booking,
      tripId: { _id: trip._id },
      ...Object.fromEntries(STAFF_ONLY.map((field) => [field, null])),
    });
  });

  it('books from a JSON body too, with no payment proof: a hold awaiting it for 30 minutes', async () => {
    const proofs = await proofNames(t);
    const from = Date.now();
    const response = await client(t).post('/api/bookings/createBooking', {
      tripId: trip._id,
      seats: [5],
      passengerInfo: { firstName: 'Omer', lastName: 'Ali', phone: '0923456789' },
      totalTicketPrice: PRICE,
      bookingDate: new Date().toISOString(),
    });
    const to = Date.now();
    expect(response.statusCode, response.body).toBe(201);
    const { booking, pdfBlob } = response.json();
    expect(booking).toMatchObject({
      tripId: trip._id,
      seats: [5],
      passengerInfo: { firstName: 'Omer', lastName: 'Ali', phone: '0923456789' },
      totalTicketPrice: [PRICE],
      isCancelled: false,
      bankakScreenshot: null,
      paymentStatus: 'awaiting_proof',
      paymentReference: null,
      paymentMethod: null,
      verifiedAt: null,
    });
    expectHoldDeadline(booking.paymentDeadline, from, to);
    for (const field of STAFF_ONLY) expect(booking).not.toHaveProperty(field);
    expect(booking.passengerInfo).not.toHaveProperty('email');
    expect(await proofNames(t)).toEqual(proofs);
    expect(pdfText(Buffer.from(pdfBlob, 'base64'))).toContain(booking.ticketId);
  });

  it('ignores fields the server owns when a client sends them (ticket id, cancelled, proof path, payment state, _id)', async () => {
    const { trip: own } = await makeTrip(t, t.token, { seats: 4 });
    const response = await postBooking(
      t,
      bookingFields(own, [3], {
        _id: 'chosen-id',
        ticketId: '1234567890123',
        isCancelled: 'true',
        bankakScreenshot: '/api/uploads/../../rihla.db',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { booking } = response.json();
    expect(booking._id).not.toBe('chosen-id');
    expect(booking.ticketId).not.toBe('1234567890123');
    expect(booking.isCancelled).toBe(false);
    expect(booking.bankakScreenshot).toBeNull();
    expect(await bookedSeats(t, own._id)).toEqual([3]);

    // The payment's state is the server's too (a JSON body: the multipart form takes at most 10 fields).
    const from = Date.now();
    const paid = await client(t).post('/api/bookings/createBooking', {
      tripId: own._id,
      seats: [2],
      passengerInfo: PASSENGER,
      totalTicketPrice: own.trip_ticket_priceId.price,
      bookingDate: new Date().toISOString(),
      paymentStatus: 'verified',
      paymentDeadline: '2099-01-01T00:00:00.000Z',
      verifiedAt: '2026-01-01T00:00:00.000Z',
      verifiedBy: 'someone',
      verifiedVia: 'counter',
      soldBy: 'someone',
      refundDue: 100,
    });
    const to = Date.now();
    expect(paid.statusCode, paid.body).toBe(201);
    const claimed = paid.json().booking;
    expect(claimed).toMatchObject({ paymentStatus: 'awaiting_proof', verifiedAt: null, refundDue: null });
    expectHoldDeadline(claimed.paymentDeadline, from, to);
    const stored = (await t.staff.get(`/api/bookings/getBooking/${claimed._id}`)).json();
    expect(stored).toMatchObject({
      paymentStatus: 'awaiting_proof',
      paymentDeadline: claimed.paymentDeadline,
      verifiedBy: null,
      verifiedVia: null,
      soldBy: null,
    });
    expect(await bookedSeats(t, own._id)).toEqual([2, 3]);
  });

  it('books without a payment proof from a multipart form (bankakScreenshot null, awaiting it)', async () => {
    const from = Date.now();
    const booking = await book(t, trip, [6]);
    expect(booking.bankakScreenshot).toBeNull();
    expect(booking.paymentStatus).toBe('awaiting_proof');
    expectHoldDeadline(booking.paymentDeadline, from, Date.now());
  });

  it.each(REFUSED)('answers 400 and stores nothing for %s', async (_case, changes, message) => {
    const before = await storedCounts(t);
    const proofs = await proofNames(t);
    const response = await postBooking(t, bookingFields(trip, [7], changes), {
      filename: 'proof.png',
      contentType: 'image/png',
      data: PNG,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await storedCounts(t)).toEqual(before);
    expect(await proofNames(t)).toEqual(proofs);
    expectNoProofFiles(t.dataDir);
  });

  it('answers 400 for a JSON body that is not an object, never 500', async () => {
    for (const payload of [[1, 2], 'text', null]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/createBooking',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it.each([
    [
      'a body cut off mid-field',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="tripId"\r\n\r\nabc',
    ],
    [
      'a body cut off mid-file',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="bankakScreenshot"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    ],
    [
      'a part without headers',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nGarbage\r\n\r\nabc\r\n--xyz--\r\n',
    ],
    ['no boundary in the body', 'multipart/form-data; boundary=xyz', 'hello'],
    ['no boundary parameter', 'multipart/form-data', '--xyz\r\n\r\n--xyz--'],
  ])('answers 4xx with a message, never 500, for a broken form: %s', async (_case, contentType, payload) => {
    const before = await storedCounts(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/createBooking',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await storedCounts(t)).toEqual(before);
  });

  it('answers 415 for an unknown content type, 400 for plain text or no body', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/createBooking',
      headers: { 'content-type': 'application/xml' },
      payload: '<booking/>',
    });
    expect(xml.statusCode).toBe(415);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/createBooking',
      headers: { 'content-type': 'text/plain' },
      payload: 'seats=1',
    });
    expect(text.statusCode).toBe(400);
    const none = await t.app.inject({ method: 'POST', url: '/api/bookings/createBooking' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please choose a trip.');
  });

  it('accepts a phone typed with Arabic-Indic digits, spaces or dashes, and stores 10 plain digits', async () => {
    for (const [phone, seat] of [
      ['٠٩١٢٣٤٥٦٧٨', 8],
      ['۰۹۱۲۳۴۵۶۷۸', 9],
      ['091-234 5678', 10],
    ] as const) {
      const booking = await book(t, trip, [seat], { passengerInfo: passenger({ phone }) });
      expect(booking.passengerInfo.phone).toBe('0912345678');
    }
  });

  it('stores names without control or bidi-override characters, and the email in lower case', async () => {
    const booking = await book(t, trip, [4], {
      passengerInfo: passenger({ firstName: ' \u202eFatima\u0000 ', email: ' Fatima@Example.COM ' }),
    });
    expect(booking.passengerInfo).toEqual({ ...PASSENGER, firstName: 'Fatima', email: 'fatima@example.com' });
  });

  it('answers 404 for a trip that does not exist, storing nothing', async () => {
    const before = await storedCounts(t);
    const response = await postBooking(t, bookingFields({ ...trip, _id: 'no-such-trip-0000' }, [1]));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await storedCounts(t)).toEqual(before);
  });

  it('answers 409 TRIP_UNAVAILABLE for a cancelled trip', async () => {
    const { trip: cancelled } = await makeTrip(t, t.token, { seats: 4 });
    expect((await t.staff.patch(`/api/trips/cancelTrip/${cancelled._id}`)).statusCode).toBe(200);
    const response = await postBooking(t, bookingFields(cancelled, [1]));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'TRIP_UNAVAILABLE',
      message: expect.stringMatching(/cancelled/),
    });
    expect(await storedCounts(t, cancelled._id)).toEqual({ bookings: 0, seats: 0 });
  });

  it('answers 409 TRIP_UNAVAILABLE for a trip that departed yesterday (Khartoum calendar)', async () => {
    const { trip: yesterday } = await makeTrip(t, t.token, {
      seats: 4,
      date: khartoumDate(-1),
      time: '7:00 pm',
    });
    const response = await postBooking(t, bookingFields(yesterday, [1]));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'TRIP_UNAVAILABLE',
      message: expect.stringMatching(/departed/),
    });
    expect(await storedCounts(t, yesterday._id)).toEqual({ bookings: 0, seats: 0 });
  });

  it("judges today's departure on Khartoum's clock (UTC+2): bookable at 8:59, departed at 9:00", async () => {
    const today = khartoumDate(0);
    const { trip: morning } = await makeTrip(t, t.token, { seats: 4, date: today, time: '9:00 am' });
    // Only Date is faked: 06:59 UTC is 8:59 in Khartoum, one minute before boarding.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(`${today}T06:59:00Z`) });
    const before = await postBooking(t, bookingFields(morning, [1]));
    expect(before.statusCode, before.body).toBe(201);
    vi.setSystemTime(Date.parse(`${today}T07:00:00Z`));
    const after = await postBooking(t, bookingFields(morning, [2]));
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('TRIP_UNAVAILABLE');
    vi.useRealTimers();
    expect(await bookedSeats(t, morning._id)).toEqual([1]);
  });

  it('answers 409 PRICE_CHANGED with the right total when the client total differs, storing nothing', async () => {
    const before = await storedCounts(t);
    const response = await postBooking(t, bookingFields(trip, [1, 4], { totalTicketPrice: String(PRICE) }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      totalTicketPrice: 2 * PRICE,
      price: PRICE,
      message: expect.stringContaining(String(2 * PRICE)),
    });
    expect(await storedCounts(t)).toEqual(before);
  });

  it('answers PRICE_CHANGED with the new total after staff change the price, then books at it', async () => {
    const made = await makeTrip(t, t.token, { seats: 4, price: 2000 });
    const oldTotal = bookingFields(made.trip, [1, 2]).totalTicketPrice;
    const patch = await t.staff.patch(`/api/prices/updatePrice/${made.price._id}`, { price: 2500 });
    expect(patch.statusCode, patch.body).toBe(200);
    const response = await postBooking(t, bookingFields(made.trip, [1, 2], { totalTicketPrice: oldTotal }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PRICE_CHANGED', totalTicketPrice: 5000, price: 2500 });
    const booking = await book(t, made.trip, [1, 2], { totalTicketPrice: '5000' });
    expect(booking.totalTicketPrice).toEqual([5000]);
  });

  it('computes the total itself when the client sends none', async () => {
    const booking = await book(t, trip, [1], { totalTicketPrice: '' });
    expect(booking.totalTicketPrice).toEqual([PRICE]);
  });

  it('answers 409 SEATS_TAKEN naming the taken seats, storing nothing (not the proof either)', async () => {
    const { trip: small } = await makeTrip(t, t.token, { seats: 6, price: 100 });
    await book(t, small, [4, 5]);
    const before = await storedCounts(t);
    const proofs = await proofNames(t);

    const one = await postBooking(t, bookingFields(small, [5, 6]), {
      filename: 'proof.png',
      contentType: 'image/png',
      data: PNG,
    });
    expect(one.statusCode).toBe(409);
    expect(one.json()).toMatchObject({
      code: 'SEATS_TAKEN',
      takenSeats: [5],
      message: expect.stringContaining('5'),
    });

    const two = await postBooking(t, bookingFields(small, [6, 5, 4]));
    expect(two.statusCode).toBe(409);
    expect(two.json()).toMatchObject({ code: 'SEATS_TAKEN', takenSeats: [4, 5] });
    expect(two.json().message).toMatch(/4, 5/);

    expect(await storedCounts(t)).toEqual(before);
    expect(await proofNames(t)).toEqual(proofs);
    expectNoProofFiles(t.dataDir);
    expect(await bookedSeats(t, small._id)).toEqual([4, 5]);
    // Seat 6 was never held by the refused bookings.
    expect((await book(t, small, [6])).seats).toEqual([6]);
  });
});
