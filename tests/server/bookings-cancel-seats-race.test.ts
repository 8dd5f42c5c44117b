// The seat key under a race of partial cancels, sales and moves on the same seats (issue 22): every call of a
// round is fired at once at a full 6-seat trip (on PostgreSQL they run side by side). Whatever wins, no seat is
// held by two live bookings, every seat a live booking holds is still taken (nothing freed that is held), and
// every taken seat belongs to a live booking that holds it.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { createOk, makeTrip } from './helpers/fixtures.ts';
import { bookingFields, postBooking } from './helpers/bookings.ts';
import type { Doc } from './helpers/payments.ts';
import { client, dialects, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;
const ROUNDS = 4;

/** What the database says of a trip: its live bookings' seats and the seat rows, each seat with its booking. */
async function checkSeatKey(t: TestApp, tripId: string) {
  const db = t.database.db;
  const live = await db
    .selectFrom('bookings')
    .select(['id', 'seats'])
    .where('tripId', '=', tripId)
    .where('isCancelled', '=', 0)
    .execute();
  const rows = await db
    .selectFrom('booking_seats')
    .select(['seat', 'bookingId'])
    .where('tripId', '=', tripId)
    .execute();
  const held = live.flatMap((booking) =>
    (JSON.parse(booking.seats) as number[]).map((seat) => `${seat}:${booking.id}`),
  );
  const seats = held.map((entry) => entry.split(':')[0]);
  expect(new Set(seats).size, `a seat held twice: ${held.join(' ')}`).toBe(seats.length);
  expect(rows.map((row) => `${Number(row.seat)}:${row.bookingId}`).sort()).toEqual(held.sort());
  return live.length;
}

describe.each(dialects)('partial cancels racing sales and moves (%s)', (dialect) => {
  const clock = new ManualClock(Date.parse('2026-12-01T06:00:00Z'));
  const t = useTestApp(dialect, { clock });
  const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * DAY));
  let phones = 0;
  const phone = () => `091${String(2_000_000 + ++phones).padStart(7, '0')}`;

  const counterSale = (trip: Doc, seats: number[]) =>
    t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats,
      passengerInfo: { firstName: 'Halima', lastName: 'Osman', phone: phone() },
      paymentMethod: 'cash',
    });
  async function paid(trip: Doc, seats: number[]) {
    const sold = await counterSale(trip, seats);
    expect(sold.statusCode, sold.body).toBe(201);
    return sold.json().booking as Doc;
  }
  const proofOf = (booking: Doc) => ({ ticketId: booking.ticketId, phone: booking.passengerInfo.phone });

  it(`${ROUNDS} rounds: never a seat sold twice, never a held seat freed`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const first = await makeTrip(t, t.token, { seats: 6, date: day(3 + round) });
      const trip = first.trip as Doc;
      // A trip of the same route the day before, cancelled: its travellers may move onto `trip`.
      const bus = await createOk(t, t.token, '/api/buses/createBus', {
        bus_number: `BUS-RACE-${round}-${Math.random().toString(36).slice(2, 8)}`,
        bus_owner_companyId: first.company._id,
        bus_number_of_seats: 6,
        bus_status: 'In Service',
        date_ofLast_oil_service: '2026-10-01',
      });
      const closed = await createOk(t, t.token, '/api/trips/createTrip', {
        busId: bus._id,
        trip_originId: first.origin._id,
        trip_destinationId: first.destination._id,
        trip_date: day(2 + round),
        trip_boarding_time: '9:00 am',
        trip_ticket_priceId: first.price._id,
      });
      const a = await paid(trip, [1, 2, 3]);
      const b = await paid(trip, [4, 5, 6]);
      const movers = [await paid(closed, [1]), await paid(closed, [2]), await paid(closed, [3])];
      expect((await t.staff.patch(`/api/trips/cancelTrip/${closed._id}`, {})).statusCode).toBe(200);

      const cancelSeats = (booking: Doc, seats: number[]) =>
        client(t).patch(`/api/bookings/cancelSeats/${booking._id}`, { seats, ...proofOf(booking) });
      const move = (booking: Doc, seats: number[]) =>
        client(t).post('/api/bookings/moveBooking', { ...proofOf(booking), tripId: trip._id, seats });
      const sell = (seats: number[]) =>
        postBooking(
          t,
          bookingFields(trip as never, seats, {
            passengerInfo: JSON.stringify({ firstName: 'Amna', lastName: 'Ali', phone: phone() }),
          }),
        );
      const calls = [
        cancelSeats(a, [3]),
        sell([3]),
        move(movers[0]!, [3]),
        cancelSeats(a, [2, 3]),
        counterSale(trip, [2]),
        cancelSeats(b, [6]),
        move(movers[1]!, [6]),
        sell([6, 3]),
        cancelSeats(b, [5, 6]),
        counterSale(trip, [5]),
        move(movers[2]!, [2]),
        sell([2]),
      ];
      const answers = await Promise.all(calls);
      for (const answer of answers)
        expect([200, 201, 409], `${answer.statusCode} ${answer.body}`).toContain(answer.statusCode);
      // Some call freed a seat and some call took one, or there was no race.
      expect(answers.some((answer) => answer.statusCode === 409)).toBe(true);
      expect(answers.some((answer) => answer.statusCode === 200 || answer.statusCode === 201)).toBe(true);
      expect(await checkSeatKey(t, trip._id)).toBeGreaterThan(0);
      await checkSeatKey(t, closed._id);
    }
  });
});
