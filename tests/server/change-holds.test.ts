// An unpaid booking changes day for free, so it meets the new trip's limits on unpaid holds as a sale there
// would: one address cannot make holds on several trips within every limit, then gather them onto one trip and
// close it to everyone, payers included (found by an attack review; fails on the code before). Its phone's,
// address's and device's own counts are not met again: the booking is one of their holds already.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { bookFrom } from './helpers/bookings.ts';
import { makeTrip, sameRouteTrip } from './helpers/fixtures.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;
type Doc = Record<string, any>;

describe.each(dialects)('a change of an unpaid booking and the hold limits (%s)', (dialect) => {
  const clock = new ManualClock(Date.parse('2026-12-01T06:00:00Z'));
  const t = useTestApp(dialect, {
    clock,
    env: {
      MAX_UNPAID_BOOKINGS_PER_PHONE: '2',
      MAX_UNPAID_BOOKINGS_PER_ADDRESS: '10',
      MAX_UNPAID_SEATS_PER_ADDRESS_PER_TRIP: '6',
      MAX_UNPAID_SHARE: '0.5',
    },
  });
  const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * DAY));
  const change = (booking: Doc, tripId: string, seats: number[]) =>
    client(t).post('/api/bookings/changeBooking', {
      ticketId: booking.ticketId,
      phone: booking.passengerInfo.phone,
      tripId,
      seats,
    });

  it('holds gathered from other trips cannot pass the address’s seats or the trip’s unpaid share', async () => {
    const first = await makeTrip(t, t.token, { seats: 12, date: day(2), price: 1000 });
    const target = first.trip;
    const other = await sameRouteTrip(t, t.token, first, { date: day(3), seats: 12 });
    const attacker = '10.9.9.9';
    expect((await bookFrom(t, target, [1, 2, 3], '0911000001', attacker)).statusCode).toBe(201);
    expect((await bookFrom(t, target, [4, 5, 6], '0911000001', attacker)).statusCode).toBe(201);
    // Within every limit on the other trip, from the same address.
    const held = await bookFrom(t, other, [7, 8, 9], '0911000002', attacker);
    expect(held.statusCode, held.body).toBe(201);
    const moved = await change(held.json().booking, target._id, [7, 8, 9]);
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'UNPAID_LIMIT', scope: 'address', limit: 6 });
    const trip = (await client(t).get(`/api/trips/getTrip/${target._id}`)).json();
    expect([...trip.bookedSeats].sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    // From another address, the trip's unpaid share (6 of 12 seats) is full: refused for the trip.
    const elsewhere = await bookFrom(t, other, [10], '0911000003', '10.8.8.8');
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const shared = await change(elsewhere.json().booking, target._id, [10]);
    expect(shared.statusCode, shared.body).toBe(409);
    expect(shared.json()).toMatchObject({ code: 'UNPAID_LIMIT', scope: 'trip', limit: 6 });
  });

  it('a booking of a phone at its own limit still changes to a trip with room', async () => {
    const first = await makeTrip(t, t.token, { seats: 12, date: day(2), price: 1001 });
    const other = await sameRouteTrip(t, t.token, first, { date: day(3), seats: 12 });
    const a = await bookFrom(t, first.trip, [1], '0912000001', '10.7.7.7');
    const b = await bookFrom(t, first.trip, [2], '0912000001', '10.7.7.7');
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const moved = await change(a.json().booking, other._id, [5]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().state).toBe('changed');
    const trip = (await client(t).get(`/api/trips/getTrip/${other._id}`)).json();
    expect(trip.bookedSeats).toEqual([5]);
  });
});
