// Defects found in review of the booking core, each a test: stale totals and trip reads after writes the old
// URL-prefix hook did not see, a bus shrunk below a sold seat, trips of a bus out of service, and an
// idempotency key replaying another traveller's booking.
import { describe, expect, it } from 'vitest';
import { book, bookingFields, PASSENGER, postBooking } from './helpers/bookings.ts';
import { makeTrip, newUserBody } from './helpers/fixtures.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('booking core (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('answers the right total after a trip is cancelled, also on the next call', async () => {
    const { trip } = await makeTrip(t, t.token);
    const url = `/api/trips/getAllTrips?isCancelled=false&_start=0&_end=25&busId=${trip.busId._id}`;
    expect((await t.staff.get(url)).headers['x-total-count']).toBe('1');
    expect((await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const page = await t.staff.get(url);
      expect(page.json()).toHaveLength(0);
      expect(page.headers['x-total-count']).toBe('0');
    }
  });

  it('answers the right total after a user is deleted', async () => {
    const created = await t.staff.post('/api/auth/register', newUserBody());
    expect(created.statusCode, created.body).toBe(201);
    const before = await t.staff.get('/api/auth/getAllusers?_start=0&_end=100');
    expect(Number(before.headers['x-total-count'])).toBe(before.json().length);
    expect((await t.staff.delete(`/api/auth/deleteUser/${created.json()._id}`)).statusCode).toBe(200);
    const after = await t.staff.get('/api/auth/getAllusers?_start=0&_end=100');
    expect(after.json()).toHaveLength(before.json().length - 1);
    expect(after.headers['x-total-count']).toBe(String(before.json().length - 1));
  });

  it('forgets the cached trip when its bus changes through a percent-encoded path', async () => {
    const { trip, bus } = await makeTrip(t, t.token, { seats: 45 });
    expect((await client(t).get(`/api/trips/getTrip/${trip._id}`)).json().busId.bus_number_of_seats).toBe(45);
    const shrunk = await t.staff.patch(`/api/%62uses/updateBus/${bus._id}`, { bus_number_of_seats: 10 });
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    expect((await client(t).get(`/api/trips/getTrip/${trip._id}`)).json().busId.bus_number_of_seats).toBe(10);
    const sale = await postBooking(t, bookingFields(trip, [40]));
    expect(sale.statusCode).toBe(400);
    expect(sale.json().message).toBe('Seat numbers must be from 1 to 10.');
  });

  it('refuses to shrink a bus below a seat sold on a trip that has not departed, or to move a trip onto it', async () => {
    const { trip, bus } = await makeTrip(t, t.token, { seats: 45 });
    await book(t, trip, [40]);
    const shrink = await t.staff.patch(`/api/buses/updateBus/${bus._id}`, { bus_number_of_seats: 39 });
    expect(shrink.statusCode).toBe(409);
    expect(shrink.json()).toMatchObject({ code: 'SEATS_SOLD_BEYOND', highestSeat: 40, seats: 39 });
    expect(shrink.json().message).toMatch(/cannot have fewer than 40 seats/);
    expect(
      (await t.staff.patch(`/api/buses/updateBus/${bus._id}`, { bus_number_of_seats: 40 })).statusCode,
    ).toBe(200);

    const small = await makeTrip(t, t.token, { seats: 20 });
    const move = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, { busId: small.bus._id });
    expect(move.statusCode).toBe(409);
    expect(move.json().code).toBe('SEATS_SOLD_BEYOND');
    expect((await client(t).get(`/api/trips/getTrip/${trip._id}`)).json().busId._id).toBe(bus._id);
  });

  it('lets a bus shrink below seats of cancelled bookings and of trips that have departed', async () => {
    const { trip, bus } = await makeTrip(t, t.token, { seats: 45 });
    const booking = await book(t, trip, [44]);
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`)).statusCode).toBe(200);
    const past = await makeTrip(t, t.token, { seats: 45 });
    await t.database.db
      .insertInto('booking_seats')
      .values({ tripId: past.trip._id, seat: 45, bookingId: booking._id })
      .execute();
    await t.database.db
      .updateTable('trips')
      .set({ busId: bus._id, trip_date: '2020-01-01' })
      .where('id', '=', past.trip._id)
      .execute();
    expect(
      (await t.staff.patch(`/api/buses/updateBus/${bus._id}`, { bus_number_of_seats: 30 })).statusCode,
    ).toBe(200);
  });

  it('neither lists nor sells the trips of a bus out of service, and shows them to staff', async () => {
    const { trip, bus, origin, destination } = await makeTrip(t, t.token);
    const search = `/api/trips/filterTrips?origin=${origin._id}&destination=${destination._id}&date=${trip.trip_date}`;
    expect((await client(t).get(search)).json()).toHaveLength(1);
    expect(
      (await t.staff.patch(`/api/buses/updateBus/${bus._id}`, { bus_status: 'Out of Service' })).statusCode,
    ).toBe(200);
    expect((await client(t).get(search)).json()).toHaveLength(0);
    const sale = await postBooking(t, bookingFields(trip, [1]));
    expect(sale.statusCode).toBe(409);
    expect(sale.json()).toMatchObject({ code: 'TRIP_UNAVAILABLE' });
    expect(sale.json().message).toMatch(/out of service/);
    expect((await t.staff.get(`/api/trips/getAllTrips?busId=${bus._id}`)).json()).toHaveLength(1);
    expect(
      (await t.staff.patch(`/api/buses/updateBus/${bus._id}`, { bus_status: 'In Service' })).statusCode,
    ).toBe(200);
    expect((await client(t).get(search)).json()).toHaveLength(1);
    expect((await postBooking(t, bookingFields(trip, [1]))).statusCode).toBe(201);
  });

  it('replays an idempotency key only for the same trip, seats and phone', async () => {
    const { trip } = await makeTrip(t, t.token);
    const key = { idempotencyKey: `key-${Date.now()}-${dialect}` };
    const first = await book(t, trip, [3, 4], key);
    const again = await postBooking(t, bookingFields(trip, [4, 3], key));
    expect(again.statusCode).toBe(201);
    expect(again.json().booking._id).toBe(first._id);

    const stranger = { ...PASSENGER, firstName: 'Other', phone: '0999999999' };
    const other = await postBooking(
      t,
      bookingFields(trip, [3, 4], { ...key, passengerInfo: JSON.stringify(stranger) }),
    );
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'KEY_REUSED' });
    expect(other.body).not.toContain(first.ticketId);
    expect((await postBooking(t, bookingFields(trip, [5], key))).json().code).toBe('KEY_REUSED');

    expect((await t.staff.patch(`/api/bookings/cancelBooking/${first._id}`)).statusCode).toBe(200);
    const cancelled = await postBooking(t, bookingFields(trip, [3, 4], key));
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ code: 'KEY_CANCELLED' });
  });
});
