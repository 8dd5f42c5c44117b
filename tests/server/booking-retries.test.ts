// A traveller whose answer was lost resends the same booking with the same idempotency key: the server
// answers the booking it already made instead of refusing the traveller's own seats.
import { describe, expect, it } from 'vitest';
import { makeTrip } from './helpers/fixtures.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('createBooking retries (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const body = (tripId: string, seats: number[], total: number, idempotencyKey?: string) => ({
    tripId,
    seats: JSON.stringify(seats),
    passengerInfo: JSON.stringify({ firstName: 'Huda', lastName: 'Ali', phone: '0912345678' }),
    totalTicketPrice: String(total),
    bookingDate: new Date().toISOString(),
    idempotencyKey,
  });

  it('answers the same booking to a resend with the same key, and stores it once', async () => {
    const { trip, price } = await makeTrip(t, t.token, { seats: 10 });
    const api = client(t);
    const first = await api.post(
      '/api/bookings/createBooking',
      body(trip._id, [4, 5], price.price * 2, 'retry-key-0001'),
    );
    expect(first.statusCode, first.body).toBe(201);
    const again = await api.post(
      '/api/bookings/createBooking',
      body(trip._id, [4, 5], price.price * 2, 'retry-key-0001'),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().booking.ticketId).toBe(first.json().booking.ticketId);
    expect(Buffer.from(again.json().pdfBlob, 'base64').subarray(0, 4).toString()).toBe('%PDF');
    const list = await t.staff.get(`/api/bookings/getAllBookings?tripId=${trip._id}`);
    expect(list.json()).toHaveLength(1);
  });

  it('refuses a key reused for other seats, and a different key still meets the taken seats', async () => {
    const { trip, price } = await makeTrip(t, t.token, { seats: 10 });
    const api = client(t);
    expect(
      (await api.post('/api/bookings/createBooking', body(trip._id, [1], price.price, 'retry-key-0002')))
        .statusCode,
    ).toBe(201);
    const reused = await api.post(
      '/api/bookings/createBooking',
      body(trip._id, [2], price.price, 'retry-key-0002'),
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('KEY_REUSED');
    const other = await api.post(
      '/api/bookings/createBooking',
      body(trip._id, [1], price.price, 'retry-key-0003'),
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().takenSeats).toEqual([1]);
  });

  it('refuses a malformed key with 400', async () => {
    const { trip, price } = await makeTrip(t, t.token, { seats: 10 });
    const response = await client(t).post(
      '/api/bookings/createBooking',
      body(trip._id, [1], price.price, 'bad key!'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/idempotency key/);
  });
});
