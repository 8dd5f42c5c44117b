// One cashier alone (issue 18, item 15, the money): they sold at the counter, cancelled and marked the refund
// paid in cash, and could verify a booking that never had a proof without a word. A cash refund a cashier
// records now waits for a manager or an admin (a second person) to confirm it; verifying without a proof needs
// a note; each step is in the activity log under its author.
import { beforeAll, describe, expect, it } from 'vitest';
import { book } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { openShift } from './helpers/shifts.ts';
import { activity, type Doc } from './helpers/payments.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const PASSWORD = 'dune-camel-lantern-48';

describe.each(dialects)('refunds paid in cash, and payments without a proof (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let cashier: ReturnType<typeof client>;
  let manager: ReturnType<typeof client>;
  let trip: Awaited<ReturnType<typeof makeTrip>>['trip'];
  let seat = 0;

  beforeAll(async () => {
    const cashierToken = await staffToken(t, { email: 'cash@rihla.test', password: PASSWORD }, 'cashier');
    await openShift(t, cashierToken);
    cashier = client(t, cashierToken);
    manager = client(t, await staffToken(t, { email: 'boss@rihla.test', password: PASSWORD }, 'manager'));
    trip = (await makeTrip(t, t.token, { seats: 60 })).trip;
  });

  /** The cashier sells a seat for cash at the counter, then cancels it: its price is owed back. */
  async function soldAndCancelled(): Promise<Doc> {
    const price = trip.trip_ticket_priceId.price;
    const sold = await cashier.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [++seat],
      passengerInfo: { firstName: 'Amna', lastName: 'Idris', phone: '0912345678' },
      totalTicketPrice: price,
      paymentMethod: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const id = sold.json().booking._id;
    const cancelled = await cashier.patch(`/api/bookings/cancelBooking/${id}`);
    // Days before departure: the first tier of the default refund rules keeps 10 %.
    expect(cancelled.json().refundDue).toBe(Math.round(price * 0.9));
    return cancelled.json();
  }
  const owed = async () =>
    ((await cashier.get('/api/payments/getRefunds?_start=0&_end=200')).json() as Doc[]).map((b) => b._id);

  it('a cashier records a cash refund; it is paid only once a manager confirms it', async () => {
    const booking = await soldAndCancelled();
    const recorded = await cashier.patch(`/api/payments/markRefundPaid/${booking._id}`, {
      refundMethod: 'cash',
    });
    expect(recorded.statusCode, recorded.body).toBe(202);
    expect(recorded.json()).toMatchObject({ refundMethod: 'cash', refundPaidAt: null });
    expect(recorded.json().refundRecordedAt).toBeTruthy();
    expect(await owed()).toContain(booking._id);
    // Alone, the cashier can neither confirm it nor record it again (as a transfer, say).
    expect((await cashier.patch(`/api/payments/confirmCashRefund/${booking._id}`)).statusCode).toBe(403);
    const again = await cashier.patch(`/api/payments/markRefundPaid/${booking._id}`, {
      refundReference: 'FAKE-1',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REFUND_AWAITS_CONFIRMATION');

    const confirmed = await manager.patch(`/api/payments/confirmCashRefund/${booking._id}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const managerId = (await manager.get('/api/auth/user')).json()._id;
    const cashierId = (await cashier.get('/api/auth/user')).json()._id;
    expect(confirmed.json()).toMatchObject({ refundPaidBy: managerId, refundRecordedBy: cashierId });
    expect(await owed()).not.toContain(booking._id);
    expect((await manager.patch(`/api/payments/confirmCashRefund/${booking._id}`)).json().code).toBe(
      'REFUND_ALREADY_PAID',
    );
    const log = async (action: string) =>
      (await activity(t, action)).filter((row) => row.recordId === booking._id);
    const [recordedRow] = await log('refund_cash_recorded');
    expect(recordedRow).toMatchObject({ userLabel: 'cash@rihla.test' });
    expect(recordedRow.diff.refundMethod).toEqual([null, 'cash']);
    const [confirmedRow] = await log('refund_cash_confirmed');
    expect(confirmedRow).toMatchObject({ userLabel: 'boss@rihla.test' });
    expect(confirmedRow.diff.refundPaidBy).toEqual([null, managerId]);
  });

  it('a manager pays a cash refund at once; a transfer needs its reference, from anyone', async () => {
    const cash = await soldAndCancelled();
    const paid = await manager.patch(`/api/payments/markRefundPaid/${cash._id}`, { refundMethod: 'cash' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().refundPaidAt).toBeTruthy();
    const transfer = await soldAndCancelled();
    const bare = await cashier.patch(`/api/payments/markRefundPaid/${transfer._id}`, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('Please enter the transaction number of the refund.');
    const sent = await cashier.patch(`/api/payments/markRefundPaid/${transfer._id}`, {
      refundReference: 'BK-OUT-77',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ refundMethod: 'transfer', refundReference: 'BK-OUT-77' });
  });

  it('nobody confirms a cash refund they recorded themselves', async () => {
    const booking = await soldAndCancelled();
    const recorder = await staffToken(t, { email: 'rising@rihla.test', password: PASSWORD }, 'cashier');
    expect(
      (
        await client(t, recorder).patch(`/api/payments/markRefundPaid/${booking._id}`, {
          refundMethod: 'cash',
        })
      ).statusCode,
    ).toBe(202);
    // Promoted since: still not the second person.
    const me = (await client(t, recorder).get('/api/auth/user')).json()._id;
    expect((await t.staff.patch(`/api/auth/updateUser/${me}`, { role: 'manager' })).statusCode).toBe(200);
    const promoted = await staffToken(t, { email: 'rising@rihla.test', password: PASSWORD });
    const own = await client(t, promoted).patch(`/api/payments/confirmCashRefund/${booking._id}`);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('NO_CASH_REFUND');
  });

  it('verifies a booking that never had a proof only with a note saying how the money was checked', async () => {
    const unpaid = await book(t, trip, [++seat]);
    const silent = await cashier.patch(`/api/bookings/verifyPayment/${unpaid._id}`, {});
    expect(silent.statusCode).toBe(409);
    expect(silent.json().code).toBe('NOTE_REQUIRED');
    expect(
      (await cashier.patch(`/api/bookings/verifyPayment/${unpaid._id}`, { note: 'ok' })).statusCode,
    ).toBe(409);
    const noted = await cashier.patch(`/api/bookings/verifyPayment/${unpaid._id}`, {
      note: 'Seen in the Bankak account, transfer 20 Nov 10:14',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json()).toMatchObject({
      paymentStatus: 'verified',
      overrideNote: 'Seen in the Bankak account, transfer 20 Nov 10:14',
    });
    const [row] = (await activity(t, 'verify_payment')).filter((r) => r.recordId === unpaid._id);
    expect(row.diff.overrideNote).toEqual([null, 'Seen in the Bankak account, transfer 20 Nov 10:14']);
  });
});
