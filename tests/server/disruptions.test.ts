// Disruptions (issue 21): the operator cancels or delays trips — by id or a route over dates, with a dry run —
// and every passenger is looked after: a paid booking (or one whose proof is to decide) waits for its
// traveller's choice with its seats kept, and moves free to another trip of the route (the seat key holding
// against sales and other moves) or is refunded in full; whoever does not choose is refunded at the trip's
// time, on every node once. The look-up tells the reason and the choices; the activity log names who acted.
import { describe, expect, it } from 'vitest';
import { khartoumToday } from '../../shared/rules.ts';
import { ManualClock } from '../../server/clock.ts';
import { refundUnchosen } from '../../server/sales/index.ts';
import type { Db } from '../../server/db/schema.ts';
import { book, bookedSeats, pdfText, type TripDoc } from './helpers/bookings.ts';
import { createOk, makeTrip } from './helpers/fixtures.ts';
import { activity, bookWithProof, type Doc } from './helpers/payments.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;
const REASON = { reason_en: 'the road to Kassala is closed', reason_ar: 'طريق كسلا مقفول' };

describe.each(dialects)('disruptions (%s)', (dialect) => {
  const clock = new ManualClock(Date.parse('2026-12-01T06:00:00Z'));
  const t = useTestApp(dialect, { clock });
  const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * DAY));

  /** A route with a trip on each of `offsets` (days from the clock's day), one bus each. */
  async function route(offsets: number[], seats = 10) {
    const first = await makeTrip(t, t.token, { seats, date: day(offsets[0]!) });
    const trips: (Doc & TripDoc)[] = [first.trip];
    for (const offset of offsets.slice(1)) {
      const bus = await createOk(t, t.token, '/api/buses/createBus', {
        bus_number: `BUS-${offset}-${Math.random().toString(36).slice(2, 8)}`,
        bus_owner_companyId: first.company._id,
        bus_number_of_seats: seats,
        bus_status: 'In Service',
        date_ofLast_oil_service: '2026-10-01',
      });
      trips.push(
        await createOk(t, t.token, '/api/trips/createTrip', {
          busId: bus._id,
          trip_originId: first.origin._id,
          trip_destinationId: first.destination._id,
          trip_date: day(offset),
          trip_boarding_time: '9:00 am',
          trip_ticket_priceId: first.price._id,
        }),
      );
    }
    return { ...first, trips };
  }

  async function paidBooking(
    trip: Doc,
    seats: number[],
    phone = `09${Math.floor(1e7 + Math.random() * 9e7)}`,
  ) {
    const response = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats,
      passengerInfo: { firstName: 'Halima', lastName: 'Osman', phone },
      totalTicketPrice: trip.trip_ticket_priceId.price * seats.length,
      paymentMethod: 'cash',
      language: 'ar',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().booking as Doc;
  }

  const proofOf = (booking: Doc) => ({ ticketId: booking.ticketId, phone: booking.passengerInfo.phone });
  const lookUp = async (booking: Doc) =>
    (await client(t).get(`/api/bookings/filterBookings?${new URLSearchParams(proofOf(booking))}`)).json()[0];
  const read = async (id: string) => (await t.staff.get(`/api/bookings/getBooking/${id}`)).json() as Doc;

  it('a dry run of a route over dates changes nothing and says what is at stake; the real run cancels each trip', async () => {
    const { trips, origin, destination } = await route([2, 3, 4, 12]);
    const paid = await paidBooking(trips[0]!, [1, 2]);
    const unpaid = await book(t, trips[1]!, [3]);
    const proof = await bookWithProof(t, trips[1]!, [4], `TRX-DIS-${dialect}`);
    const body = {
      originId: origin._id,
      destinationId: destination._id,
      from: day(2),
      to: day(4),
      action: 'cancel',
      ...REASON,
    };

    const preview = await t.staff.post('/api/trips/disrupt', { ...body, dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const plan = preview.json();
    expect(plan.dryRun).toBe(true);
    expect(plan.trips.map((trip: Doc) => trip.tripId)).toEqual(trips.slice(0, 3).map((trip) => trip._id));
    const price = trips[0]!.trip_ticket_priceId.price;
    expect(plan.totals).toMatchObject({
      trips: 3,
      refused: 0,
      bookings: 3,
      waiting: 2,
      released: 1,
      passengers: 4,
      phones: 3,
      paid: price * 2,
      undecided: price,
    });
    // Nothing changed, nobody told.
    expect((await t.staff.get(`/api/trips/getTrip/${trips[0]!._id}`)).json().isCancelled).toBe(false);
    expect(await read(unpaid._id)).toMatchObject({ isCancelled: false, disruptionState: null });
    const queued = async () =>
      (await t.database.db
        .selectFrom('messages')
        .select('kind')
        .where('kind', '=', 'trip_cancelled')
        .execute()) as { kind: string }[];
    const before = (await queued()).length;

    const done = await t.staff.post('/api/trips/disrupt', body);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().totals).toMatchObject({ trips: 3, bookings: 3, waiting: 2, released: 1 });
    for (const trip of trips.slice(0, 3))
      expect((await t.staff.get(`/api/trips/getTrip/${trip._id}`)).json().isCancelled).toBe(true);
    // The trip outside the dates is untouched.
    expect((await t.staff.get(`/api/trips/getTrip/${trips[3]!._id}`)).json().isCancelled).toBe(false);
    expect(await read(paid._id)).toMatchObject({ isCancelled: false, disruptionState: 'waiting' });
    expect(await read(proof._id)).toMatchObject({ isCancelled: false, disruptionState: 'waiting' });
    expect(await read(unpaid._id)).toMatchObject({ isCancelled: true, refundDue: null });
    expect((await queued()).length - before).toBe(3);

    // Again: every trip is already cancelled, reported one by one, nothing done.
    const again = (
      await t.staff.post('/api/trips/disrupt', {
        tripIds: trips.slice(0, 3).map((trip) => trip._id),
        action: 'cancel',
        ...REASON,
      })
    ).json();
    expect(again.trips.map((trip: Doc) => trip.refused)).toEqual([
      'ALREADY_CANCELLED',
      'ALREADY_CANCELLED',
      'ALREADY_CANCELLED',
    ]);
    expect(again.totals.trips).toBe(0);

    // Who asked is in the log: the request, each trip, each booking.
    const admin = (await t.staff.get('/api/auth/user')).json();
    expect(
      (await activity(t, 'disrupt')).filter((row) => row.userId === admin._id).length,
    ).toBeGreaterThanOrEqual(2);
    const tripRows = (await activity(t, 'cancel_trip')).filter((row) => row.recordId === trips[0]!._id);
    expect(tripRows).toHaveLength(1);
    expect(tripRows[0]).toMatchObject({ userId: admin._id });
    expect(tripRows[0]!.diff.reason_ar).toEqual([null, REASON.reason_ar]);
  });

  it('bad disruptions answer 400 and change nothing; a conductor or cashier may not disrupt', async () => {
    const { trip } = await makeTrip(t, t.token, { date: day(5) });
    for (const body of [
      { tripIds: [trip._id], action: 'cancel', reason_en: 'closed' },
      { tripIds: [trip._id], action: 'delay', ...REASON },
      { tripIds: [trip._id], action: 'cancel', newDate: day(6), ...REASON },
      { tripIds: [trip._id], action: 'explode', ...REASON },
      { originId: 'a', destinationId: 'b', from: day(9), to: day(2), action: 'cancel', ...REASON },
      { action: 'cancel', ...REASON },
    ]) {
      const response = await t.staff.post('/api/trips/disrupt', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    for (const role of ['conductor', 'cashier'] as const) {
      const token = await staffToken(
        t,
        { email: `${role}-dis-${dialect}@rihla.test`, password: 'acacia-ferry-nile-7' },
        role,
      );
      const response = await client(t, token).post('/api/trips/disrupt', {
        tripIds: [trip._id],
        action: 'cancel',
        ...REASON,
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await t.staff.get(`/api/trips/getTrip/${trip._id}`)).json().isCancelled).toBe(false);
  });

  it('a delay moves the trip, keeps its bookings, tells each traveller the new time, and re-issues the ticket', async () => {
    const { trip } = await makeTrip(t, t.token, { date: day(3) });
    const paid = await paidBooking(trip, [5]);
    const response = await t.staff.post('/api/trips/disrupt', {
      tripIds: [trip._id],
      action: 'delay',
      newBoardingTime: '7:00 pm',
      newDate: day(4),
      ...REASON,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().trips[0]).toMatchObject({
      new_date: day(4),
      new_boarding_time: '7:00 pm',
      bookings: 1,
    });
    const moved = (await t.staff.get(`/api/trips/getTrip/${trip._id}`)).json();
    expect(moved).toMatchObject({ trip_date: day(4), trip_boarding_time: '7:00 pm', isCancelled: false });
    expect(await read(paid._id)).toMatchObject({ isCancelled: false, disruptionState: 'delayed' });
    const told = await t.database.db
      .selectFrom('messages')
      .select(['kind', 'text'])
      .where('bookingId', '=', paid._id)
      .where('kind', '=', 'trip_delayed')
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(REASON.reason_ar);
    const looked = await lookUp(paid);
    expect(looked.disruption).toMatchObject({
      action: 'delay',
      state: 'delayed',
      new_boarding_time: '7:00 pm',
      ...REASON,
    });
    expect(looked.choices).toBeNull();
    const ticket = await client(t).get(`/api/bookings/ticket?${new URLSearchParams(proofOf(paid))}`);
    expect(ticket.statusCode).toBe(200);
    expect(pdfText(ticket.rawPayload)).toMatch(/7:00 pm|19:00/);
  });

  it('the traveller sees the reason and the trips to move to, and moves free of charge keeping the ticket id', async () => {
    const { trips } = await route([3, 4, 5, 20], 4);
    const paid = await paidBooking(trips[0]!, [1, 2]);
    // The day after is nearly full: two seats are not enough room... one seat left there.
    await paidBooking(trips[1]!, [1, 2, 3]);
    expect((await t.staff.patch(`/api/trips/cancelTrip/${trips[0]!._id}`, REASON)).statusCode).toBe(200);

    const looked = await lookUp(paid);
    expect(looked.disruption).toMatchObject({ action: 'cancel', state: 'waiting', ...REASON });
    expect(looked.choices.refund).toBe(true);
    expect(looked.choices.move.until).toBe(day(3 + 7));
    // Only the route's trips within the window with room for two: not the full day after, not day 20.
    expect(looked.choices.move.trips.map((trip: Doc) => trip._id)).toEqual([trips[2]!._id]);

    // Not a trip of the window: refused; another route's trip: refused.
    const far = await client(t).post('/api/bookings/moveBooking', {
      ...proofOf(paid),
      tripId: trips[3]!._id,
    });
    expect(far.statusCode).toBe(409);
    expect(far.json().code).toBe('TRIP_UNAVAILABLE');
    const elsewhere = (await makeTrip(t, t.token, { date: day(4) })).trip;
    const wrong = await client(t).post('/api/bookings/moveBooking', {
      ...proofOf(paid),
      tripId: elsewhere._id,
    });
    expect(wrong.json().code).toBe('TRIP_UNAVAILABLE');
    // The wrong phone: not found, nothing told.
    const stranger = await client(t).post('/api/bookings/moveBooking', {
      ...proofOf(paid),
      phone: '0999999999',
      tripId: trips[2]!._id,
    });
    expect(stranger.statusCode).toBe(404);
    // As many seats as the booking has.
    const one = await client(t).post('/api/bookings/moveBooking', {
      ...proofOf(paid),
      tripId: trips[2]!._id,
      seats: [4],
    });
    expect(one.json().code).toBe('SEAT_COUNT');

    const moved = await client(t).post('/api/bookings/moveBooking', {
      ...proofOf(paid),
      tripId: trips[2]!._id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      ticketId: paid.ticketId,
      seats: [1, 2],
      isCancelled: false,
      disruptionState: 'moved',
    });
    expect(await bookedSeats(t, trips[0]!._id)).toEqual([]);
    expect(await bookedSeats(t, trips[2]!._id)).toEqual([1, 2]);
    // The same ticket id opens the new trip's ticket; the traveller is sent it.
    const after = await lookUp(paid);
    expect(after.tripId).toBe(trips[2]!._id);
    expect(after.choices).toBeNull();
    const tickets = await t.database.db
      .selectFrom('messages')
      .select('kind')
      .where('bookingId', '=', paid._id)
      .where('kind', '=', 'ticket')
      .execute();
    expect(tickets).toHaveLength(2);
    // Once only.
    const twice = await client(t).post('/api/bookings/moveBooking', {
      ...proofOf(paid),
      tripId: trips[2]!._id,
    });
    expect(twice.json().code).toBe('NOT_WAITING');
    const row = (await activity(t, 'move_booking')).find((entry) => entry.recordId === paid._id)!;
    expect(row.diff.tripId).toEqual([trips[0]!._id, trips[2]!._id]);
    expect(row.userId).toBeNull();
  });

  it('moves and sales race for the last seats: the seat key lets exactly one have each seat', async () => {
    const { trips } = await route([3, 4], 3);
    const a = await paidBooking(trips[0]!, [1]);
    const b = await paidBooking(trips[0]!, [2]);
    expect((await t.staff.patch(`/api/trips/cancelTrip/${trips[0]!._id}`, REASON)).statusCode).toBe(200);
    const answers = await Promise.all([
      client(t).post('/api/bookings/moveBooking', { ...proofOf(a), tripId: trips[1]!._id, seats: [3] }),
      client(t).post('/api/bookings/moveBooking', { ...proofOf(b), tripId: trips[1]!._id, seats: [3] }),
      t.staff.post('/api/bookings/counterSale', {
        tripId: trips[1]!._id,
        seats: [3],
        passengerInfo: { firstName: 'Omer', lastName: 'Ali', phone: '0911111111' },
        totalTicketPrice: trips[1]!.trip_ticket_priceId.price,
        paymentMethod: 'cash',
      }),
    ]);
    const won = answers.filter((answer) => answer.statusCode < 300);
    expect(won, answers.map((answer) => answer.body).join('\n')).toHaveLength(1);
    for (const lost of answers.filter((answer) => answer.statusCode >= 300)) {
      expect(lost.statusCode).toBe(409);
      expect(lost.json().code).toBe('SEATS_TAKEN');
    }
    expect(await bookedSeats(t, trips[1]!._id)).toEqual([3]);
  });

  it('a refund asked for is owed in full and listed; a proof to decide goes to the desk; staff act by name', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 10, date: day(3) });
    const paid = await paidBooking(trip, [1, 2]);
    const proof = await bookWithProof(t, trip, [3], `TRX-REF-${dialect}`);
    const counter = await paidBooking(trip, [4]);
    expect((await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`, REASON)).statusCode).toBe(200);

    const asked = await client(t).post('/api/bookings/requestRefund', proofOf(paid));
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ isCancelled: true, disruptionState: 'refunded' });
    expect(await read(paid._id)).toMatchObject({ refundDue: trip.trip_ticket_priceId.price * 2 });
    const refunds = (await t.staff.get('/api/payments/getRefunds?_start=0&_end=500')).json() as Doc[];
    expect(refunds.map((row) => row._id)).toContain(paid._id);
    expect((await client(t).post('/api/bookings/requestRefund', proofOf(paid))).statusCode).toBe(404);

    // Unpaid with a proof: cancelled, nothing owed until staff see the money arrived (the desk's queue).
    expect((await client(t).post('/api/bookings/requestRefund', proofOf(proof))).statusCode).toBe(200);
    expect(await read(proof._id)).toMatchObject({ isCancelled: true, refundDue: null });
    const toCheck = (await t.staff.get('/api/payments/getCancelledProofs?_start=0&_end=500')).json() as Doc[];
    expect(toCheck.map((row) => row._id)).toContain(proof._id);

    // At the counter: a cashier acts for the traveller, named in the log; a conductor may not.
    const conductor = await staffToken(
      t,
      { email: `cond-ref-${dialect}@rihla.test`, password: 'acacia-ferry-nile-7' },
      'conductor',
    );
    expect(
      (await client(t, conductor).post('/api/bookings/requestRefund', proofOf(counter))).statusCode,
    ).toBe(403);
    expect(await read(counter._id)).toMatchObject({ disruptionState: 'waiting' });
    const cashierLogin = { email: `cash-ref-${dialect}@rihla.test`, password: 'acacia-ferry-nile-7' };
    const cashier = await staffToken(t, cashierLogin, 'cashier');
    expect((await client(t, cashier).post('/api/bookings/requestRefund', proofOf(counter))).statusCode).toBe(
      200,
    );
    const row = (await activity(t, 'request_refund')).find((entry) => entry.recordId === counter._id)!;
    expect(row.userLabel).toBe(cashierLogin.email);
    expect(row.diff.refundDue).toEqual([null, trip.trip_ticket_priceId.price]);
  });

  it('whoever has not chosen by the trip’s time is refunded in full, once, and not marked a no-show', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 10, date: day(2) });
    const paid = await paidBooking(trip, [6]);
    expect((await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`, REASON)).statusCode).toBe(200);
    const db = t.app.db as Db;
    // Before the trip's time: the choice is still open.
    expect(await refundUnchosen(db, clock.now())).toBe(0);
    expect(await read(paid._id)).toMatchObject({ disruptionState: 'waiting' });

    const saved = clock.now();
    clock.set(new Date(Date.parse(`${day(2)}T07:00:01Z`))); // 9:00 am Khartoum has passed
    try {
      const [first, second] = await Promise.all([
        refundUnchosen(db, clock.now()),
        refundUnchosen(db, clock.now()),
      ]);
      expect(first + second).toBeGreaterThanOrEqual(1);
      expect(await read(paid._id)).toMatchObject({
        isCancelled: true,
        disruptionState: 'auto_refunded',
        refundDue: trip.trip_ticket_priceId.price,
        noShow: false,
      });
      expect((await activity(t, 'auto_refund')).filter((row) => row.recordId === paid._id)).toHaveLength(1);
      // Too late to choose now.
      const late = await client(t).post('/api/bookings/moveBooking', { ...proofOf(paid), tripId: trip._id });
      expect(late.statusCode).toBe(404);
    } finally {
      clock.set(saved);
    }
  });
});
