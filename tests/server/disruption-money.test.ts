// Money and seats when a trip is cancelled under a traveller's other plans (found by an attack review of
// disruptions): a change of day whose difference is paid after either of its trips was cancelled; a refund
// owed, or already paid, from a change to a cheaper trip when the booking is then refunded again; a booking
// waiting for its traveller's choice cancelled at the traveller's own rates; a traveller moved to a trip that
// is cancelled in turn. Each test fails on the code before its fix.
import { describe, expect, it } from 'vitest';
import { khartoumMidnight, khartoumToday } from '../../shared/rules.ts';
import { REMINDER_HOUR } from '../../shared/messages.ts';
import { queueReminders } from '../../server/messages/scheduled.ts';
import { DEFAULT_REFUND_RULES } from '../../shared/refund-rules.ts';
import { ManualClock } from '../../server/clock.ts';
import type { Db } from '../../server/db/schema.ts';
import { bookingContext, changeBooking, refundUnchosen } from '../../server/sales/index.ts';
import { generateTrips } from '../../server/resources/timetables/timetables.service.ts';
import * as changeNotASale from '../../server/db/migrations/2026-11-28-104-change-not-a-sale.ts';
import { bookedSeats } from './helpers/bookings.ts';
import { createOk, makeTrip, routeTrips } from './helpers/fixtures.ts';
import { counterSale, type Doc, sendProof, uniquePng } from './helpers/payments.ts';
import { beforeTransaction } from './helpers/races.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;
const REASON = { reason_en: 'the road to Kassala is closed', reason_ar: 'طريق كسلا مقفول' };

describe.each(dialects)('money when trips are cancelled under other plans (%s)', (dialect) => {
  const clock = new ManualClock(Date.parse('2026-12-01T06:00:00Z'));
  const t = useTestApp(dialect, { clock });
  const db = () => t.app.db as Db;
  const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * DAY));
  let serial = 0;

  /** A route's trips on one company's buses: A about 10,000 a seat in 2 days, dear 12,000 in 3, cheap 7,000 in 4. */
  const route = () =>
    routeTrips(
      t,
      t.token,
      { date: day(2), price: 10_000 + ++serial },
      {
        dear: { date: day(3), price: 12_000 + ++serial },
        cheap: { date: day(4), price: 7_000 + ++serial },
      },
    );

  const priceOf = (trip: Doc) => Number(trip.trip_ticket_priceId.price);
  const proofOf = (booking: Doc) => ({ ticketId: booking.ticketId, phone: booking.passengerInfo.phone });
  const change = (booking: Doc, trip: Doc, seats: number[]) =>
    client(t).post('/api/bookings/changeBooking', { ...proofOf(booking), tripId: trip._id, seats });
  const row = (id: string) =>
    db().selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const cancelTrip = async (trip: Doc) =>
    expect((await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`, REASON)).statusCode).toBe(200);
  const changeRow = (ticketId: string) =>
    db().selectFrom('bookings').selectAll().where('ticketId', '=', ticketId).executeTakeFirstOrThrow();
  /** The refunds the desk lists as owed. */
  const owed = async () => (await t.staff.get('/api/payments/getRefunds?_start=0&_end=500')).json() as Doc[];
  /** The ledger's sums of one booking and the rows split from it. */
  async function ledger(bookingId: string) {
    const rows = await db()
      .selectFrom('money_events')
      .select(['kind', 'amount'])
      .where('originId', '=', bookingId)
      .execute();
    const sums: Record<string, number> = {};
    for (const { kind, amount } of rows) sums[kind] = (sums[kind] ?? 0) + Number(amount);
    return sums;
  }

  /** A paid booking of seat `seat` of A asking to change to the dear trip: its change and the booking. */
  async function dearChange(trips: Awaited<ReturnType<typeof route>>, seat: number) {
    const booking = await counterSale(t, trips.a, [seat]);
    const asked = await change(booking, trips.dear, [seat]);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ state: 'awaiting_payment' });
    const ticketId = asked.json().change.ticketId as string;
    const proof = await sendProof(t, { ticketId, phone: booking.passengerInfo.phone }, uniquePng(), {
      reference: `DM-${++serial}-${dialect}`,
    });
    expect(proof.statusCode, proof.body).toBe(200);
    return { booking, changeId: (await changeRow(ticketId)).id, toPay: Number(asked.json().toPay) };
  }

  // Found: completeChange moved the booking to the new trip whatever had happened to either trip. With its old
  // trip cancelled the booking still waited for a choice, so at the new trip's time it was refunded in full
  // while its traveller rode; with the new trip cancelled it was moved onto a bus that does not run.
  it('a difference paid after the old trip was cancelled goes back; the booking keeps waiting for its choice', async () => {
    const trips = await route();
    const { booking, changeId, toPay } = await dearChange(trips, 1);
    await cancelTrip(trips.a);
    const verified = await t.staff.patch(`/api/bookings/verifyPayment/${changeId}`, {});
    expect(verified.statusCode, verified.body).toBe(200);
    const after = await row(booking._id);
    expect({ trip: after.tripId, state: after.disruptionState }).toEqual({
      trip: trips.a._id,
      state: 'waiting',
    });
    expect(await bookedSeats(t, trips.dear._id)).not.toContain(1);
    const closed = await row(changeId);
    expect({ cancelled: Number(closed.isCancelled), refundDue: Number(closed.refundDue) }).toEqual({
      cancelled: 1,
      refundDue: toPay,
    });
    // The traveller may still move free or take the full refund.
    const refunded = await client(t).post('/api/bookings/requestRefund', proofOf(booking));
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(Number((await row(booking._id)).refundDue)).toBe(priceOf(trips.a));
  });

  it('a difference paid after the new trip was cancelled goes back; the booking stays on its running trip', async () => {
    const trips = await route();
    const { booking, changeId, toPay } = await dearChange(trips, 2);
    await cancelTrip(trips.dear);
    const verified = await t.staff.patch(`/api/bookings/verifyPayment/${changeId}`, {});
    expect(verified.statusCode, verified.body).toBe(200);
    const after = await row(booking._id);
    expect({
      trip: after.tripId,
      state: after.disruptionState,
      cancelled: Number(after.isCancelled),
    }).toEqual({
      trip: trips.a._id,
      state: null,
      cancelled: 0,
    });
    expect(await bookedSeats(t, trips.a._id)).toContain(2);
    expect(Number((await row(changeId)).refundDue)).toBe(toPay);
    // At the cancelled trip's time nobody is refunded twice: the booking rides A.
    clock.advance(4 * DAY);
    await refundUnchosen(db(), clock.now());
    expect(Number((await row(booking._id)).isCancelled)).toBe(0);
    clock.set(new Date('2026-12-01T06:00:00Z'));
  });

  // Found: the change checked the old trip from the cache, and under its lock only the booking's trip and
  // payment: a cancellation committing in between left the booking moved onto a running trip and still waiting,
  // so it was refunded in full at that trip's time while its traveller rode.
  it('a cancellation of the old trip committed just before a change takes its locks: the change is refused', async () => {
    const trips = await route();
    const booking = await counterSale(t, trips.a, [3]);
    const racing = beforeTransaction(db(), async () => {
      if ((await row(booking._id)).disruptionState === 'waiting') return;
      await cancelTrip(trips.a);
    });
    const outcome = await changeBooking(
      { ...bookingContext(t.app), db: racing },
      { ticketId: booking.ticketId, phone: booking.passengerInfo.phone, tripId: trips.cheap._id, seats: [3] },
      { ip: '10.9.8.7' },
    );
    expect(outcome).toEqual({ refused: { code: 'CHANGE_CLOSED' } });
    const after = await row(booking._id);
    expect({ trip: after.tripId, state: after.disruptionState }).toEqual({
      trip: trips.a._id,
      state: 'waiting',
    });
    expect(await bookedSeats(t, trips.cheap._id)).not.toContain(3);
  });

  // Found: refunding a booking in full wrote its price over a refund still owed from a change to a cheaper
  // trip (that money was lost), and over one already paid (the new refund was then hidden from the desk, which
  // answered ALREADY_PAID, and the ledger counted it as paid back).
  it('a full refund after a cheaper change adds to what is still owed, and beside what was paid is owed on its own', async () => {
    const trips = await route();
    const unpaid = await counterSale(t, trips.a, [4]);
    const paidBack = await counterSale(t, trips.a, [5]);
    for (const booking of [unpaid, paidBack]) {
      const moved = await change(booking, trips.cheap, [booking.seats[0]]);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const difference = priceOf(trips.a) - priceOf(trips.cheap);
    expect(Number((await row(unpaid._id)).refundDue)).toBe(difference);
    const sent = await t.staff.patch(`/api/payments/markRefundPaid/${paidBack._id}`, {
      refundReference: `OUT-${dialect}-1`,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    await cancelTrip(trips.cheap);
    for (const booking of [unpaid, paidBack])
      expect((await client(t).post('/api/bookings/requestRefund', proofOf(booking))).statusCode).toBe(200);
    const price = priceOf(trips.cheap);
    expect(Number((await row(unpaid._id)).refundDue)).toBe(difference + price);
    // The refund paid stays as it was; the new one is a record of its own that the desk lists and pays.
    const paidRow = await row(paidBack._id);
    expect(Number(paidRow.refundDue)).toBe(difference);
    expect(paidRow.refundPaidAt).toBeTruthy();
    const record = (await owed()).find((entry) => entry.splitFrom === paidBack._id);
    expect(record).toMatchObject({ refundDue: price, isCancelled: true });
    const pay = await t.staff.patch(`/api/payments/markRefundPaid/${record!._id}`, {
      refundReference: `OUT-${dialect}-2`,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    // The ledger: owed back the difference and the new fare, paid back both (the old code counted the second
    // refund as paid the moment it was owed).
    expect(await ledger(paidBack._id)).toMatchObject({
      refund_owed: difference + price,
      refund_paid: difference + price,
    });
  });

  it('a cancellation at the traveller’s rates after a cheaper change paid back is owed on its own too', async () => {
    const trips = await route();
    const booking = await counterSale(t, trips.a, [6]);
    expect((await change(booking, trips.cheap, [6])).statusCode).toBe(200);
    const difference = priceOf(trips.a) - priceOf(trips.cheap);
    await t.staff.patch(`/api/payments/markRefundPaid/${booking._id}`, {
      refundReference: `OUT-${dialect}-3`,
    });
    const cancelled = await client(t).patch(`/api/bookings/cancelBooking/${booking._id}`, proofOf(booking));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const record = (await owed()).find((entry) => entry.splitFrom === booking._id);
    expect(record?.refundDue).toBeGreaterThan(0);
    expect(Number((await row(booking._id)).refundDue)).toBe(difference);
    expect((await ledger(booking._id)).refund_paid).toBe(difference);
  });

  // Found: cancelBooking took a booking whose trip the operator cancelled at the traveller's own rates (perhaps
  // nothing back), after which requestRefund no longer found it.
  it('a booking waiting for its choice is not cancelled at the traveller’s rates: it is told to choose', async () => {
    const trips = await route();
    const booking = await counterSale(t, trips.a, [7]);
    await cancelTrip(trips.a);
    const quote = await client(t).get(
      `/api/bookings/cancellationQuote?${new URLSearchParams(proofOf(booking))}`,
    );
    expect(quote.statusCode).toBe(409);
    expect(quote.json().code).toBe('TRIP_UNAVAILABLE');
    for (const caller of [client(t), t.staff]) {
      const cancelled = await caller.patch(`/api/bookings/cancelBooking/${booking._id}`, proofOf(booking));
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json().code).toBe('TRIP_UNAVAILABLE');
    }
    expect(await row(booking._id)).toMatchObject({ isCancelled: 0, disruptionState: 'waiting' });
    expect((await client(t).post('/api/bookings/requestRefund', proofOf(booking))).statusCode).toBe(200);
    expect(Number((await row(booking._id)).refundDue)).toBe(priceOf(trips.a));
  });

  // Found: the cancellation text's key was the booking's alone, so a traveller moved to a trip that was then
  // cancelled too was never told the second time.
  it('a traveller moved to a trip that is cancelled in turn is told again', async () => {
    const trips = await route();
    const booking = await counterSale(t, trips.a, [8]);
    await cancelTrip(trips.a);
    const moved = await client(t).post('/api/bookings/moveBooking', {
      ...proofOf(booking),
      tripId: trips.dear._id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await cancelTrip(trips.dear);
    const told = await db()
      .selectFrom('messages')
      .select('kind')
      .where('bookingId', '=', booking._id)
      .where('kind', '=', 'trip_cancelled')
      .execute();
    expect(told).toHaveLength(2);
  });

  // Found: a delay took any new date: yesterday (every traveller then marked not boarded, with no refund or
  // change left open), or a time its bus already runs another trip.
  it('a delay is to a later time, on which its bus is free; refused trips are left as they were', async () => {
    const trips = await route();
    await counterSale(t, trips.dear, [1]);
    const delay = (newDate: string, newBoardingTime: string, dryRun = false) =>
      t.staff.post('/api/trips/disrupt', {
        tripIds: [trips.dear._id],
        action: 'delay',
        newDate,
        newBoardingTime,
        dryRun,
        ...REASON,
      });
    const refusal = async (answer: Promise<{ statusCode: number; json: () => Doc }>) => {
      const response = await answer;
      expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
      return response.json().trips[0].refused as string | undefined;
    };
    expect(await refusal(delay(day(-1), '7:00 pm'))).toBe('NOT_LATER');
    expect(await refusal(delay(day(2), '7:00 pm'))).toBe('NOT_LATER');
    expect(await refusal(delay(day(3), '9:00 am'))).toBe('NOT_LATER');
    // The bus runs another trip on day 5 at 9:00.
    const other = await createOk(t, t.token, '/api/trips/createTrip', {
      busId: (trips.dear as Doc).busId._id,
      trip_originId: (trips.a as Doc).trip_originId._id,
      trip_destinationId: (trips.a as Doc).trip_destinationId._id,
      trip_date: day(5),
      trip_boarding_time: '9:00 am',
      trip_ticket_priceId: (trips.a as Doc).trip_ticket_priceId._id,
    });
    expect(other._id).toBeTruthy();
    expect(await refusal(delay(day(5), '9:00 am', true))).toBe('BUS_BUSY');
    expect(await refusal(delay(day(5), '9:00 am'))).toBe('BUS_BUSY');
    const trip = (await t.staff.get(`/api/trips/getTrip/${trips.dear._id}`)).json();
    expect({ date: trip.trip_date, time: trip.trip_boarding_time }).toEqual({
      date: day(3),
      time: '9:00 am',
    });
    expect(await refusal(delay(day(3), '7:00 pm'))).toBeUndefined();
  });

  // Found: a suspension of a route over dates cancelled only the trips already made; the hourly job makes each
  // timetable's trips 30 days ahead, so a longer suspension was back on sale day by day.
  it('a route suspended longer than the sales horizon stays closed: its timetables make no trip on those dates', async () => {
    const { bus, origin, destination, price } = await makeTrip(t, t.token, { date: day(1) });
    const timetable = await createOk(t, t.token, '/api/timetables/createTimetable', {
      timetable_originId: origin._id,
      timetable_destinationId: destination._id,
      busId: bus._id,
      timetable_boarding_time: '7:00 pm',
      timetable_ticket_priceId: price._id,
      timetable_days: [0, 1, 2, 3, 4, 5, 6],
      timetable_from: day(0),
    });
    const suspended = await t.staff.post('/api/trips/disrupt', {
      originId: origin._id,
      destinationId: destination._id,
      from: day(5),
      to: day(64),
      action: 'cancel',
      ...REASON,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const live = async () =>
      (
        await db()
          .selectFrom('trips')
          .select('trip_date')
          .where('timetableId', '=', timetable._id)
          .where('isCancelled', '=', 0)
          .execute()
      ).map((trip) => trip.trip_date);
    const start = clock.now();
    try {
      // Forty days on, the job has run every day: nothing on sale inside the suspension, the days after it are.
      for (let days = 1; days <= 40; days++) {
        clock.set(new Date(start.getTime() + days * DAY));
        await generateTrips(db(), clock.now(), t.app.config.salesHorizonDays);
      }
      const dates = await live();
      expect(dates.filter((date) => date >= day(-35) && date <= day(24))).toEqual([]);
      expect(dates.some((date) => date > day(24))).toBe(true);
    } finally {
      clock.set(start);
    }
    const edited = (await t.staff.get(`/api/timetables/getTimetable/${timetable._id}`)).json();
    expect(edited.timetable_dates_off).toHaveLength(60);
  });

  // Found while testing the refunds above: a change of day moved its booking's price from the old fare to the
  // new, and the ledger counted that as a sale, beside what the traveller paid for it (the difference, on its
  // change) or was owed back (the refund): each change of a paid booking put the fares' difference into the
  // company's sales, up or down, twice.
  it('the ledger counts what a changed booking’s traveller paid and is owed back, not the fares’ difference', async () => {
    const trips = await route();
    const fee = 500;
    await t.staff.patch('/api/settings/updateRefundRules', { ...DEFAULT_REFUND_RULES, changeFee: fee });
    try {
      const up = await dearChange(trips, 9);
      expect((await t.staff.patch(`/api/bookings/verifyPayment/${up.changeId}`, {})).statusCode).toBe(200);
      const down = await counterSale(t, trips.a, [10]);
      const moved = await change(down, trips.cheap, [10]);
      expect(moved.statusCode, moved.body).toBe(200);
      const paid = priceOf(trips.a);
      // Up: the fare, then the difference and the fee, all paid in; nothing owed back.
      expect(await ledger(up.booking._id)).toMatchObject({ sale: paid + up.toPay });
      expect(up.toPay).toBe(priceOf(trips.dear) - paid + fee);
      expect((await ledger(up.booking._id)).refund_owed ?? 0).toBe(0);
      // Down: the fare paid in; the difference less the fee owed back.
      const refund = paid - priceOf(trips.cheap) - fee;
      expect(await ledger(down._id)).toMatchObject({ sale: paid, refund_owed: refund });
    } finally {
      await t.staff.patch('/api/settings/updateRefundRules', DEFAULT_REFUND_RULES);
    }
  });

  // What the old trigger wrote is answered once, by the migration that replaced it: the fares' difference it
  // sold on a paid booking's change of day is taken back (with its commission), the ledger's rows unchanged.
  it('the migration takes back the difference the old trigger sold on each paid change of day', async () => {
    const trips = await route();
    const booking = await counterSale(t, trips.a, [8]);
    expect((await change(booking, trips.cheap, [8])).statusCode).toBe(200);
    const paid = priceOf(trips.a);
    const before = await ledger(booking._id);
    expect(before.sale).toBe(paid);
    // The row the old trigger wrote with the change.
    const difference = priceOf(trips.cheap) - paid;
    await db()
      .insertInto('money_events')
      .values({
        bookingId: booking._id,
        originId: booking._id,
        tripId: trips.cheap._id,
        companyId: null,
        kind: 'sale',
        amount: difference,
        method: 'cash',
        staffId: null,
        at: clock.now().toISOString(),
      })
      .execute();
    const rows = async () =>
      Number(
        (
          await db()
            .selectFrom('money_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const count = await rows();
    await changeNotASale.up(db());
    expect((await ledger(booking._id)).sale).toBe(paid);
    expect((await ledger(booking._id)).refund_owed).toBe(before.refund_owed);
    // Appended, nothing rewritten: the old row and its answer (no commission on this company).
    expect(await rows()).toBe(count + 1);
    // The trigger it put back is the new one: a change of day still sells nothing.
    const again = await counterSale(t, trips.a, [7]);
    expect((await change(again, trips.cheap, [7])).statusCode).toBe(200);
    expect((await ledger(again._id)).sale).toBe(paid);
  });

  // Found: the evening reminder went once per booking, ever: one reminded of its cancelled trip and moved to
  // another was not reminded of the trip it then had.
  it('a traveller reminded of a trip that was then cancelled is reminded of the trip they moved to', async () => {
    const trips = await route();
    const booking = await counterSale(t, trips.a, [6]);
    const start = clock.now();
    // The evenings before A's day and before the dear trip's, read before the clock moves.
    const [beforeA, beforeDear] = [1, 2].map(
      (offset) => new Date(khartoumMidnight(day(offset)) + (REMINDER_HOUR * 60 + 30) * 60_000),
    );
    const reminders = async () =>
      (
        await db()
          .selectFrom('messages')
          .select('tripId')
          .where('bookingId', '=', booking._id)
          .where('kind', '=', 'reminder')
          .execute()
      ).map((message) => message.tripId);
    try {
      clock.set(beforeA!);
      await queueReminders(db(), clock.now());
      expect(await reminders()).toEqual([trips.a._id]);
      await cancelTrip(trips.a);
      const moved = await client(t).post('/api/bookings/moveBooking', {
        ...proofOf(booking),
        tripId: trips.dear._id,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      // The same evening again: the new trip is not tomorrow's.
      await queueReminders(db(), clock.now());
      expect(await reminders()).toEqual([trips.a._id]);
      clock.set(beforeDear!);
      await queueReminders(db(), clock.now());
      await queueReminders(db(), clock.now());
      expect((await reminders()).sort()).toEqual([trips.a._id, trips.dear._id].sort());
    } finally {
      clock.set(start);
    }
  });

  // Found: a company's cashier who had another company's ticket id and phone could move, refund or change that
  // company's booking, the act logged under their name (a traveller's proof, but staff's authority).
  it('a company’s staff act for their company’s travellers only', async () => {
    const trips = await route();
    const booking = await counterSale(t, trips.a, [9]);
    await cancelTrip(trips.a);
    const other = await makeTrip(t, t.token, { date: day(5) });
    const stranger = client(
      t,
      await staffToken(
        t,
        { email: `other-${dialect}@rihla.test`, password: 'dune-camel-lantern-48' },
        'cashier',
        other.company._id,
      ),
    );
    const answers = [
      await stranger.post('/api/bookings/moveBooking', { ...proofOf(booking), tripId: trips.dear._id }),
      await stranger.post('/api/bookings/requestRefund', proofOf(booking)),
      await stranger.post('/api/bookings/changeBooking', {
        ...proofOf(booking),
        tripId: trips.cheap._id,
        seats: [9],
      }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
    expect(await row(booking._id)).toMatchObject({
      tripId: trips.a._id,
      disruptionState: 'waiting',
      isCancelled: 0,
    });
    // The booking's own company's staff still act for its traveller.
    const own = client(
      t,
      await staffToken(
        t,
        { email: `own-${dialect}@rihla.test`, password: 'dune-camel-lantern-48' },
        'cashier',
        trips.company._id,
      ),
    );
    const refunded = await own.post('/api/bookings/requestRefund', proofOf(booking));
    expect(refunded.statusCode, refunded.body).toBe(200);
  });
});
