// Another day (issue 22): a traveller changes their booking to another trip of its route until 15 minutes
// before departure. The quote shows the difference and the change fee of the booking's snapshot; a lower price
// moves at once and owes the rest back, a higher one waits for the difference (the payments desk verifies it
// and the move completes; a lapse leaves the booking as it was); the seat key holds against a race of changes
// and sales on the same seats.
import { describe, expect, it } from 'vitest';
import { DEFAULT_REFUND_RULES } from '../../shared/refund-rules.ts';
import { departureInstant, khartoumMidnight, khartoumToday } from '../../shared/rules.ts';
import { queueReminders } from '../../server/messages/scheduled.ts';
import { ManualClock } from '../../server/clock.ts';
import { bookingContext, expireLapsedHolds } from '../../server/sales/index.ts';
import { book, bookedSeats, type TripDoc } from './helpers/bookings.ts';
import { createOk, makeTrip, otherCompanyBus, sameRouteTrip } from './helpers/fixtures.ts';
import { activity, counterSale, type Doc, sendProof, uniquePng } from './helpers/payments.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const FEE = 500;

describe.each(dialects)('changing a booking to another day (%s)', (dialect) => {
  const clock = new ManualClock(Date.parse('2026-12-01T06:00:00Z'));
  const t = useTestApp(dialect, { clock });
  const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * DAY));
  let trips: { a: Doc & TripDoc; b: Doc & TripDoc; c: Doc & TripDoc; other: Doc & TripDoc; rival: Doc };

  /** Trips of one route: A (10,000 a seat, in 2 days), B (12,000, in 3), C (7,000, in 3); another route. */
  async function setUp() {
    const first = await makeTrip(t, t.token, { seats: 10, date: day(2), price: 10_000 });
    const more = (offset: number, price: number) =>
      sameRouteTrip(t, t.token, first, { date: day(offset), price });
    const other = await makeTrip(t, t.token, { seats: 10, date: day(3), price: 11_000 });
    // The same route on another company's bus: its seats are not the first company's to give.
    const rivalBus = await otherCompanyBus(t, t.token, 10);
    const rival = await createOk(t, t.token, '/api/trips/createTrip', {
      busId: rivalBus._id,
      trip_originId: first.origin._id,
      trip_destinationId: first.destination._id,
      trip_date: day(3),
      trip_boarding_time: '9:00 am',
      trip_ticket_priceId: first.price._id,
    });
    trips = { a: first.trip, b: await more(3, 12_000), c: await more(4, 7_000), other: other.trip, rival };
  }

  const paidBooking = (seats: number[], trip: Doc = trips.a) => counterSale(t, trip, seats);
  const proofOf = (booking: Doc) => ({ ticketId: booking.ticketId, phone: booking.passengerInfo.phone });
  const quote = (booking: Doc, trip: Doc, seats: number[]) =>
    client(t).get(
      `/api/bookings/changeQuote?${new URLSearchParams({ ...proofOf(booking), tripId: trip._id, seats: seats.join(',') })}`,
    );
  const change = (booking: Doc, trip: Doc, seats: number[]) =>
    client(t).post('/api/bookings/changeBooking', { ...proofOf(booking), tripId: trip._id, seats });
  const lookUp = async (booking: Doc) =>
    (await client(t).get(`/api/bookings/filterBookings?${new URLSearchParams(proofOf(booking))}`)).json()[0];
  /** `count` seats of `trip` nobody holds yet (earlier tests sell some). */
  const freeSeats = async (trip: Doc, count: number) => {
    const taken = await bookedSeats(t, trip._id);
    return [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((seat) => !taken.includes(seat)).slice(0, count);
  };
  const listed = async (url: string) => ((await t.staff.get(url)).json() as Doc[]).map((row) => row._id);

  it('quotes up and down in price with the change fee of the booking’s snapshot, not the settings of now', async () => {
    const fee = await t.staff.patch('/api/settings/updateRefundRules', {
      ...DEFAULT_REFUND_RULES,
      changeFee: FEE,
    });
    expect(fee.statusCode, fee.body).toBe(200);
    await setUp();
    const booking = await paidBooking([1, 2]);
    await t.staff.patch('/api/settings/updateRefundRules', { ...DEFAULT_REFUND_RULES, changeFee: 9_999 });
    const up = await quote(booking, trips.b, [1, 2]);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      oldTotal: 20_000,
      newTotal: 24_000,
      difference: 4_000,
      fee: FEE,
      toPay: 4_500,
      refund: 0,
    });
    const down = await quote(booking, trips.c, [1, 2]);
    expect(down.json()).toMatchObject({
      newTotal: 14_000,
      difference: -6_000,
      fee: FEE,
      toPay: 0,
      refund: 5_500,
    });
    expect(down.json().until).toBe(
      new Date(departureInstant(day(2), '9:00 am').getTime() - 15 * MINUTE).toISOString(),
    );
    await t.staff.patch('/api/settings/updateRefundRules', { ...DEFAULT_REFUND_RULES, changeFee: FEE });
  });

  it('refuses what cannot be changed, each with its code, never a 500', async () => {
    const booking = await paidBooking([3]);
    const cases: [Promise<{ statusCode: number; json: () => Doc }>, number, string?][] = [
      [quote(booking, trips.other, [3]), 409, 'TRIP_UNAVAILABLE'],
      [quote(booking, trips.rival, [3]), 409, 'TRIP_UNAVAILABLE'],
      [change(booking, trips.rival, [3]), 409, 'TRIP_UNAVAILABLE'],
      [quote(booking, trips.a, [4]), 409, 'TRIP_UNAVAILABLE'],
      [quote(booking, trips.b, [3, 4]), 409, 'SEAT_COUNT'],
      [quote(booking, trips.b, [11]), 409, 'SEAT_OUT_OF_RANGE'],
      [quote({ ...booking, ticketId: '0000000000000' }, trips.b, [3]), 404],
      [
        client(t).get(
          `/api/bookings/changeQuote?${new URLSearchParams({ ...proofOf(booking), tripId: trips.b._id, seats: 'x' })}`,
        ),
        400,
      ],
      [client(t).post('/api/bookings/changeBooking', { ...proofOf(booking), tripId: trips.b._id }), 400],
    ];
    for (const [answer, status, code] of cases) {
      const response = await answer;
      expect(response.statusCode).toBe(status);
      if (code) expect(response.json().code).toBe(code);
    }
    const taker = await paidBooking([5], trips.b);
    const taken = await change(booking, trips.b, [5]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SEATS_TAKEN', takenSeats: [5] });
    expect(taker.tripId).toBeDefined();
  });

  it('closes exactly 15 minutes before the booked trip’s departure', async () => {
    const booking = await paidBooking([6]);
    const departure = departureInstant(day(2), '9:00 am').getTime();
    const start = clock.now();
    try {
      clock.set(new Date(departure - 15 * MINUTE - 1));
      expect((await quote(booking, trips.c, [6])).statusCode).toBe(200);
      clock.set(new Date(departure - 15 * MINUTE));
      for (const answer of [await quote(booking, trips.c, [6]), await change(booking, trips.c, [6])]) {
        expect(answer.statusCode).toBe(409);
        expect(answer.json().code).toBe('CHANGE_CLOSED');
      }
    } finally {
      clock.set(start);
    }
  });

  it('a lower price moves at once: same ticket id, old seat freed, the rest owed back, logged and told', async () => {
    const booking = await paidBooking([7]);
    const done = await change(booking, trips.c, [8]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      state: 'changed',
      ticketId: booking.ticketId,
      refund: 2_500,
      change: null,
    });
    const found = await lookUp(booking);
    expect(found).toMatchObject({
      tripId: trips.c._id,
      seats: [8],
      totalTicketPrice: [7_000],
      refundDue: 2_500,
    });
    expect(await bookedSeats(t, trips.a._id)).not.toContain(7);
    expect(await bookedSeats(t, trips.c._id)).toContain(8);
    expect(await listed('/api/payments/getRefunds?status=due&_start=0&_end=200')).toContain(booking._id);
    const logged = (await activity(t, 'change_booking')).find((row) => row.recordId === booking._id);
    expect(logged?.diff).toMatchObject({
      tripId: [trips.a._id, trips.c._id],
      seats: [[7], [8]],
      refundDue: [null, 2_500],
    });
    const told = await t.database.db
      .selectFrom('messages')
      .select('kind')
      .where('bookingId', '=', booking._id)
      .execute();
    expect(told.map((row) => row.kind).filter((kind) => kind === 'ticket').length).toBe(2);
    // Cancelled later, the tiers' refund of the new price adds to what the change owed (7,000 − 10 % + 2,500).
    const cancelled = await client(t).patch(`/api/bookings/cancelBooking/${booking._id}`, proofOf(booking));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await t.staff.get(`/api/bookings/getBooking/${booking._id}`)).json().refundDue).toBe(8_800);
  });

  it('a higher price waits for the difference, keeping the old seats; verified, the move completes', async () => {
    const booking = await paidBooking([4]);
    const asked = await change(booking, trips.b, [9]);
    expect(asked.statusCode, asked.body).toBe(200);
    const answer = asked.json();
    expect(answer).toMatchObject({ state: 'awaiting_payment', toPay: 2_500 });
    expect(await bookedSeats(t, trips.a._id)).toContain(4);
    expect(await bookedSeats(t, trips.b._id)).toContain(9);
    expect((await lookUp(booking)).pendingChange).toMatchObject({
      ticketId: answer.change.ticketId,
      toPay: 2_500,
      tripId: trips.b._id,
    });
    const again = await change(booking, trips.c, [1]);
    expect(again.json().code).toBe('CHANGE_PENDING');

    const proof = await sendProof(
      t,
      { ticketId: answer.change.ticketId, phone: booking.passengerInfo.phone },
      uniquePng(),
      { reference: `CHG-${dialect}` },
    );
    expect(proof.statusCode, proof.body).toBe(200);
    const changeId = (
      await t.database.db
        .selectFrom('bookings')
        .select('id')
        .where('ticketId', '=', answer.change.ticketId)
        .executeTakeFirstOrThrow()
    ).id;
    expect(await listed('/api/payments/getQueue?_start=0&_end=200')).toContain(changeId);
    const verified = await t.staff.patch(`/api/bookings/verifyPayment/${changeId}`, {});
    expect(verified.statusCode, verified.body).toBe(200);

    expect(await lookUp(booking)).toMatchObject({
      tripId: trips.b._id,
      seats: [9],
      totalTicketPrice: [12_000],
      pendingChange: null,
      paymentStatus: 'verified',
    });
    expect(await bookedSeats(t, trips.a._id)).not.toContain(4);
    const holders = await t.database.db
      .selectFrom('booking_seats')
      .select('bookingId')
      .where('tripId', '=', trips.b._id)
      .where('seat', '=', 9)
      .execute();
    expect(holders).toEqual([{ bookingId: booking._id }]);
    expect((await activity(t, 'change_booking')).some((row) => row.recordId === booking._id)).toBe(true);
  });

  it('a change whose difference is not paid lapses: its seats free, the booking as it was, a new change allowed', async () => {
    const booking = await paidBooking([5]);
    const asked = await change(booking, trips.b, [2]);
    expect(asked.json().state).toBe('awaiting_payment');
    const start = clock.now();
    clock.set(new Date(Date.parse(asked.json().change.deadline) + 1));
    try {
      await expireLapsedHolds(bookingContext(t.app));
      expect(await lookUp(booking)).toMatchObject({
        tripId: trips.a._id,
        seats: [5],
        isCancelled: false,
        pendingChange: null,
        paymentStatus: 'verified',
      });
      expect(await bookedSeats(t, trips.a._id)).toContain(5);
      expect(await bookedSeats(t, trips.b._id)).not.toContain(2);
      const expired = await t.database.db
        .selectFrom('messages')
        .select('kind')
        .where('kind', '=', 'hold_expired')
        .where('phone', 'like', `%${booking.passengerInfo.phone.slice(1)}`)
        .execute();
      expect(expired).toEqual([]);
      expect((await quote(booking, trips.c, [2])).statusCode).toBe(200);
    } finally {
      clock.set(start);
    }
  });

  it('an unpaid booking moves at once with its deadline, free of fee, at the new price', async () => {
    const booking = (await book(t, trips.a, [8])) as unknown as Doc;
    const moved = await change(booking, trips.b, [8]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ state: 'changed', fee: 0, toPay: 0, refund: 0 });
    expect(await lookUp(booking)).toMatchObject({
      tripId: trips.b._id,
      totalTicketPrice: [12_000],
      paymentStatus: 'awaiting_proof',
      paymentDeadline: booking.paymentDeadline,
    });
  });

  it('a race of changes and sales on the same seat sells it once', async () => {
    const changers = await Promise.all([1, 2, 3, 4].map((n) => paidBooking([n], trips.c)));
    const seat = 10;
    const answers = await Promise.all([
      ...changers.map((booking) => change(booking, trips.b, [seat])),
      ...[1, 2, 3].map(() =>
        paidBooking([seat], trips.b)
          .then(() => ({ statusCode: 201 }))
          .catch(() => ({ statusCode: 409 })),
      ),
    ]);
    expect(answers.every((answer) => [200, 201, 409].includes(answer.statusCode))).toBe(true);
    const holders = await t.database.db
      .selectFrom('booking_seats')
      .select('bookingId')
      .where('tripId', '=', trips.b._id)
      .where('seat', '=', seat)
      .execute();
    expect(holders.length).toBe(1);
    const live = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'seats', 'tripId'])
      .where('tripId', '=', trips.b._id)
      .where('isCancelled', '=', 0)
      .execute();
    expect(live.filter((row) => (JSON.parse(row.seats) as number[]).includes(seat)).length).toBe(1);
  });
  it('while a change waits for its difference, no seat of the booking is cancelled alone (the change moves them all)', async () => {
    const booking = await paidBooking(await freeSeats(trips.a, 2));
    const asked = await change(booking, trips.b, await freeSeats(trips.b, 2));
    expect(asked.json().state, asked.body).toBe('awaiting_payment');
    const some = await client(t).patch(`/api/bookings/cancelSeats/${booking._id}`, {
      ...proofOf(booking),
      seats: [booking.seats[1]],
    });
    expect(some.statusCode, some.body).toBe(409);
    expect(some.json().code).toBe('CHANGE_PENDING');
    expect(await lookUp(booking)).toMatchObject({ seats: booking.seats, isCancelled: false });
  });

  it('a change awaiting its difference is not reminded the evening before its trip: it is no journey yet', async () => {
    const booking = await paidBooking(await freeSeats(trips.a, 1));
    const asked = await change(booking, trips.b, await freeSeats(trips.b, 1));
    expect(asked.json().state, asked.body).toBe('awaiting_payment');
    const start = clock.now();
    // 18:00 Khartoum the evening before trip B (day 3), while the change still waits (its deadline is later).
    clock.set(new Date(khartoumMidnight(day(2)) + 18 * 60 * MINUTE + MINUTE));
    try {
      await queueReminders(t.database.db, clock.now());
      const reminders = await t.database.db
        .selectFrom('messages')
        .innerJoin('bookings', 'bookings.id', 'messages.bookingId')
        .select('messages.bookingId')
        .where('messages.kind', '=', 'reminder')
        .where('bookings.ticketId', '=', asked.json().change.ticketId)
        .execute();
      expect(reminders).toEqual([]);
    } finally {
      clock.set(start);
    }
  });
});
