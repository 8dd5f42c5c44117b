// A change of day racing what else may happen to the same booking at that instant: some seats cancelled, the
// whole booking cancelled, its refund paid at the desk, its difference verified after the cut-off. Each write
// below is committed just before the other call takes its locks (beforeTransaction), as a second staff member
// or a second API node would. Found by an attack review of changes of plan; each test fails on the code before.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { Db } from '../../server/db/schema.ts';
import { bookingContext, cancel, changeBooking, markRefundPaid } from '../../server/sales/index.ts';
import { CHANGE_CUTOFF_MINUTES } from '../../shared/booking-change.ts';
import { departureInstant, khartoumToday } from '../../shared/rules.ts';
import { bookedSeats } from './helpers/bookings.ts';
import { routeTrips } from './helpers/fixtures.ts';
import { counterSale, type Doc, sendProof, uniquePng } from './helpers/payments.ts';
import { beforeTransaction } from './helpers/races.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

describe.each(dialects)('a change of day racing the same booking (%s)', (dialect) => {
  const clock = new ManualClock(Date.parse('2026-12-01T06:00:00Z'));
  const t = useTestApp(dialect, { clock });
  const db = () => t.app.db as Db;
  const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * DAY));
  let serial = 0;

  /** A trip two days ahead and three more of its route: as dear, cheaper, cheaper still. */
  const route = () =>
    routeTrips(
      t,
      t.token,
      { date: day(2), price: 10_000 + ++serial },
      {
        dearer: { date: day(3), price: 11_000 + ++serial },
        cheap: { date: day(4), price: 7_000 + ++serial },
        cheaper: { date: day(5), price: 5_000 + ++serial },
      },
    );
  const row = (id: string) =>
    db().selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const proofOf = (booking: Doc) => ({ ticketId: booking.ticketId, phone: booking.passengerInfo.phone });
  const seatRows = (bookingId: string) =>
    db().selectFrom('booking_seats').select(['tripId', 'seat']).where('bookingId', '=', bookingId).execute();
  const refundsPaid = async (bookingId: string) =>
    (
      await db()
        .selectFrom('money_events')
        .select('amount')
        .where('bookingId', '=', bookingId)
        .where('kind', '=', 'refund_paid')
        .execute()
    ).reduce((sum, event) => sum + Number(event.amount), 0);

  /** A change of both seats, with seat 2 cancelled by its traveller just before the change locks. */
  async function changeWhileSeatCancelled(booking: Doc, target: Doc, seats: number[]) {
    const racing = beforeTransaction(db(), async () => {
      if ((JSON.parse((await row(booking._id)).seats) as number[]).length === 1) return;
      const cancelled = await client(t).patch(`/api/bookings/cancelSeats/${booking._id}`, {
        ...proofOf(booking),
        seats: [2],
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    });
    return changeBooking(
      { ...bookingContext(t.app), db: racing },
      { ...proofOf(booking), tripId: target._id, seats },
      { ip: '10.0.0.1' },
    );
  }

  it('a seat cancelled just before a change to a cheaper trip does not come back with it', async () => {
    const trips = await route();
    const booking = await counterSale(t, trips.a, [1, 2]);
    const outcome = await changeWhileSeatCancelled(booking, trips.cheap, [1, 2]);
    // Planned again from the booking as it is: one seat now, two asked for.
    expect(outcome).toEqual({ refused: { code: 'SEAT_COUNT' } });
    const after = await row(booking._id);
    expect(after.tripId).toBe(trips.a._id);
    expect(JSON.parse(after.seats)).toEqual([1]);
    expect(after.refundDue).toBeNull();
    expect(await seatRows(booking._id)).toEqual([{ tripId: trips.a._id, seat: 1 }]);
    expect(await bookedSeats(t, trips.cheap._id)).toEqual([]);
    // The one seat left changes as any booking does.
    const again = await changeBooking(
      bookingContext(t.app),
      { ...proofOf(booking), tripId: trips.cheap._id, seats: [1] },
      { ip: '10.0.0.1' },
    );
    expect('changed' in again, JSON.stringify(again)).toBe(true);
    const moved = await row(booking._id);
    expect(Number(moved.totalTicketPrice)).toBe(Number(trips.cheap.trip_ticket_priceId.price));
    expect(Number(moved.refundDue)).toBe(Number(after.totalTicketPrice) - Number(moved.totalTicketPrice));
  });

  it('nor with a change to a dearer trip: no difference is asked for the cancelled seat', async () => {
    const trips = await route();
    const booking = await counterSale(t, trips.a, [5, 2]);
    const outcome = await changeWhileSeatCancelled(booking, trips.dearer, [5, 6]);
    expect(outcome).toEqual({ refused: { code: 'SEAT_COUNT' } });
    const changes = await db()
      .selectFrom('bookings')
      .select('id')
      .where('changeOf', '=', booking._id)
      .execute();
    expect(changes).toEqual([]);
    expect(await bookedSeats(t, trips.dearer._id)).toEqual([]);
  });

  it('a whole cancellation of a booking changed just before it frees the new trip’s seats', async () => {
    const trips = await route();
    const booking = await counterSale(t, trips.a, [3]);
    const racing = beforeTransaction(db(), async () => {
      if ((await row(booking._id)).tripId !== trips.a._id) return;
      const changed = await client(t).post('/api/bookings/changeBooking', {
        ...proofOf(booking),
        tripId: trips.cheap._id,
        seats: [3],
      });
      expect(changed.statusCode, changed.body).toBe(200);
    });
    const outcome = await cancel({ ...bookingContext(t.app), db: racing }, booking._id, {
      ...proofOf(booking),
      ip: '10.0.0.2',
    });
    expect('cancelled' in outcome, JSON.stringify(outcome)).toBe(true);
    const after = await row(booking._id);
    expect(Number(after.isCancelled)).toBe(1);
    expect(after.tripId).toBe(trips.cheap._id);
    expect(await seatRows(booking._id)).toEqual([]);
    expect(await bookedSeats(t, trips.cheap._id)).not.toContain(3);
    // What was paid for the cheaper trip comes back (the change's difference, and the cancellation's refund).
    expect(Number(after.refundDue)).toBeGreaterThan(0);
  });

  it('a booking whose trip is gone still cancels, once (nothing to compare its trip with)', async () => {
    const trips = await routeTrips(t, t.token, { date: day(2), price: 10_000 + ++serial }, {});
    const booking = await counterSale(t, trips.a, [6]);
    await db().deleteFrom('trips').where('id', '=', trips.a._id).execute();
    const cancelled = await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(Number((await row(booking._id)).isCancelled)).toBe(1);
    expect(await seatRows(booking._id)).toEqual([]);
  });

  it('a refund recorded paid while a second change adds to it is refused, then paid whole', async () => {
    const trips = await route();
    const booking = await counterSale(t, trips.a, [4]);
    const first = await client(t).post('/api/bookings/changeBooking', {
      ...proofOf(booking),
      tripId: trips.cheap._id,
      seats: [4],
    });
    expect(first.statusCode, first.body).toBe(200);
    const shown = Number((await row(booking._id)).refundDue);
    expect(shown).toBeGreaterThan(0);
    const racing = beforeTransaction(db(), async () => {
      if ((await row(booking._id)).tripId !== trips.cheap._id) return;
      const second = await client(t).post('/api/bookings/changeBooking', {
        ...proofOf(booking),
        tripId: trips.cheaper._id,
        seats: [4],
      });
      expect(second.statusCode, second.body).toBe(200);
    });
    const staff = await db().selectFrom('users').select(['id', 'email']).executeTakeFirstOrThrow();
    const by = {
      staffId: staff.id,
      actor: { userId: staff.id, userLabel: staff.email, ip: '10.0.0.3' },
      confirms: true,
      method: 'transfer' as const,
      reference: `FT${serial}`,
    };
    const owedNow =
      Number(trips.a.trip_ticket_priceId.price) - Number(trips.cheaper.trip_ticket_priceId.price);
    const refused = await markRefundPaid({ ...bookingContext(t.app), db: racing }, booking._id, by);
    expect(refused).toMatchObject({ refused: 'AMOUNT_CHANGED', refundDue: owedNow });
    expect((await row(booking._id)).refundPaidAt).toBeNull();
    expect(await refundsPaid(booking._id)).toBe(0);
    // Over HTTP the desk is told the new amount, in a code it says in its own language.
    const answer = await t.staff.patch(`/api/payments/markRefundPaid/${booking._id}`, {
      refundMethod: 'transfer',
      refundReference: `FT${serial}-2`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await refundsPaid(booking._id)).toBe(owedNow);
  });

  it('a change verified after its old trip’s cut-off gives the difference back and leaves the booking', async () => {
    const trips = await route();
    const booking = await counterSale(t, trips.a, [7]);
    const start = clock.now();
    const departure = departureInstant(trips.a.trip_date, trips.a.trip_boarding_time).getTime();
    try {
      clock.set(new Date(departure - 20 * MINUTE));
      const asked = await client(t).post('/api/bookings/changeBooking', {
        ...proofOf(booking),
        tripId: trips.dearer._id,
        seats: [7],
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const change = asked.json().change as { ticketId: string };
      clock.set(new Date(departure - 17 * MINUTE));
      const proof = await sendProof(
        t,
        { ticketId: change.ticketId, phone: booking.passengerInfo.phone },
        uniquePng(),
        { reference: `LATE-${dialect}-${serial}` },
      );
      expect(proof.statusCode, proof.body).toBe(200);
      const changeRow = await db()
        .selectFrom('bookings')
        .selectAll()
        .where('ticketId', '=', change.ticketId)
        .executeTakeFirstOrThrow();
      // Its new seats are held no later than the cut-off: after it the change cannot complete.
      const cutoff = departure - CHANGE_CUTOFF_MINUTES * MINUTE;
      expect(Date.parse(changeRow.paymentDeadline!)).toBeLessThanOrEqual(cutoff);
      // Staff verify an hour after the old bus left, its traveller on it.
      clock.set(new Date(departure + 60 * MINUTE));
      const verified = await t.staff.patch(`/api/bookings/verifyPayment/${changeRow.id}`, {
        note: 'seen on the statement',
      });
      expect(verified.statusCode, verified.body).toBe(200);
      const after = await row(booking._id);
      expect(after.tripId).toBe(trips.a._id);
      expect(await seatRows(booking._id)).toEqual([{ tripId: trips.a._id, seat: 7 }]);
      const closed = await row(changeRow.id);
      expect(Number(closed.isCancelled)).toBe(1);
      expect(Number(closed.refundDue)).toBe(Number(changeRow.totalTicketPrice));
      expect(await bookedSeats(t, trips.dearer._id)).not.toContain(7);
    } finally {
      clock.set(start);
    }
  });
});
