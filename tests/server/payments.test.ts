// A booking's payment, through the real API on a real database, with a clock the tests move: holds with a
// deadline, a proof sent later, staff verifying or rejecting, lapsed holds expiring (by the sweep, or by a
// sale that wants the seat), duplicate proofs, limits on unpaid holds, counter sales, refunds.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { BOARDING_TIMES, boardingMinutes } from '../../shared/rules.ts';
import { bookingContext, expireLapsedHolds } from '../../server/sales/index.ts';
import { bookingFields, PASSENGER, pdfText, postBooking } from './helpers/bookings.ts';
import { futureDate, makeTrip } from './helpers/fixtures.ts';
import { makePng, PNG } from './helpers/images.ts';
import { multipart } from './helpers/multipart.ts';
import { client, dialects, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const MINUTE = 60_000;
let phoneCounter = 0;
/** A phone no other booking of this file used, so the per-phone limit counts only this test's bookings. */
const newPhone = () =>
  `09${String(Date.now() % 1e6).padStart(6, '0')}${String(++phoneCounter).padStart(2, '0')}`;

type Trip = Awaited<ReturnType<typeof makeTrip>>['trip'];

function book(
  t: TestApp,
  trip: Trip,
  seats: number[],
  options: { phone?: string; proof?: Buffer; reference?: string; method?: string } = {},
) {
  const phone = options.phone ?? newPhone();
  const fields = bookingFields(trip, seats, {
    passengerInfo: JSON.stringify({ ...PASSENGER, phone }),
    ...(options.reference ? { paymentReference: options.reference } : {}),
    ...(options.method ? { paymentMethod: options.method } : {}),
  });
  return postBooking(
    t,
    fields,
    options.proof && { filename: 'proof.png', contentType: 'image/png', data: options.proof },
  );
}

async function booked(t: TestApp, trip: Trip, seats: number[], options: Parameters<typeof book>[3] = {}) {
  const response = await book(t, trip, seats, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().booking as Record<string, any>;
}

function sendProof(
  t: TestApp,
  booking: Record<string, any>,
  image: Buffer | null = uniquePng(),
  reference = 'TRX 1234 5678',
) {
  const { payload, headers } = multipart(
    {
      ticketId: booking.ticketId,
      phone: booking.passengerInfo.phone,
      paymentReference: reference,
      paymentMethod: 'bankak',
    },
    image ? { filename: 'shot.png', contentType: 'image/png', data: image } : undefined,
  );
  return t.app.inject({ method: 'POST', url: '/api/bookings/submitProof', payload, headers });
}

let colour = 0;
/** A real PNG no other booking of this file sent (the same image twice is flagged as a duplicate proof). */
const uniquePng = () => {
  colour++;
  return makePng(2, 2, [colour % 256, Math.floor(colour / 256) % 256, 77]);
};

const seatsOf = async (t: TestApp, tripId: string) =>
  (await client(t).get(`/api/trips/getTrip/${tripId}`)).json().bookedSeats as number[];

describe.each(dialects)('payments (%s)', (dialect) => {
  const clock = new ManualClock();
  const t = useTestApp(dialect, {
    clock,
    env: {
      MAX_UNPAID_BOOKINGS_PER_PHONE: '2',
      MAX_UNPAID_SHARE: '0.5',
      PAYMENT_PROOF_MINUTES: '30',
      PROOF_REVIEW_MINUTES: '120',
    },
  });
  const sweep = () => expireLapsedHolds(bookingContext(t.app));
  const trip = async (seats = 40, days = 5) =>
    (await makeTrip(t, t.token, { seats, date: futureDate(days) })).trip;
  const verify = (id: string, body?: unknown) => t.staff.patch(`/api/bookings/verifyPayment/${id}`, body);

  it('holds the seats of a booking without proof until its deadline, 30 minutes ahead', async () => {
    const booking = await booked(t, await trip(), [1]);
    expect(booking.paymentStatus).toBe('awaiting_proof');
    expect(Date.parse(booking.paymentDeadline) - clock.now().getTime()).toBe(30 * MINUTE);
    expect(booking).not.toHaveProperty('verifiedBy');
  });

  it('never sets a deadline after the trip departs', async () => {
    const soon = (await makeTrip(t, t.token, { date: futureDate(1), time: '9:00 am' })).trip;
    const departure = Date.parse(`${soon.trip_date}T07:00:00Z`); // 9:00 in Khartoum (UTC+2)
    const before = clock.now();
    clock.set(new Date(departure - 10 * MINUTE));
    try {
      const booking = await booked(t, soon, [1]);
      expect(Date.parse(booking.paymentDeadline)).toBe(departure);
    } finally {
      clock.set(before);
    }
  });

  it('takes a proof with the booking: proof_submitted for the review time, then awaiting_proof one proof window more, reference normalised', async () => {
    const own = await trip();
    const booking = await booked(t, own, [2], {
      proof: uniquePng(),
      reference: 'bk 77 12',
      method: 'bankak',
    });
    expect(booking).toMatchObject({
      paymentStatus: 'proof_submitted',
      paymentReference: 'BK7712',
      paymentMethod: 'bankak',
    });
    expect(Date.parse(booking.reviewDeadline) - clock.now().getTime()).toBe(120 * MINUTE);
    expect(Date.parse(booking.paymentDeadline) - clock.now().getTime()).toBe(150 * MINUTE);
    clock.advance(119 * MINUTE);
    await sweep();
    const read = async () => (await t.staff.get(`/api/bookings/getBooking/${booking._id}`)).json();
    expect(await read()).toMatchObject({ paymentStatus: 'proof_submitted', isCancelled: false });
    // Its review time over, it waits for a proof again until its own deadline, the proof kept.
    clock.advance(30 * MINUTE);
    await sweep();
    expect(await read()).toMatchObject({
      paymentStatus: 'awaiting_proof',
      isCancelled: false,
      bankakScreenshot: booking.bankakScreenshot,
      rejectionReason: null,
    });
    expect(await seatsOf(t, own._id)).toContain(2);
    clock.advance(2 * MINUTE);
    await sweep();
    expect((await t.staff.get(`/api/bookings/getBooking/${booking._id}`)).json()).toMatchObject({
      paymentStatus: 'expired',
      isCancelled: true,
    });
    expect(await seatsOf(t, own._id)).not.toContain(2);
  });

  it('takes a proof sent later, once, from the traveller who proves the booking', async () => {
    const booking = await booked(t, await trip(), [3]);
    expect((await sendProof(t, { ...booking, ticketId: '1234567890123' })).statusCode).toBe(404);
    const missing = await sendProof(t, booking, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.bankakScreenshot).toBeDefined();
    const sent = await sendProof(t, booking);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ paymentStatus: 'proof_submitted', paymentReference: 'TRX12345678' });
    expect(sent.json().bankakScreenshot).toMatch(/^\/api\/uploads\//);
    const again = await sendProof(t, booking);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PROOF_NOT_WANTED', paymentStatus: 'proof_submitted' });
  });

  it('lets staff verify a proof once; the ticket then says PAID', async () => {
    const booking = await booked(t, await trip(), [4], { proof: uniquePng(), reference: 'V-1' });
    const pending = await client(t).get(
      `/api/bookings/ticket?ticketId=${booking.ticketId}&phone=${booking.passengerInfo.phone}`,
    );
    expect(pdfText(pending.rawPayload)).toContain('PAYMENT PENDING');
    expect((await client(t).patch(`/api/bookings/verifyPayment/${booking._id}`)).statusCode).toBe(401);
    const verified = await verify(booking._id);
    expect(verified.statusCode, verified.body).toBe(200);
    const me = (await t.staff.get('/api/auth/user')).json();
    expect(verified.json()).toMatchObject({
      paymentStatus: 'verified',
      verifiedBy: me._id,
      verifiedVia: 'review',
    });
    expect(verified.json().verifiedAt).toBe(clock.now().toISOString());
    const twice = await verify(booking._id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_DECIDED' });
    const paid = await client(t).get(
      `/api/bookings/ticket?ticketId=${booking.ticketId}&phone=${booking.passengerInfo.phone}`,
    );
    const text = pdfText(paid.rawPayload);
    expect(text).toContain('PAID');
    expect(text).not.toContain('PAYMENT PENDING');
  });

  it('rejects with a reason and a fresh deadline; the traveller sends a new proof', async () => {
    const booking = await booked(t, await trip(), [5], { proof: uniquePng(), reference: 'R-1' });
    const bad = await t.staff.patch(`/api/bookings/rejectPayment/${booking._id}`, { reason: 'looks fake' });
    expect(bad.statusCode).toBe(400);
    const rejected = await t.staff.patch(`/api/bookings/rejectPayment/${booking._id}`, {
      reason: 'amount_wrong',
      note: 'Paid 40,000 of 45,000',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ paymentStatus: 'rejected', rejectionReason: 'amount_wrong' });
    expect(Date.parse(rejected.json().paymentDeadline) - clock.now().getTime()).toBe(30 * MINUTE);
    expect(
      (await t.staff.patch(`/api/bookings/rejectPayment/${booking._id}`, { reason: 'other' })).statusCode,
    ).toBe(409);
    const lookup = (
      await client(t).get(
        `/api/bookings/filterBookings?ticketId=${booking.ticketId}&phone=${booking.passengerInfo.phone}`,
      )
    ).json()[0];
    expect(lookup).toMatchObject({ paymentStatus: 'rejected', rejectionReason: 'amount_wrong' });
    expect(lookup).not.toHaveProperty('rejectionNote');
    const resent = await sendProof(t, booking, uniquePng(), 'R-2');
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ paymentStatus: 'proof_submitted', rejectionReason: null });
    const review = (await t.staff.get(`/api/payments/getPayment/${booking._id}`)).json();
    expect(review.proofs).toHaveLength(2);
  });

  it('expires an unpaid hold after its deadline: cancelled, seats free; verified and reviewed ones stay', async () => {
    const own = await trip();
    const unpaid = await booked(t, own, [6]);
    const reviewed = await booked(t, own, [7], { proof: uniquePng(), reference: 'E-2' });
    const paid = await booked(t, own, [8], { proof: uniquePng(), reference: 'E-3' });
    expect((await verify(paid._id)).statusCode).toBe(200);
    clock.advance(29 * MINUTE);
    await sweep();
    expect(await seatsOf(t, own._id)).toEqual([6, 7, 8]);
    clock.advance(2 * MINUTE);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await seatsOf(t, own._id)).toEqual([7, 8]);
    const expired = (await t.staff.get(`/api/bookings/getBooking/${unpaid._id}`)).json();
    expect(expired).toMatchObject({ paymentStatus: 'expired', isCancelled: true });
    expect((await sendProof(t, unpaid)).json()).toMatchObject({
      code: 'PROOF_NOT_WANTED',
      paymentStatus: 'expired',
    });
    expect((await verify(reviewed._id)).statusCode).toBe(200);
  });

  it('sells a lapsed hold at once, before any sweep; a late proof for it is refused', async () => {
    const own = await trip();
    const first = await booked(t, own, [9, 10]);
    clock.advance(31 * MINUTE);
    const second = await booked(t, own, [10]);
    expect(second.seats).toEqual([10]);
    expect((await t.staff.get(`/api/bookings/getBooking/${first._id}`)).json()).toMatchObject({
      paymentStatus: 'expired',
      isCancelled: true,
    });
    expect(await seatsOf(t, own._id)).toEqual([10]);
    expect((await sendProof(t, first)).statusCode).toBe(409);
  });

  it('shows a traveller a lapsed hold as expired', async () => {
    const booking = await booked(t, await trip(), [11]);
    clock.advance(31 * MINUTE);
    const [found] = (
      await client(t).get(
        `/api/bookings/filterBookings?ticketId=${booking.ticketId}&phone=${booking.passengerInfo.phone}`,
      )
    ).json();
    expect(found).toMatchObject({ paymentStatus: 'expired', isCancelled: true });
  });

  it('flags a reference or an image used by another booking; verifying it needs an override with a note', async () => {
    const own = await trip();
    const image = uniquePng();
    const a = await booked(t, own, [12], { proof: image, reference: 'DUP-1' });
    const b = await booked(t, own, [13], { proof: uniquePng(), reference: 'dup 1' });
    const c = await booked(t, own, [14], { proof: image, reference: 'OTHER-9' });
    const refused = await verify(b._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DUPLICATE_PROOF');
    expect(refused.json().flags.duplicateReference.map((x: { _id: string }) => x._id)).toEqual([a._id]);
    const review = (await t.staff.get(`/api/payments/getPayment/${c._id}`)).json();
    expect(review.flags.duplicateImage.map((x: { _id: string }) => x._id)).toEqual([a._id]);
    expect((await verify(c._id, { override: true })).statusCode).toBe(400);
    const overridden = await verify(c._id, {
      override: true,
      note: 'Checked the bank app with the traveller',
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json().overrideNote).toBe('Checked the bank app with the traveller');
  });

  it('limits unpaid bookings per phone, and unpaid seats per trip; nothing is stored beyond', async () => {
    const own = await trip(10);
    const phone = newPhone();
    const one = await booked(t, own, [1], { phone });
    await booked(t, own, [2], { phone });
    const count = async () =>
      Number(
        (await t.staff.get(`/api/bookings/getAllBookings?tripId=${own._id}&_start=0&_end=1`)).headers[
          'x-total-count'
        ],
      );
    const before = await count();
    const third = await book(t, own, [3], { phone });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'UNPAID_LIMIT', scope: 'phone', limit: 2 });
    expect(await count()).toBe(before);
    expect((await verify(one._id, { note: 'Paid in cash at the office' })).statusCode).toBe(200);
    await booked(t, own, [3], { phone });
    // 10 seats, half may be held unpaid: seats 2 and 3 are, so three more fit and a fourth does not.
    await booked(t, own, [4, 5, 6]);
    const over = await book(t, own, [7]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'UNPAID_LIMIT', scope: 'trip', limit: 5 });
  });

  it('sells at the counter: paid at once, recorded against the staff member, beyond the unpaid limits', async () => {
    const own = await trip(4);
    const body = (seats: number[]) => ({
      tripId: own._id,
      seats,
      passengerInfo: { ...PASSENGER, phone: '0911000000' },
      paymentMethod: 'cash',
    });
    expect((await client(t).post('/api/bookings/counterSale', body([1]))).statusCode).toBe(401);
    const sold = await t.staff.post('/api/bookings/counterSale', body([1, 2, 3]));
    expect(sold.statusCode, sold.body).toBe(201);
    const me = (await t.staff.get('/api/auth/user')).json();
    expect(sold.json().booking).toMatchObject({ paymentStatus: 'verified', paymentMethod: 'cash' });
    const stored = (await t.staff.get(`/api/bookings/getBooking/${sold.json().booking._id}`)).json();
    expect(stored).toMatchObject({ soldBy: me._id, verifiedBy: me._id, verifiedVia: 'counter' });
    expect(pdfText(Buffer.from(sold.json().pdfBlob, 'base64'))).toContain('PAID');
    expect(
      (await t.staff.post('/api/bookings/counterSale', { ...body([4]), paymentMethod: 'gold' })).statusCode,
    ).toBe(400);
  });

  it('records the refund owed when a paid booking is cancelled, until staff mark it paid', async () => {
    const own = await trip();
    const booking = await booked(t, own, [15], { proof: uniquePng(), reference: 'RF-1' });
    const unpaid = await booked(t, own, [16]);
    expect((await verify(booking._id)).statusCode).toBe(200);
    // Days before departure: the first tier of the default refund rules keeps 10 %.
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`)).json().refundDue).toBe(
      Math.round(booking.totalTicketPrice[0] * 0.9),
    );
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${unpaid._id}`)).json().refundDue).toBeNull();
    const due = await t.staff.get('/api/payments/getRefunds?_start=0&_end=100');
    expect(due.json().map((b: { _id: string }) => b._id)).toContain(booking._id);
    expect(
      (await t.staff.patch(`/api/payments/markRefundPaid/${unpaid._id}`, { refundReference: 'X' }))
        .statusCode,
    ).toBe(409);
    const paid = await t.staff.patch(`/api/payments/markRefundPaid/${booking._id}`, {
      refundReference: 'BK-REF-9',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      refundReference: 'BK-REF-9',
      refundPaidAt: clock.now().toISOString(),
    });
    expect(
      (await t.staff.patch(`/api/payments/markRefundPaid/${booking._id}`, { refundReference: 'Y' }))
        .statusCode,
    ).toBe(409);
    const done = await t.staff.get('/api/payments/getRefunds?status=paid&_start=0&_end=100');
    expect(done.json().map((b: { _id: string }) => b._id)).toContain(booking._id);
  });

  it('answers 409 to a decision on a cancelled booking', async () => {
    const booking = await booked(t, await trip(), [17], { proof: uniquePng(), reference: 'C-1' });
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`)).statusCode).toBe(200);
    const late = await verify(booking._id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('BOOKING_CANCELLED');
  });

  it('queues proofs waiting, the trip leaving first first, with the count', async () => {
    const later = await trip(40, 9);
    const sooner = await trip(40, 8);
    const a = await booked(t, later, [1], { proof: uniquePng(), reference: 'Q-1' });
    const b = await booked(t, sooner, [1], { proof: uniquePng(), reference: 'Q-2' });
    const queue = await t.staff.get('/api/payments/getQueue?_start=0&_end=200');
    expect(queue.statusCode).toBe(200);
    const ids = queue.json().map((x: { _id: string }) => x._id);
    expect(ids.indexOf(b._id)).toBeLessThan(ids.indexOf(a._id));
    expect(Number(queue.headers['x-total-count'])).toBe(ids.length);
    expect(queue.json().every((x: { paymentStatus: string }) => x.paymentStatus === 'proof_submitted')).toBe(
      true,
    );
  });
});

describe.each(dialects)('the payments queue in departure order (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const queue = async () =>
    (await t.staff.get('/api/payments/getQueue?_start=0&_end=200')).json().map((x: { _id: string }) => x._id);
  const proof = async (trip: Trip, reference: string) =>
    (await booked(t, trip, [1], { proof: uniquePng(), reference }))._id as string;

  it('orders by date, then boarding time in the day, and follows a trip that moves', async () => {
    const [morning, evening] = [...BOARDING_TIMES].sort((a, b) => boardingMinutes(a) - boardingMinutes(b));
    const later = (await makeTrip(t, t.token, { date: futureDate(7), time: morning })).trip;
    const eveningTrip = (await makeTrip(t, t.token, { date: futureDate(6), time: evening })).trip;
    const morningTrip = (await makeTrip(t, t.token, { date: futureDate(6), time: morning })).trip;
    const c = await proof(later, 'D-3');
    const b = await proof(eveningTrip, 'D-2');
    const a = await proof(morningTrip, 'D-1');
    expect(await queue()).toEqual([a, b, c]);
    // The database keeps each booking's departure: a trip moved (date or time) moves its proofs in the queue.
    const move = async (trip: Trip, change: Record<string, string>) => {
      const response = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, change);
      expect(response.statusCode, response.body).toBe(200);
    };
    await move(later, { trip_date: futureDate(3) });
    expect(await queue()).toEqual([c, a, b]);
    await move(eveningTrip, { trip_boarding_time: morning });
    await move(morningTrip, { trip_boarding_time: evening });
    expect(await queue()).toEqual([c, b, a]);
    expect((await t.staff.patch(`/api/bookings/verifyPayment/${c}`)).statusCode).toBe(200);
    expect(await queue()).toEqual([b, a]);
  });
});

describe.each(dialects)('payment proofs per address (%s)', (dialect) => {
  const t = useTestApp(dialect, { env: { PROOF_BYTES_PER_IP_PER_HOUR: String(3 * PNG.length) } });

  it('refuses proofs beyond the bytes one address may send in an hour, storing nothing', async () => {
    const { trip } = await makeTrip(t, t.token);
    for (const seat of [1, 2, 3]) expect((await book(t, trip, [seat], { proof: PNG })).statusCode).toBe(201);
    const stored = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('payment_proofs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    const before = await stored();
    const refused = await book(t, trip, [4], { proof: PNG });
    expect(refused.statusCode).toBe(429);
    expect(await stored()).toBe(before);
    expect((await book(t, trip, [4])).statusCode).toBe(201);
  });
});

describe.each(dialects)('bank statement import (%s)', (dialect) => {
  const t = useTestApp(dialect);

  function importCsv(csv: string, fields: Record<string, string> = {}) {
    const { payload, headers } = multipart(fields, {
      field: 'statement',
      filename: 'statement.csv',
      contentType: 'text/csv',
      data: Buffer.from(csv, 'utf8'),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/importStatement',
      payload,
      headers: { ...headers, authorization: `Bearer ${t.token}` },
    });
  }

  it('previews columns, then verifies the rows whose reference and amount match, listing the rest', async () => {
    const { trip } = await makeTrip(t, t.token, { price: 45_000 });
    const proofOf = async (seat: number, reference: string) => {
      const response = await book(t, trip, [seat], { proof: uniquePng(), reference });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().booking as Record<string, any>;
    };
    const good = await proofOf(1, 'ST-100');
    const short = await proofOf(2, 'ST-200');
    const twinA = await proofOf(3, 'ST-300');
    await proofOf(4, 'ST 300');
    const csv = [
      '\ufeffDate;Transaction ID;Amount (SDG);Note',
      '2026-11-20;ST100;45,000.00;ok',
      '2026-11-20;st-200;40000;short',
      '2026-11-20;ST-300;45000;twice',
      '2026-11-20;NOPE-1;45000;unknown',
    ].join('\n');
    const preview = await importCsv(csv);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      columns: ['Date', 'Transaction ID', 'Amount (SDG)', 'Note'],
      rows: 4,
    });
    const mapping = JSON.stringify({ reference: 'Transaction ID', amount: 'Amount (SDG)', date: 'Date' });
    const dry = await importCsv(csv, { mapping, dryRun: 'true' });
    expect(dry.json().matched.map((row: { bookingId: string }) => row.bookingId)).toEqual([good._id]);
    expect((await t.staff.get(`/api/bookings/getBooking/${good._id}`)).json().paymentStatus).toBe(
      'proof_submitted',
    );

    const result = (await importCsv(csv, { mapping })).json();
    expect(result.matched).toEqual([
      expect.objectContaining({ line: 2, bookingId: good._id, amount: 45000 }),
    ]);
    expect(result.mismatched).toEqual([
      expect.objectContaining({ line: 3, bookingId: short._id, amount: 40000, expected: 45000 }),
    ]);
    // A reference on two lines of one file is for a person, both lines (money-attack-review.test.ts).
    expect(result.ambiguous.map((row: { line: number }) => row.line)).toEqual([4]);
    expect(result.unmatched.map((row: { line: number }) => row.line)).toEqual([5]);
    const me = (await t.staff.get('/api/auth/user')).json();
    expect((await t.staff.get(`/api/bookings/getBooking/${good._id}`)).json()).toMatchObject({
      paymentStatus: 'verified',
      verifiedVia: 'import',
      verifiedBy: me._id,
    });
    for (const other of [short, twinA])
      expect((await t.staff.get(`/api/bookings/getBooking/${other._id}`)).json().paymentStatus).toBe(
        'proof_submitted',
      );
  });

  it('explains a file it cannot use', async () => {
    expect((await importCsv('')).json().message).toMatch(/no rows|not a CSV/);
    const unknown = await importCsv('a,b\n1,2', { mapping: JSON.stringify({ reference: 'x', amount: 'b' }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The statement has no column "x".');
    const anonymous = await client(t).post('/api/payments/importStatement', {});
    expect(anonymous.statusCode).toBe(401);
  });
});
