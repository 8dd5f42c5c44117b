// The traveller's own calls with ticket id + phone: filterBookings (find a booking) and ticket (download the
// PDF again). Public, well-formed input only, rate-limited per IP.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, dialects, staffToken, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { book, type Booking, PASSENGER, pdfText } from './helpers/bookings.ts';

const lookup = (t: TestApp, ticketId: string, phone: string) =>
  client(t).get(
    `/api/bookings/filterBookings?ticketId=${encodeURIComponent(ticketId)}&phone=${encodeURIComponent(phone)}`,
  );
const ticket = (t: TestApp, ticketId: string, phone: string) =>
  client(t).get(
    `/api/bookings/ticket?ticketId=${encodeURIComponent(ticketId)}&phone=${encodeURIComponent(phone)}`,
  );

const toArabicDigits = (value: string) =>
  value.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

describe.each(dialects)('traveller lookup and ticket re-download (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let made: Awaited<ReturnType<typeof makeTrip>>;
  let booking: Booking;

  beforeAll(async () => {
    made = await makeTrip(t, t.token, { seats: 12, price: 800, time: '7:00 pm' });
    booking = await book(t, made.trip, [3, 4]);
  });

  it('answers the matching booking with the passenger and a short trip summary', async () => {
    const response = await lookup(t, booking.ticketId, PASSENGER.phone);
    expect(response.statusCode).toBe(200);
    const found = response.json();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      _id: booking._id,
      ticketId: booking.ticketId,
      passengerInfo: PASSENGER,
      seats: [3, 4],
      totalTicketPrice: [1600],
      isCancelled: false,
      bookingDate: booking.bookingDate,
      trip: {
        _id: made.trip._id,
        trip_date: made.trip.trip_date,
        trip_boarding_time: '7:00 pm',
        origin_city: made.origin.origin_city,
        destination_city: made.destination.destination_city,
        company_name: made.company.company_name,
        bus_number: made.bus.bus_number,
      },
    });
  });

  it('no browser or proxy keeps a copy of personal data: the look-up, the booking, staff lists (no-store)', async () => {
    const answers = [
      await lookup(t, booking.ticketId, PASSENGER.phone),
      await lookup(t, booking.ticketId, '0999999999'),
      await client(t, t.token).get(`/api/bookings/getBooking/${booking._id}`),
      await client(t, t.token).get('/api/bookings/getAllBookings'),
      await client(t, t.token).get('/api/employees/getAllEmployees'),
      await client(t, t.token).get(`/api/trips/passengers/${made.trip._id}`),
      await client(t).get('/api/no-such-call'),
    ];
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
    // What is public and the same for everyone may still be kept.
    expect((await client(t).get('/api/settings')).headers['cache-control']).toBe('public, max-age=60');
  });

  it('reads Arabic-Indic digits in the ticket id and phone', async () => {
    const response = await lookup(t, toArabicDigits(booking.ticketId), toArabicDigits(PASSENGER.phone));
    expect(response.statusCode).toBe(200);
    expect(response.json().map((b: Booking) => b._id)).toEqual([booking._id]);
  });

  it('answers [] when nothing matches (wrong phone, or an unknown ticket id)', async () => {
    for (const [ticketId, phone] of [
      [booking.ticketId, '0999999999'],
      ['1234567890123', PASSENGER.phone],
    ]) {
      const response = await lookup(t, ticketId, phone);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    }
  });

  it.each([
    [
      'no ticket id',
      '/api/bookings/filterBookings?phone=0912345678',
      'Please enter your ticket ID and phone number.',
    ],
    [
      'no phone',
      '/api/bookings/filterBookings?ticketId=1234567890123',
      'Please enter your ticket ID and phone number.',
    ],
    ['neither', '/api/bookings/filterBookings', 'Please enter your ticket ID and phone number.'],
    [
      'a 12-digit ticket id',
      '/api/bookings/filterBookings?ticketId=123456789012&phone=0912345678',
      'Ticket ID must be 13 numeric characters.',
    ],
    [
      'a ticket id with letters',
      '/api/bookings/filterBookings?ticketId=12345678901ab&phone=0912345678',
      'Ticket ID must be 13 numeric characters.',
    ],
    [
      'a 9-digit phone',
      '/api/bookings/filterBookings?ticketId=1234567890123&phone=091234567',
      'Phone number must be 10 digits',
    ],
    [
      'an empty phone',
      '/api/bookings/filterBookings?ticketId=1234567890123&phone=',
      'Please enter your ticket ID and phone number.',
    ],
    [
      'a repeated parameter',
      '/api/bookings/filterBookings?ticketId=1234567890123&ticketId=1&phone=0912345678',
      undefined,
    ],
  ])('answers 400 for %s', async (_case, url, message) => {
    const response = await client(t).get(url);
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json().message).toBe(message);
    else expect(response.json().message).toEqual(expect.any(String));
  });

  it('answers the ticket PDF again for a live booking', async () => {
    const response = await ticket(t, booking.ticketId, PASSENGER.phone);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(booking.ticketId);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(booking.ticketId);
    expect(text).toContain(made.bus.bus_number);
  });

  it('answers 404 for a wrong phone, 400 for a malformed ticket id', async () => {
    expect((await ticket(t, booking.ticketId, '0999999999')).statusCode).toBe(404);
    expect((await ticket(t, '12345', PASSENGER.phone)).statusCode).toBe(400);
  });

  it('lists a cancelled booking as cancelled, and no longer gives its ticket (404)', async () => {
    const other = await book(t, made.trip, [9], {
      passengerInfo: JSON.stringify({ ...PASSENGER, phone: '0911000000' }),
    });
    const cancel = await client(t).patch(`/api/bookings/cancelBooking/${other._id}`, {
      ticketId: other.ticketId,
      phone: '0911000000',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const found = await lookup(t, other.ticketId, '0911000000');
    expect(found.json()).toMatchObject([{ _id: other._id, isCancelled: true }]);
    const response = await ticket(t, other.ticketId, '0911000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('still answers, without a trip summary, a booking whose trip was deleted', async () => {
    const gone = await makeTrip(t, t.token, { seats: 4 });
    const orphan = await book(t, gone.trip, [1]);
    const staff = t.staff;
    expect((await staff.patch(`/api/bookings/cancelBooking/${orphan._id}`)).statusCode).toBe(200);
    expect((await staff.delete(`/api/trips/deleteTrip/${gone.trip._id}`)).statusCode).toBe(200);
    const found = await lookup(t, orphan.ticketId, PASSENGER.phone);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject([{ _id: orphan._id, isCancelled: true, trip: null }]);
    expect((await ticket(t, orphan.ticketId, PASSENGER.phone)).statusCode).toBe(404);
  });
});

describe.each(dialects)('traveller lookup rate limit (%s)', (dialect) => {
  const t = useTestApp(dialect, { env: { LOOKUP_RATE_LIMIT_PER_IP: '3' }, signIn: false });

  it('answers 429 with a message once an IP has used up its lookups, whatever the call', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await lookup(t, `100000000000${i}`, '0912345678')).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await lookup(t, '1000000000004', '0912345678');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toEqual(expect.any(String));
    // Ticket downloads count against the same allowance: no second door for guessing ticket ids.
    expect((await ticket(t, '1000000000005', '0912345678')).statusCode).toBe(429);
    // Another address still gets answers.
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/bookings/filterBookings?ticketId=1000000000006&phone=0912345678',
      remoteAddress: '10.1.2.3',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('limits travellers cancelling by ticket id, but not signed-in staff working through a trip', async () => {
    const token = await staffToken(t);
    const { trip } = await makeTrip(t, token, { seats: 10 });
    const booked: Booking[] = [];
    for (let seat = 1; seat <= 6; seat++) booked.push(await book(t, trip, [seat]));
    // This address used up its allowance above; a traveller's cancel from it is refused.
    const traveller = await client(t).patch(`/api/bookings/cancelBooking/${booked[0]._id}`, {
      ticketId: booked[0].ticketId,
      phone: PASSENGER.phone,
    });
    expect(traveller.statusCode).toBe(429);
    // A made-up token is no way around the limit.
    const forged = await client(t, 'made.up.token').patch(`/api/bookings/cancelBooking/${booked[0]._id}`);
    expect(forged.statusCode).toBe(429);
    const staff = client(t, token);
    for (const booking of booked) {
      const response = await staff.patch(`/api/bookings/cancelBooking/${booking._id}`);
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});
