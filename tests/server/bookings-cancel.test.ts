// Cancelling and deleting: a traveller cancels with ticket id + phone, staff with their token; the seats are
// free at once. Cancelling a trip keeps its bookings for staff; deleting frees seats and the payment proof.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { makeTrip } from './helpers/fixtures.ts';
import {
  proofNames,
  book,
  type Booking,
  bookedSeats,
  bookingFields,
  khartoumDate,
  PASSENGER,
  postBooking,
  storedCounts,
} from './helpers/bookings.ts';
import { PNG } from './helpers/images.ts';

const toArabicDigits = (value: string) =>
  value.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

describe.each(dialects)('cancelling and deleting bookings and trips (%s)', (dialect) => {
  const t = useTestApp(dialect);
  afterEach(() => {
    vi.useRealTimers();
  });

  const travellerCancel = (booking: Booking, proof?: unknown) =>
    client(t).patch(`/api/bookings/cancelBooking/${booking._id}`, proof);

  it('lets the traveller cancel with ticket id and phone; the seats are free and bookable at once', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 6 });
    const booking = await book(t, trip, [2, 3]);
    expect(await bookedSeats(t, trip._id)).toEqual([2, 3]);

    const response = await travellerCancel(booking, { ticketId: booking.ticketId, phone: PASSENGER.phone });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      _id: booking._id,
      ticketId: booking.ticketId,
      isCancelled: true,
    });
    expect(await bookedSeats(t, trip._id)).toEqual([]);

    const again = await book(t, trip, [3, 2]);
    expect(again.seats).toEqual([3, 2]);
    expect(await bookedSeats(t, trip._id)).toEqual([2, 3]);
  });

  it('reads Arabic-Indic digits in the traveller’s ticket id and phone', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 6 });
    const booking = await book(t, trip, [1]);
    const response = await travellerCancel(booking, {
      ticketId: toArabicDigits(booking.ticketId),
      phone: toArabicDigits(PASSENGER.phone),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().isCancelled).toBe(true);
  });

  it('answers 403 for a wrong phone, a wrong ticket id, no proof, or an unknown booking; nothing changes', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 6 });
    const booking = await book(t, trip, [4]);
    for (const proof of [
      { ticketId: booking.ticketId, phone: '0999999999' },
      { ticketId: '1111111111111', phone: PASSENGER.phone },
      undefined,
      {},
    ]) {
      const response = await travellerCancel(booking, proof);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const unknown = await client(t).patch('/api/bookings/cancelBooking/no-such-booking', {
      ticketId: booking.ticketId,
      phone: PASSENGER.phone,
    });
    expect(unknown.statusCode).toBe(403);
    expect(await bookedSeats(t, trip._id)).toEqual([4]);
  });

  it('answers 400 for a malformed proof', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 6 });
    const booking = await book(t, trip, [5]);
    const response = await travellerCancel(booking, { ticketId: '12', phone: PASSENGER.phone });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Ticket ID must be 13 numeric characters.');
  });

  it('answers 409 to a second cancel, from the traveller or staff', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 6 });
    const booking = await book(t, trip, [1]);
    const proof = { ticketId: booking.ticketId, phone: PASSENGER.phone };
    expect((await travellerCancel(booking, proof)).statusCode).toBe(200);
    const again = await travellerCancel(booking, proof);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already cancelled/);
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`)).statusCode).toBe(409);
  });

  it('lets staff cancel without a body (200, then 409), and answers 404 for an unknown booking', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 6 });
    const booking = await book(t, trip, [2, 6]);
    const staff = t.staff;
    const response = await staff.patch(`/api/bookings/cancelBooking/${booking._id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().isCancelled).toBe(true);
    expect(await bookedSeats(t, trip._id)).toEqual([]);
    expect((await staff.patch(`/api/bookings/cancelBooking/${booking._id}`)).statusCode).toBe(409);
    expect((await staff.patch('/api/bookings/cancelBooking/no-such-booking')).statusCode).toBe(404);
  });

  it('cancels once when many cancels of one booking arrive together: one 200, the rest 409', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 6 });
    const booking = await book(t, trip, [3]);
    const proof = { ticketId: booking.ticketId, phone: PASSENGER.phone };
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 ? travellerCancel(booking, proof) : t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(11).fill(409)]);
    expect(await bookedSeats(t, trip._id)).toEqual([]);
  });

  it('shows sold and freed seats at once in the public search as well as in getTrip', async () => {
    const made = await makeTrip(t, t.token, { seats: 6 });
    const search = `/api/trips/filterTrips?origin=${made.origin._id}&destination=${made.destination._id}&date=${made.trip.trip_date}`;
    const searchedSeats = async () => (await client(t).get(search)).json()[0].bookedSeats;
    expect(await searchedSeats()).toEqual([]);
    const booking = await book(t, made.trip, [6, 1]);
    expect(await searchedSeats()).toEqual([1, 6]);
    expect(await bookedSeats(t, made.trip._id)).toEqual([1, 6]);
    expect(
      (await travellerCancel(booking, { ticketId: booking.ticketId, phone: PASSENGER.phone })).statusCode,
    ).toBe(200);
    expect(await searchedSeats()).toEqual([]);
    expect(await bookedSeats(t, made.trip._id)).toEqual([]);
    const kept = await book(t, made.trip, [2]);
    expect(await searchedSeats()).toEqual([2]);
    expect((await t.staff.delete(`/api/bookings/deleteBooking/${kept._id}`)).statusCode).toBe(200);
    expect(await searchedSeats()).toEqual([]);
  });

  it('refuses cancelling after departure (409), for the traveller and for staff', async () => {
    const today = khartoumDate(0);
    const { trip } = await makeTrip(t, t.token, { seats: 6, date: today, time: '7:00 pm' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(`${today}T10:00:00Z`) });
    const booking = await book(t, trip, [1]);
    // 17:00 UTC is 7:00 pm in Khartoum: the bus has left.
    vi.setSystemTime(Date.parse(`${today}T17:00:00Z`));
    const traveller = await travellerCancel(booking, { ticketId: booking.ticketId, phone: PASSENGER.phone });
    expect(traveller.statusCode).toBe(409);
    expect(traveller.json().message).toMatch(/departed/);
    vi.useRealTimers();
    const staff = t.staff;
    const moved = await staff.patch(`/api/trips/updateTrip/${trip._id}`, { trip_date: khartoumDate(-1) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await staff.patch(`/api/bookings/cancelBooking/${booking._id}`)).statusCode).toBe(409);
    expect(await bookedSeats(t, trip._id)).toEqual([1]);
  });

  it('cancels a trip once (200, then 409); it leaves the search and takes no bookings; its bookings are cancelled with it (tests/server/trips-cancel.test.ts)', async () => {
    const made = await makeTrip(t, t.token, { seats: 6 });
    const { trip } = made;
    const booking = await book(t, trip, [1, 2]);
    const staff = t.staff;
    const search = `/api/trips/filterTrips?origin=${made.origin._id}&destination=${made.destination._id}&date=${trip.trip_date}`;
    expect((await client(t).get(search)).json().map((found: { _id: string }) => found._id)).toEqual([
      trip._id,
    ]);

    expect((await client(t).patch(`/api/trips/cancelTrip/${trip._id}`)).statusCode).toBe(401);
    const cancelled = await staff.patch(`/api/trips/cancelTrip/${trip._id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ _id: trip._id, isCancelled: true });
    const twice = await staff.patch(`/api/trips/cancelTrip/${trip._id}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already cancelled/);
    expect((await staff.patch('/api/trips/cancelTrip/no-such-trip')).statusCode).toBe(404);
    const { trip: raced } = await makeTrip(t, t.token, { seats: 4 });
    const together = await Promise.all(
      Array.from({ length: 8 }, () => staff.patch(`/api/trips/cancelTrip/${raced._id}`)),
    );
    expect(together.map((response) => response.statusCode).sort()).toEqual([200, ...Array(7).fill(409)]);

    expect((await client(t).get(search)).json()).toEqual([]);
    const refused = await postBooking(t, bookingFields(trip, [3]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TRIP_UNAVAILABLE');

    const list = await staff.get(`/api/bookings/getAllBookings?tripId=${trip._id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject([
      { _id: booking._id, isCancelled: true, tripId: { _id: trip._id, isCancelled: true } },
    ]);
    const passengers = await staff.get(`/api/trips/passengers/${trip._id}`);
    expect(passengers.json().map((p: { seat: number }) => p.seat)).toEqual([1, 2]);
  });

  it('lets staff delete a booking: 401 without a token, then the seats and the payment proof are gone', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 6 });
    const response = await postBooking(t, bookingFields(trip, [4, 5]), {
      filename: 'proof.png',
      contentType: 'image/png',
      data: PNG,
    });
    expect(response.statusCode).toBe(201);
    const booking: Booking = response.json().booking;
    const name = booking.bankakScreenshot!.split('/').pop()!;
    expect(await proofNames(t)).toContain(name);

    expect((await client(t).delete(`/api/bookings/deleteBooking/${booking._id}`)).statusCode).toBe(401);
    expect(await bookedSeats(t, trip._id)).toEqual([4, 5]);

    const staff = t.staff;
    const deleted = await staff.delete(`/api/bookings/deleteBooking/${booking._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ _id: booking._id, ticketId: booking.ticketId });
    expect(await bookedSeats(t, trip._id)).toEqual([]);
    expect(await storedCounts(t, trip._id)).toEqual({ bookings: 0, seats: 0 });
    expect(await proofNames(t)).not.toContain(name);
    expect((await staff.get(booking.bankakScreenshot!)).statusCode).toBe(404);
    expect((await staff.get(`/api/bookings/getBooking/${booking._id}`)).statusCode).toBe(404);
    expect((await staff.delete(`/api/bookings/deleteBooking/${booking._id}`)).statusCode).toBe(404);
    expect((await book(t, trip, [4, 5])).seats).toEqual([4, 5]);
  });

  it('refuses deleting a trip with live bookings (409); once they are cancelled the trip can go', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 6 });
    const first = await book(t, trip, [1]);
    const second = await book(t, trip, [2]);
    const staff = t.staff;
    const refused = await staff.delete(`/api/trips/deleteTrip/${trip._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/2 live bookings/);

    expect((await staff.patch(`/api/bookings/cancelBooking/${first._id}`)).statusCode).toBe(200);
    expect((await staff.delete(`/api/trips/deleteTrip/${trip._id}`)).statusCode).toBe(409);
    expect(
      (await travellerCancel(second, { ticketId: second.ticketId, phone: PASSENGER.phone })).statusCode,
    ).toBe(200);
    const deleted = await staff.delete(`/api/trips/deleteTrip/${trip._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await client(t).get(`/api/trips/getTrip/${trip._id}`)).statusCode).toBe(404);
    // The cancelled bookings stay readable for staff, never a 500.
    const list = await staff.get('/api/bookings/getAllBookings');
    expect(list.statusCode).toBe(200);
    const kept = await staff.get(`/api/bookings/getBooking/${first._id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ _id: first._id, isCancelled: true, tripId: null });
  });
});
