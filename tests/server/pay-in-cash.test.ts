// Paid at the office: a cashier takes an unpaid booking's price in cash (an online hold, or the difference of a
// change to a dearer trip). It is verified as cash under the cashier's name and counted in their open shift,
// so the drawer must hold it at cash-up. Before, the desk could only "verify" such money with a note, which no
// drawer counted: a cashier could keep it with no variance (found by an attack review of changes of plan).
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { bookFrom } from './helpers/bookings.ts';
import { routeTrips } from './helpers/fixtures.ts';
import { activity, type Doc, sendProof, uniquePng } from './helpers/payments.ts';
import { openShift } from './helpers/shifts.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;
const PASSWORD = 'kassala-acacia-ferry';

describe.each(dialects)('a booking paid in cash at the desk (%s)', (dialect) => {
  const clock = new ManualClock(Date.parse('2026-12-01T06:00:00Z'));
  const t = useTestApp(dialect, { clock });
  const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * DAY));
  const tokens = { cashier: '', idle: '', conductor: '' };
  let trips: Awaited<ReturnType<typeof routeTrips<'dearer'>>>;
  let shiftId = '';
  let phone = 0;

  beforeAll(async () => {
    tokens.cashier = await staffToken(t, { email: 'amna@cash.test', password: PASSWORD }, 'cashier');
    tokens.idle = await staffToken(t, { email: 'hiba@cash.test', password: PASSWORD }, 'cashier');
    tokens.conductor = await staffToken(t, { email: 'omer@cash.test', password: PASSWORD }, 'conductor');
    shiftId = await openShift(t, tokens.cashier, 1000);
    trips = await routeTrips(
      t,
      t.token,
      { date: day(2), price: 9_000 },
      { dearer: { date: day(3), price: 11_000 } },
    );
  });

  const hold = async (seats: number[]) => {
    const answer = await bookFrom(
      t,
      trips.a as never,
      seats,
      `09130000${String(++phone).padStart(2, '0')}`,
      '10.0.0.9',
    );
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().booking as Doc;
  };
  const pay = (token: string, id: string, totalTicketPrice: number) =>
    client(t, token).patch(`/api/bookings/payInCash/${id}`, { totalTicketPrice });
  const row = (id: string) =>
    t.database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const drawer = async () =>
    (
      await t.database.db
        .selectFrom('shift_cash')
        .select(['bookingId', 'kind', 'amount'])
        .where('shiftId', '=', shiftId)
        .execute()
    ).map((entry) => ({ ...entry, amount: Number(entry.amount) }));

  it('verifies an online hold as cash, under the cashier’s name, and counts it in their drawer', async () => {
    const booking = await hold([1, 2]);
    const paid = await pay(tokens.cashier, booking._id, 18_000);
    expect(paid.statusCode, paid.body).toBe(200);
    const cashier = (await client(t, tokens.cashier).get('/api/auth/user')).json()._id;
    expect(paid.json()).toMatchObject({
      paymentStatus: 'verified',
      paymentMethod: 'cash',
      verifiedVia: 'counter',
      verifiedBy: cashier,
    });
    expect(await drawer()).toContainEqual({ bookingId: booking._id, kind: 'sale', amount: 18_000 });
    const [logged] = (await activity(t, 'pay_in_cash')).filter((entry) => entry.recordId === booking._id);
    expect(logged).toMatchObject({ userLabel: 'amna@cash.test', resource: 'bookings' });
    // Paid once: a second time is refused and the drawer counts it once.
    const again = await pay(tokens.cashier, booking._id, 18_000);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_DECIDED', paymentStatus: 'verified' });
    expect((await drawer()).filter((entry) => entry.bookingId === booking._id)).toHaveLength(1);
    // The traveller is told, as for any verified payment.
    const texts = await t.database.db
      .selectFrom('messages')
      .select('kind')
      .where('bookingId', '=', booking._id)
      .execute();
    expect(texts.map((text) => text.kind)).toContain('payment_verified');
  });

  it('refuses, changing nothing: no open shift, another amount, a proof waiting, a lapsed hold, a conductor', async () => {
    const booking = await hold([3]);
    const before = await drawer();
    const noShift = await pay(tokens.idle, booking._id, 9_000);
    expect(noShift.statusCode).toBe(409);
    expect(noShift.json().code).toBe('NO_OPEN_SHIFT');
    const other = await pay(tokens.cashier, booking._id, 8_000);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'PRICE_CHANGED', totalTicketPrice: 9_000 });
    const conductor = await pay(tokens.conductor, booking._id, 9_000);
    expect(conductor.statusCode).toBe(403);
    expect((await row(booking._id)).paymentStatus).toBe('awaiting_proof');

    const proven = await hold([4]);
    const proof = await sendProof(
      t,
      { ticketId: proven.ticketId, phone: proven.passengerInfo.phone },
      uniquePng(),
      {
        reference: `CASH-${dialect}`,
      },
    );
    expect(proof.statusCode, proof.body).toBe(200);
    const withProof = await pay(tokens.cashier, proven._id, 9_000);
    expect(withProof.statusCode).toBe(409);
    expect(withProof.json().code).toBe('PROOF_SENT');

    const lapsing = await hold([5]);
    const start = clock.now();
    try {
      clock.set(new Date(Date.parse((await row(lapsing._id)).paymentDeadline!) + 1000));
      const lapsed = await pay(tokens.cashier, lapsing._id, 9_000);
      expect(lapsed.statusCode).toBe(409);
      expect(lapsed.json().code).toBe('HOLD_LAPSED');
    } finally {
      clock.set(start);
    }
    expect(await drawer()).toEqual(before);
    expect((await row(proven._id)).paymentStatus).toBe('proof_submitted');
  });

  it('completes a change to a dearer trip paid in cash: the difference is in the drawer, the booking moved', async () => {
    const sold = await client(t, tokens.cashier).post('/api/bookings/counterSale', {
      tripId: trips.a._id,
      seats: [9],
      passengerInfo: { firstName: 'Amna', lastName: 'Idris', phone: '0914000001' },
      paymentMethod: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const booking = sold.json().booking ?? sold.json();
    const asked = await client(t).post('/api/bookings/changeBooking', {
      ticketId: booking.ticketId,
      phone: '0914000001',
      tripId: trips.dearer._id,
      seats: [9],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const change = await t.database.db
      .selectFrom('bookings')
      .selectAll()
      .where('ticketId', '=', asked.json().change.ticketId)
      .executeTakeFirstOrThrow();
    const toPay = Number(change.totalTicketPrice);
    expect(toPay).toBe(asked.json().toPay);
    const paid = await pay(tokens.cashier, change.id, toPay);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await drawer()).toContainEqual({ bookingId: change.id, kind: 'sale', amount: toPay });
    const moved = await row(booking._id);
    expect(moved.tripId).toBe(trips.dearer._id);
    expect(Number(moved.totalTicketPrice)).toBe(asked.json().newTotal);
  });
});
