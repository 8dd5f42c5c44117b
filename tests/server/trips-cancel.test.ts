// Cancelling a trip acts on its bookings (issues 19 and 21): an unpaid hold is released at once; a paid booking,
// and one whose proof is not yet decided, keeps its seats and waits for its traveller's choice (another trip of
// the route, or a full refund: tests/server/disruptions.test.ts); each booking's change is in the activity log
// under the staff member who cancelled the trip; at the trip's time whoever did not choose is refunded and every
// seat is free. Before issue 19, the trip's bookings stayed live, unmarked.
import { describe, expect, it } from 'vitest';
import { departureInstant } from '../../shared/rules.ts';
import { refundUnchosen } from '../../server/sales/index.ts';
import { book, bookedSeats } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { activity, bookWithProof, type Doc } from './helpers/payments.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('cancelling a trip cancels its bookings (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('releases unpaid holds, keeps paid bookings and proofs to decide waiting, logs each booking; at the trip time refunds and frees every seat', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 20 });
    const price = trip.trip_ticket_priceId.price;
    const counter = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [1, 2],
      passengerInfo: { firstName: 'Amna', lastName: 'Idris', phone: '0912345678' },
      totalTicketPrice: price * 2,
      paymentMethod: 'cash',
    });
    expect(counter.statusCode, counter.body).toBe(201);
    const paid = counter.json().booking as Doc;
    const unpaid = await book(t, trip, [3]);
    const proof = await bookWithProof(t, trip, [4], 'TRX-TRIP-1');
    const other = (await makeTrip(t, t.token, { seats: 20 })).trip;
    const elsewhere = await book(t, other, [3]);
    expect(await bookedSeats(t, trip._id)).toEqual([1, 2, 3, 4]);

    const response = await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().isCancelled).toBe(true);

    const read = async (id: string) => (await t.staff.get(`/api/bookings/getBooking/${id}`)).json() as Doc;
    expect(await read(paid._id)).toMatchObject({
      isCancelled: false,
      refundDue: null,
      disruptionState: 'waiting',
    });
    expect(await read(unpaid._id)).toMatchObject({ isCancelled: true, refundDue: null });
    expect(await read(proof._id)).toMatchObject({ isCancelled: false, disruptionState: 'waiting' });
    // Another trip's booking is untouched.
    expect(await read(elsewhere._id)).toMatchObject({ isCancelled: false, disruptionState: null });
    // The waiting bookings keep their seats until their travellers choose; the hold's seat is free.
    expect(await bookedSeats(t, trip._id)).toEqual([1, 2, 4]);
    expect(await bookedSeats(t, other._id)).toEqual([3]);

    const admin = (await t.staff.get('/api/auth/user')).json();
    const released = (await activity(t, 'cancel_booking')).filter((row) => row.recordId === unpaid._id);
    const waiting = (await activity(t, 'disrupt_booking')).filter((row) =>
      [paid._id, proof._id].includes(row.recordId),
    );
    expect(released).toHaveLength(1);
    expect(waiting).toHaveLength(2);
    for (const row of [...released, ...waiting])
      expect(row).toMatchObject({ userId: admin._id, resource: 'bookings' });
    expect(waiting[0]!.diff.disruptionState).toEqual([null, 'waiting']);
    // The trip's own row is there too.
    expect((await activity(t, 'cancel_trip')).some((row) => row.recordId === trip._id)).toBe(true);

    // The trip's row is recorded once (by the service, in the cancel's transaction), not twice.
    expect((await activity(t, 'cancel_trip')).filter((row) => row.recordId === trip._id)).toHaveLength(1);

    // A second cancel changes nothing and logs nothing more.
    expect((await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`)).statusCode).toBe(409);
    expect((await activity(t, 'disrupt_booking')).filter((row) => row.recordId === paid._id)).toHaveLength(1);

    // Nobody chose by the trip's time: the paid booking's refund is recorded (its whole price), the proof
    // still to decide goes to the desk's cancelled proofs, and every seat of the trip is free.
    const after = new Date(departureInstant(trip.trip_date, trip.trip_boarding_time).getTime() + 60_000);
    expect(await refundUnchosen(t.database.db, after)).toBe(2);
    expect(await read(paid._id)).toMatchObject({
      isCancelled: true,
      refundDue: price * 2,
      disruptionState: 'auto_refunded',
    });
    expect(await read(proof._id)).toMatchObject({ isCancelled: true, refundDue: null });
    expect(await bookedSeats(t, trip._id)).toEqual([]);
    const refunds = await t.staff.get('/api/payments/getRefunds?_start=0&_end=200');
    expect(refunds.json().map((row: Doc) => row._id)).toContain(paid._id);
    const cancelledProofs = await t.staff.get('/api/payments/getCancelledProofs?_start=0&_end=200');
    expect(cancelledProofs.json().map((row: Doc) => row._id)).toContain(proof._id);
    expect(await refundUnchosen(t.database.db, after)).toBe(0);
  });

  it('a traveller of a cancelled trip sees the booking cancelled, and cannot cancel it again', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 20 });
    const held = await book(t, trip, [5]);
    expect((await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`)).statusCode).toBe(200);
    const query = new URLSearchParams({ ticketId: held.ticketId, phone: held.passengerInfo.phone });
    const looked = await client(t).get(`/api/bookings/filterBookings?${query}`);
    expect(looked.statusCode, looked.body).toBe(200);
    expect(looked.json()[0]).toMatchObject({ isCancelled: true });
  });

  it('two cancels at once: one wins, every booking is cancelled once and logged once', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 20 });
    const held = await book(t, trip, [6]);
    const answers = await Promise.all([
      t.staff.patch(`/api/trips/cancelTrip/${trip._id}`),
      t.staff.patch(`/api/trips/cancelTrip/${trip._id}`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await activity(t, 'cancel_booking')).filter((row) => row.recordId === held._id)).toHaveLength(1);
  });
});
