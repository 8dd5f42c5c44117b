// Hoarding seats with unpaid holds (issue 18, item 1), through the real API on a real database, from made-up
// client addresses on loopback (inject's remoteAddress) with a clock the tests move. Before: any 2×2 PNG made a
// booking proof_submitted, which never lapsed; once unpaid holds filled MAX_UNPAID_SHARE the trip refused every
// online booking, the paying traveller's too; rejected junk re-sent at once closed it again. Now a proof holds
// until its review deadline (and one proof window more), a trip's full share refuses no traveller who pays (the
// oldest holds without a proof give way), a phone, device or address whose proofs were rejected too often sends
// proofs that hold no longer than a booking without one, and one address (on a trip, and in all) and one device
// hold only so many.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { bookingContext, expireLapsedHolds } from '../../server/sales/index.ts';
import { bookingFields, PASSENGER, storedCounts } from './helpers/bookings.ts';
import { futureDate, makeTrip } from './helpers/fixtures.ts';
import { makePng } from './helpers/images.ts';
import { multipart } from './helpers/multipart.ts';
import { client, dialects, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const MINUTE = 60_000;
type Trip = Awaited<ReturnType<typeof makeTrip>>['trip'];
type Booking = Record<string, any>;

let counter = 0;
/** A phone no other booking of this file used. */
const newPhone = () => `09${String(Date.now() % 1e5).padStart(5, '0')}${String(++counter).padStart(3, '0')}`;
/** A junk proof: a 2×2 PNG no other booking sent (the same image twice would be flagged, not junk enough). */
const junk = () => makePng(2, 2, [++counter % 256, Math.floor(counter / 256) % 256, 201]);

interface From {
  /** The client address the request comes from. */
  address: string;
  phone?: string;
  device?: string;
  proof?: Buffer;
  /** The proof's transaction reference (else a new one). */
  reference?: string;
}

function book(t: TestApp, trip: Trip, seats: number[], from: From) {
  const { payload, headers } = multipart(
    bookingFields(trip, seats, {
      passengerInfo: JSON.stringify({ ...PASSENGER, phone: from.phone ?? newPhone() }),
      ...(from.device ? { deviceId: from.device } : {}),
      ...(from.proof
        ? { paymentReference: from.reference ?? `JUNK-${counter}`, paymentMethod: 'bankak' }
        : {}),
    }),
    from.proof && { filename: 'proof.png', contentType: 'image/png', data: from.proof },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings/createBooking',
    payload,
    headers,
    remoteAddress: from.address,
  });
}

async function booked(t: TestApp, trip: Trip, seats: number[], from: From): Promise<Booking> {
  const response = await book(t, trip, seats, from);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().booking;
}

function sendProof(t: TestApp, booking: Booking, from: { address: string; device?: string }) {
  const { payload, headers } = multipart(
    {
      ticketId: booking.ticketId,
      phone: booking.passengerInfo.phone,
      paymentReference: `RESENT-${++counter}`,
      paymentMethod: 'bankak',
      ...(from.device ? { deviceId: from.device } : {}),
    },
    { filename: 'shot.png', contentType: 'image/png', data: junk() },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings/submitProof',
    payload,
    headers,
    remoteAddress: from.address,
  });
}

describe.each(dialects)('hoarding unpaid holds (%s)', (dialect) => {
  const clock = new ManualClock();
  const t = useTestApp(dialect, {
    clock,
    env: {
      MAX_UNPAID_BOOKINGS_PER_PHONE: '2',
      MAX_UNPAID_BOOKINGS_PER_ADDRESS: '10',
      MAX_UNPAID_SEATS_PER_ADDRESS_PER_TRIP: '6',
      MAX_UNPAID_BOOKINGS_PER_DEVICE: '3',
      MAX_UNPAID_SHARE: '0.5',
      PAYMENT_PROOF_MINUTES: '30',
      PROOF_REVIEW_MINUTES: '120',
      MAX_REJECTED_PROOFS_PER_PHONE: '2',
      MAX_REJECTED_PROOFS_PER_ADDRESS: '5',
    },
  });
  const sweep = () => expireLapsedHolds(bookingContext(t.app));
  const trip = async (seats = 49) => (await makeTrip(t, t.token, { seats, date: futureDate(6) })).trip;
  const stored = async (id: string) => (await t.staff.get(`/api/bookings/getBooking/${id}`)).json();
  const reject = async (id: string) => {
    const response = await t.staff.patch(`/api/bookings/rejectPayment/${id}`, { reason: 'other' });
    expect(response.statusCode, response.body).toBe(200);
  };
  const listed = async (url: string) =>
    ((await t.staff.get(url)).json() as Booking[]).map((booking) => booking._id);
  const queued = () => listed('/api/payments/getQueue?_start=0&_end=200');
  const toCheck = () => listed('/api/payments/getCancelledProofs?_start=0&_end=200');
  const bookedSeats = async (tripId: string) =>
    (await client(t).get(`/api/trips/getTrip/${tripId}`)).json().bookedSeats as number[];
  const cursors = new Map<string, number>();
  /** The next three seats of a trip (bookings of this file never collide by design). */
  const nextSeats = (own: Trip) => {
    const first = cursors.get(own._id) ?? 1;
    cursors.set(own._id, first + 3);
    return [first, first + 1, first + 2];
  };

  /**
   * One address books 3 seats at a time with junk proofs, round `trips`, a new phone every 2 bookings, until
   * refused (or `most` bookings).
   */
  async function hoard(trips: Trip[], address: string, most = 20) {
    const held: Booking[] = [];
    let phone = newPhone();
    for (let i = 0; i < most; i++) {
      if (i % 2 === 0) phone = newPhone();
      const own = trips[i % trips.length];
      const response = await book(t, own, nextSeats(own), { address, phone, proof: junk() });
      if (response.statusCode !== 201) return { held, refusal: response.json() };
      held.push(response.json().booking);
    }
    return { held, refusal: undefined };
  }

  /** Four addresses fill the unpaid share of a trip of 49 (24 seats) with junk proofs, 6 seats each. */
  async function fillShare(own: Trip, net: string) {
    const held: Booking[] = [];
    for (let i = 1; i <= 4; i++) held.push(...(await hoard([own], `${net}.${i}`, 2)).held);
    expect(held).toHaveLength(8);
    return held;
  }

  it('(a) one address holds at most 6 seats of a trip and 10 bookings in all, with junk proofs or without', async () => {
    const trips = [await trip(), await trip(), await trip(), await trip(), await trip()];
    const address = '10.18.1.1';
    // Before: one address took the whole share (24 of 49 seats) in 8 bookings.
    const one = await hoard([trips[0]], address);
    expect(one.held).toHaveLength(2);
    expect(one.refusal).toMatchObject({ code: 'UNPAID_LIMIT', scope: 'address', limit: 6 });
    const all = await hoard(trips.slice(1), address);
    expect(all.held).toHaveLength(8);
    expect(all.refusal).toMatchObject({ code: 'UNPAID_LIMIT', scope: 'address', limit: 10 });
    for (const booking of [...one.held, ...all.held])
      expect(Date.parse(booking.reviewDeadline) - clock.now().getTime()).toBe(120 * MINUTE);
  });

  it('(a) junk proofs hold until their review deadline, and never close the trip to a traveller who pays', async () => {
    const own = await trip();
    const held = await fillShare(own, '10.18.8');
    // The share (24 of 49 seats) is full of junk: a traveller who pays still books (before: UNPAID_LIMIT).
    const payer = await booked(t, own, nextSeats(own), { address: '10.18.8.20', proof: junk() });
    expect(payer.paymentStatus).toBe('proof_submitted');
    // One who pays later is asked to pay first for now.
    const later = await book(t, own, nextSeats(own), { address: '10.18.8.21' });
    expect(later.json()).toMatchObject({ code: 'UNPAID_LIMIT', scope: 'trip', limit: 24 });

    // Nobody checks the junk: past the review deadline it goes back to awaiting_proof (off the desk's queue),
    // its proof kept, for one proof window more; then it lets go.
    clock.advance(121 * MINUTE);
    await sweep();
    for (const booking of held) {
      const back = await stored(booking._id);
      expect(back).toMatchObject({
        paymentStatus: 'awaiting_proof',
        isCancelled: false,
        rejectionReason: null,
      });
      expect(back.paymentDeadline).toBe(booking.paymentDeadline);
    }
    expect(await queued()).not.toContain(held[0]._id);
    clock.advance(30 * MINUTE);
    await sweep();
    for (const booking of held)
      expect(await stored(booking._id)).toMatchObject({ paymentStatus: 'expired', isCancelled: true });
    expect(await bookedSeats(own._id)).toHaveLength(0);
    expect((await book(t, own, [1, 2, 3], { address: '10.18.8.21' })).statusCode).toBe(201);
  });

  it('(a) junk re-sent at once after staff reject it holds no longer than a booking without a proof', async () => {
    const own = await trip();
    // The attack as measured: 8 bookings of 3 seats fill the share (24 of 49), now from four addresses.
    const held = await fillShare(own, '10.18.2');
    expect((await book(t, own, [40], { address: '10.18.2.9' })).json()).toMatchObject({ scope: 'trip' });
    // A cashier rejects all 8; the attackers re-send 8 junk proofs at once.
    for (const booking of held) await reject(booking._id);
    const resent = await Promise.all(
      held.map((booking, i) => sendProof(t, booking, { address: `10.18.2.${1 + Math.floor(i / 2)}` })),
    );
    for (const response of resent) {
      expect(response.statusCode, response.body).toBe(200);
      // Stored for staff to see, but holding only until the deadline the rejection gave (no review time).
      expect(response.json()).toMatchObject({ paymentStatus: 'proof_submitted', reviewDeadline: null });
      expect(Date.parse(response.json().paymentDeadline) - clock.now().getTime()).toBe(30 * MINUTE);
    }
    // The trip does not stay closed: 31 minutes on, every junk hold has let go (before: closed for ever).
    clock.advance(31 * MINUTE);
    const after = await booked(t, own, [1, 2, 3], { address: '10.18.2.9' });
    expect(after.paymentStatus).toBe('awaiting_proof');
    await sweep();
    for (const booking of held) expect((await stored(booking._id)).paymentStatus).toBe('expired');
  });

  it('(b) with the unpaid share full, a traveller who sends a proof gets a seat; the oldest holds without a proof give way', async () => {
    const own = await trip(10); // 5 seats may be held unpaid
    const holds: Booking[] = [];
    for (let seat = 1; seat <= 5; seat++) {
      holds.push(await booked(t, own, [seat], { address: `10.18.3.${seat}` }));
      clock.advance(MINUTE);
    }
    const refused = await book(t, own, [6], { address: '10.18.3.6' });
    expect(refused.json()).toMatchObject({ code: 'UNPAID_LIMIT', scope: 'trip', limit: 5 });
    // Before: 409 UNPAID_LIMIT for the traveller who pays too.
    const payer = await booked(t, own, [7, 8], { address: '10.18.3.7', proof: junk() });
    expect(payer).toMatchObject({ paymentStatus: 'proof_submitted', seats: [7, 8] });
    // The two oldest holds without a proof gave way (their seats are free); the others still hold.
    for (const booking of holds.slice(0, 2))
      expect(await stored(booking._id)).toMatchObject({ paymentStatus: 'expired', isCancelled: true });
    for (const booking of holds.slice(2))
      expect(await stored(booking._id)).toMatchObject({
        paymentStatus: 'awaiting_proof',
        isCancelled: false,
      });
    expect(await bookedSeats(own._id)).toEqual([3, 4, 5, 7, 8]);
    // Each payer after makes room the same way, oldest first.
    await booked(t, own, [9, 10], { address: '10.18.3.8', proof: junk() });
    for (const booking of holds.slice(2, 4))
      expect((await stored(booking._id)).paymentStatus).toBe('expired');
    await booked(t, own, [6], { address: '10.18.3.9', proof: junk() });
    expect((await stored(holds[4]._id)).paymentStatus).toBe('expired');
    // A proof under review never gives way: with no hold left without a proof, a payer is still sold a seat.
    const last = await booked(t, own, [1], { address: '10.18.3.10', proof: junk() });
    expect(last.paymentStatus).toBe('proof_submitted');
    expect(await bookedSeats(own._id)).toEqual([1, 6, 7, 8, 9, 10]);
    expect((await stored(payer._id)).isCancelled).toBe(false);
  });

  it('(c) a phone or device whose proofs were rejected twice, or an address five times, sends proofs that do not hold', async () => {
    const own = await trip();
    const address = '10.18.4.1';
    // One phone: two proofs rejected.
    const phone = newPhone();
    const first = await booked(t, own, [1], { address, phone, proof: junk() });
    await reject(first._id);
    expect((await sendProof(t, first, { address })).statusCode).toBe(200);
    await reject(first._id);
    const third = await sendProof(t, first, { address });
    expect(third.json()).toMatchObject({ paymentStatus: 'proof_submitted', reviewDeadline: null });
    expect(Date.parse(third.json().paymentDeadline) - clock.now().getTime()).toBe(30 * MINUTE);
    // A new booking of that phone with a proof holds like one without (and gets no way past a full share).
    const again = await booked(t, own, [2], { address: '10.18.4.2', phone, proof: junk() });
    expect(again).toMatchObject({ paymentStatus: 'proof_submitted', reviewDeadline: null });
    expect(Date.parse(again.paymentDeadline) - clock.now().getTime()).toBe(30 * MINUTE);
    // The payments desk says so: no review time, the hold ends with the proof window.
    const review = (await t.staff.get(`/api/payments/getPayment/${again._id}`)).json();
    expect(review.booking).toMatchObject({ reviewDeadline: null, paymentStatus: 'proof_submitted' });

    // One address: five proofs from five phones rejected; a sixth phone's proof from it does not hold.
    const shared = '10.18.4.3';
    for (let seat = 10; seat < 15; seat++)
      await reject((await booked(t, own, [seat], { address: shared, proof: junk() }))._id);
    const sixth = await booked(t, own, [15], { address: shared, proof: junk() });
    expect(sixth.reviewDeadline).toBeNull();
    // Other addresses are not concerned.
    expect(
      (await booked(t, own, [16], { address: '10.18.4.4', proof: junk() })).reviewDeadline,
    ).not.toBeNull();

    // One device, from two addresses: two rejections, then its proofs do not hold.
    const device = 'device-c-0000001';
    for (const [seat, from] of [
      [20, '10.18.4.5'],
      [21, '10.18.4.6'],
    ] as const)
      await reject((await booked(t, own, [seat], { address: from, device, proof: junk() }))._id);
    const fromDevice = await booked(t, own, [22], { address: '10.18.4.7', device, proof: junk() });
    expect(fromDevice.reviewDeadline).toBeNull();

    // Rejections count for a day.
    clock.advance(24 * 60 * MINUTE + MINUTE);
    await sweep();
    const forgiven = await booked(t, own, [30], { address: shared, phone, device, proof: junk() });
    expect(forgiven.reviewDeadline).not.toBeNull();
  });

  it('(c) a proof that does not hold gets no way past a full share', async () => {
    const own = await trip(4); // 2 seats may be held unpaid
    const phone = newPhone();
    const earlier = await trip();
    for (let i = 0; i < 2; i++) {
      const b = await booked(t, earlier, [1 + i], { address: '10.18.5.1', phone, proof: junk() });
      await reject(b._id);
    }
    // Those holds lapse (the phone holds nothing now); its rejections still count.
    clock.advance(31 * MINUTE);
    await booked(t, own, [1], { address: '10.18.5.2' });
    await booked(t, own, [2], { address: '10.18.5.3' });
    const distrusted = await book(t, own, [3], { address: '10.18.5.4', phone, proof: junk() });
    expect(distrusted.json()).toMatchObject({ code: 'UNPAID_LIMIT', scope: 'trip', limit: 2 });
    expect((await book(t, own, [3], { address: '10.18.5.4', proof: junk() })).statusCode).toBe(201);
  });

  it('(e) a proof whose review time ran out keeps its proof and no rejection: staff still decide it, and once it lapses or is cancelled it is a cancelled proof to check', async () => {
    const own = await trip();
    const [lapsing, cancelling, verifying, rejecting] = [
      await booked(t, own, [1], { address: '10.18.9.1', proof: junk(), reference: 'LAPSE-1' }),
      await booked(t, own, [2], { address: '10.18.9.2', proof: junk() }),
      await booked(t, own, [3], { address: '10.18.9.3', proof: junk() }),
      await booked(t, own, [4], { address: '10.18.9.4', proof: junk() }),
    ];
    clock.advance(120 * MINUTE);
    await sweep();
    const back = await stored(lapsing._id);
    // Before: proof_submitted until the hold ended, or (issue 18.1 as first built) expired from there.
    expect(back).toMatchObject({
      paymentStatus: 'awaiting_proof',
      rejectionReason: null,
      reviewDeadline: lapsing.reviewDeadline,
      paymentDeadline: lapsing.paymentDeadline,
      paymentReference: 'LAPSE1',
    });
    expect(back.bankakScreenshot).toBe(lapsing.bankakScreenshot);
    expect(back.bankakScreenshot).toMatch(/^\/api\/uploads\//);
    expect(await queued()).not.toContain(lapsing._id);

    // Staff still decide such a proof: verified with no note (it has a proof), or rejected.
    const verified = await t.staff.patch(`/api/bookings/verifyPayment/${verifying._id}`);
    expect(verified.statusCode, verified.body).toBe(200);
    await reject(rejecting._id);

    // The traveller cancels one: its money may have arrived, so the desk lists it.
    const cancel = await client(t).patch(`/api/bookings/cancelBooking/${cancelling._id}`, {
      ticketId: cancelling.ticketId,
      phone: cancelling.passengerInfo.phone,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await toCheck()).toContain(cancelling._id);

    // A proof re-sent now goes back to the desk but holds no longer than the booking's own deadline.
    const resent = await sendProof(t, lapsing, { address: '10.18.9.1' });
    expect(resent.json()).toMatchObject({
      paymentStatus: 'proof_submitted',
      reviewDeadline: null,
      paymentDeadline: lapsing.paymentDeadline,
    });
    expect(await queued()).toContain(lapsing._id);
    const reference = resent.json().paymentReference as string;

    // Nobody decides: the hold lapses; the booking is a cancelled proof to check, with no rejection, and its
    // reference stays used (another booking under it is flagged), as the list and the flags say the same.
    clock.advance(31 * MINUTE);
    await sweep();
    expect(await stored(lapsing._id)).toMatchObject({
      paymentStatus: 'expired',
      isCancelled: true,
      rejectionReason: null,
    });
    const listedNow = await toCheck();
    expect(listedNow).toContain(lapsing._id);
    expect(listedNow).not.toContain(verifying._id);
    expect(listedNow).not.toContain(rejecting._id);
    const twin = await booked(t, own, [9], { address: '10.18.9.9', proof: junk(), reference });
    const flags = async () => (await t.staff.get(`/api/payments/getPayment/${twin._id}`)).json().flags;
    expect((await flags()).duplicateReference).toEqual([expect.objectContaining({ _id: lapsing._id })]);
    // Staff find the money never arrived: the proof is rejected, the list and the flags let it go together.
    const missing = await t.staff.patch(`/api/payments/checkCancelledProof/${lapsing._id}`, {
      moneyArrived: false,
      note: 'Not in the account',
    });
    expect(missing.statusCode, missing.body).toBe(200);
    expect(await toCheck()).not.toContain(lapsing._id);
    expect((await flags()).duplicateReference).toEqual([]);
  });

  it('(e) until the sweep runs, a proof past its review time gives way to a traveller who pays', async () => {
    const own = await trip(4); // 2 seats may be held unpaid
    const first = await booked(t, own, [1], { address: '10.18.10.1', proof: junk() });
    clock.advance(10 * MINUTE);
    const second = await booked(t, own, [2], { address: '10.18.10.2', proof: junk() });
    clock.advance(111 * MINUTE);
    // No sweep: the first proof's review time ran out, not the second's; a payer needing the share makes the
    // first give way, and only it.
    const payer = await booked(t, own, [3], { address: '10.18.10.3', proof: junk() });
    expect(payer.paymentStatus).toBe('proof_submitted');
    expect(await stored(first._id)).toMatchObject({ paymentStatus: 'expired', rejectionReason: null });
    expect(await stored(second._id)).toMatchObject({ paymentStatus: 'proof_submitted', isCancelled: false });
    expect(await toCheck()).toContain(first._id);
  });

  it('(d) limits the unpaid seats of one address on a trip, its bookings in all, and those of one device', async () => {
    const own = await trip();
    const other = await trip();
    const address = '10.18.6.1';
    const mine: Booking[] = [];
    for (let i = 0; i < 6; i++) mine.push(await booked(t, own, [i + 1], { address }));
    const before = await storedCounts(t, own._id);
    const over = await book(t, own, [7], { address });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'UNPAID_LIMIT', scope: 'address', limit: 6 });
    expect(await storedCounts(t, own._id)).toEqual(before);
    expect((await book(t, own, [7], { address: '10.18.6.2' })).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) mine.push(await booked(t, other, [i + 1], { address }));
    expect((await book(t, other, [5], { address })).json()).toMatchObject({
      code: 'UNPAID_LIMIT',
      scope: 'address',
      limit: 10,
    });
    // A paid booking no longer counts.
    expect(
      (await t.staff.patch(`/api/bookings/verifyPayment/${mine[0]._id}`, { note: 'cash at the counter' }))
        .statusCode,
    ).toBe(200);
    expect((await book(t, own, [8], { address })).statusCode).toBe(201);

    const device = 'device-d-0000001';
    for (let i = 0; i < 3; i++) await booked(t, own, [20 + i], { address: `10.18.6.${10 + i}`, device });
    const fourth = await book(t, own, [23], { address: '10.18.6.13', device });
    expect(fourth.json()).toMatchObject({ code: 'UNPAID_LIMIT', scope: 'device', limit: 3 });
    expect((await book(t, own, [23], { address: '10.18.6.13', device: 'device-d-0000002' })).statusCode).toBe(
      201,
    );
    // A device id that is not one is refused in words, and nothing is stored.
    const bad = await book(t, own, [24], { address: '10.18.6.14', device: 'no good!' });
    expect(bad.statusCode).toBe(400);
  });

  it('(d) twenty bookings at once from one address: exactly the limit is sold', async () => {
    const trips = [await trip(), await trip(), await trip(), await trip()];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(t, trips[i % 4], [i + 1], { address: '10.18.7.1' })),
    );
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(10);
  });
});
