// Money that falls out of sight (issue 18, item 6): a traveller who sent a proof and then cancelled on the
// look-up was in no staff queue and no refunds list. Every cancelled booking with a proof nobody decided on is
// on the payments desk; staff say whether the money arrived, and when it did its price is owed back.
import { describe, expect, it } from 'vitest';
import { book } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { activity, bookWithProof, type Doc } from './helpers/payments.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('cancelled bookings with a proof to check (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const trip = async () => (await makeTrip(t, t.token)).trip;
  /** The traveller cancels on the look-up, with the ticket id and phone. */
  const travellerCancels = async (booking: Doc) => {
    const response = await client(t).patch(`/api/bookings/cancelBooking/${booking._id}`, {
      ticketId: booking.ticketId,
      phone: booking.passengerInfo.phone,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const listed = async (url: string) =>
    ((await t.staff.get(url)).json() as Doc[]).map((booking) => booking._id);
  const toCheck = () => listed('/api/payments/getCancelledProofs?_start=0&_end=200');
  const check = (booking: Doc, body: object) =>
    t.staff.patch(`/api/payments/checkCancelledProof/${booking._id}`, body);

  it('lists a proof sent then cancelled by the traveller, and owes the money back once it arrived', async () => {
    const booking = await bookWithProof(t, await trip(), [1], 'GONE-1');
    await travellerCancels(booking);
    expect(await listed('/api/payments/getQueue?_start=0&_end=200')).not.toContain(booking._id);
    expect(await listed('/api/payments/getRefunds?_start=0&_end=200')).not.toContain(booking._id);
    expect(await toCheck()).toContain(booking._id);
    const total = await t.staff.get('/api/payments/getCancelledProofs?_start=0&_end=1');
    expect(Number(total.headers['x-total-count'])).toBeGreaterThanOrEqual(1);

    const arrived = await check(booking, { moneyArrived: true, note: 'In the Bankak account on 20 Nov' });
    expect(arrived.statusCode, arrived.body).toBe(200);
    const price = booking.totalTicketPrice[0];
    expect(arrived.json()).toMatchObject({ paymentStatus: 'verified', isCancelled: true, refundDue: price });
    expect(await toCheck()).not.toContain(booking._id);
    expect(await listed('/api/payments/getRefunds?_start=0&_end=200')).toContain(booking._id);
    const [row] = (await activity(t, 'cancelled_proof_checked')).filter((r) => r.recordId === booking._id);
    expect(row.diff).toMatchObject({
      paymentStatus: ['proof_submitted', 'verified'],
      refundDue: [null, price],
    });
    const again = await check(booking, { moneyArrived: false });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_DECIDED', paymentStatus: 'verified' });
  });

  it('records that the money never arrived: nothing is owed, and the booking leaves the list', async () => {
    const booking = await bookWithProof(t, await trip(), [1], 'GONE-2');
    await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`);
    expect(await toCheck()).toContain(booking._id);
    const missing = await check(booking, { moneyArrived: false, note: 'Not in the account' });
    expect(missing.statusCode, missing.body).toBe(200);
    expect(missing.json()).toMatchObject({
      paymentStatus: 'rejected',
      rejectionReason: 'payment_not_received',
      refundDue: null,
    });
    expect(await toCheck()).not.toContain(booking._id);
    expect(await listed('/api/payments/getRefunds?_start=0&_end=200')).not.toContain(booking._id);
  });

  it('refuses a live booking, one without a proof, and a flagged reference without an override', async () => {
    const own = await trip();
    const live = await bookWithProof(t, own, [1], 'LIVE-1');
    expect((await check(live, { moneyArrived: true })).json().code).toBe('BOOKING_LIVE');
    const noProof = await book(t, own, [4]);
    await t.staff.patch(`/api/bookings/cancelBooking/${noProof._id}`);
    expect((await check(noProof as Doc, { moneyArrived: true })).json().code).toBe('NO_PROOF');
    const first = await bookWithProof(t, own, [2], 'TWIN-9');
    const twin = await bookWithProof(t, own, [3], 'twin 9');
    await t.staff.patch(`/api/bookings/verifyPayment/${first._id}`, { override: true, note: 'checked' });
    await travellerCancels(twin);
    const flagged = await check(twin, { moneyArrived: true });
    expect(flagged.statusCode).toBe(409);
    expect(flagged.json().code).toBe('DUPLICATE_PROOF');
    expect((await check(twin, { moneyArrived: true, override: true })).statusCode).toBe(400);
    const overridden = await check(twin, { moneyArrived: true, override: true, note: 'Two transfers seen' });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect((await check(twin, { moneyArrived: 'yes' })).statusCode).toBe(400);
  });

  it('is for the roles that check payments: a conductor gets 403', async () => {
    const booking = await bookWithProof(t, await trip(), [1], 'GONE-3');
    await travellerCancels(booking);
    const conductor = await staffToken(
      t,
      { email: 'door@rihla.test', password: 'dune-camel-lantern-48' },
      'conductor',
    );
    expect((await client(t, conductor).get('/api/payments/getCancelledProofs')).statusCode).toBe(403);
    const cashier = await staffToken(
      t,
      { email: 'desk@rihla.test', password: 'dune-camel-lantern-48' },
      'cashier',
    );
    const checked = await client(t, cashier).patch(`/api/payments/checkCancelledProof/${booking._id}`, {
      moneyArrived: true,
    });
    expect(checked.statusCode, checked.body).toBe(200);
  });
});
