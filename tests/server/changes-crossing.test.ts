// Changes that cross (issue 24's running totals under issue 22's changes): travellers on trip A move to B while
// travellers on B move to A, all at the same instant. Each move frees seats on one trip and takes seats on the
// other, and adds to both trips' counters (trip_counts) in its transaction; two moves in opposite directions
// must not wait on each other for ever (on PostgreSQL a deadlock is an error: a 500 to a traveller). Every
// answer is a move or a clear refusal, no seat is held twice, and the counters equal the paid seats after.
import { describe, expect, it } from 'vitest';
import { khartoumToday } from '../../shared/rules.ts';
import { ManualClock } from '../../server/clock.ts';
import { createOk, makeTrip } from './helpers/fixtures.ts';
import { counterSale, type Doc } from './helpers/payments.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;
const SEATS = 40;
const PAIRS = 12;

describe.each(dialects)('changes crossing between two trips (%s)', (dialect) => {
  const clock = new ManualClock(Date.parse('2026-12-01T06:00:00Z'));
  const t = useTestApp(dialect, { clock });
  const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * DAY));

  /** Two trips of one route at one price, on two days. */
  async function twoTrips() {
    const first = await makeTrip(t, t.token, { seats: SEATS, date: day(2), price: 10_000 });
    const bus = await createOk(t, t.token, '/api/buses/createBus', {
      bus_number: 'BUS-CROSS-2',
      bus_owner_companyId: first.company._id,
      bus_number_of_seats: SEATS,
      bus_status: 'In Service',
      date_ofLast_oil_service: '2026-10-01',
    });
    const second = await createOk(t, t.token, '/api/trips/createTrip', {
      busId: bus._id,
      trip_originId: first.origin._id,
      trip_destinationId: first.destination._id,
      trip_date: day(3),
      trip_boarding_time: '9:00 am',
      trip_ticket_priceId: first.price._id,
    });
    return { a: first.trip as Doc, b: second as Doc };
  }

  const paidBooking = (trip: Doc, seat: number) => counterSale(t, trip, [seat]);
  const change = (booking: Doc, trip: Doc, seat: number) =>
    client(t).post('/api/bookings/changeBooking', {
      ticketId: booking.ticketId,
      phone: booking.passengerInfo.phone,
      tripId: trip._id,
      seats: [seat],
    });

  /** Paid seat-legs per trip as booking_seats holds them, beside the counter the database keeps. */
  async function countsOf(tripIds: string[]) {
    const db = t.database.db;
    const paid = await db
      .selectFrom('booking_seats as s')
      .innerJoin('bookings as b', 'b.id', 's.bookingId')
      .select(['s.tripId', db.fn.countAll<number>().as('n')])
      .where('s.tripId', 'in', tripIds)
      .where('b.paymentStatus', '=', 'verified')
      .groupBy('s.tripId')
      .execute();
    const counters = await db
      .selectFrom('trip_counts')
      .select(['tripId', 'sold'])
      .where('tripId', 'in', tripIds)
      .execute();
    const of = (rows: { tripId: string }[], key: 'n' | 'sold') =>
      Object.fromEntries(
        tripIds.map((id) => [id, Number((rows.find((r) => r.tripId === id) as any)?.[key] ?? 0)]),
      );
    return { paid: of(paid, 'n'), counted: of(counters, 'sold') };
  }

  it('moves in opposite directions at once all answer, each seat is held once, the counters agree', async () => {
    const { a, b } = await twoTrips();
    // Seats 1–12 on each trip. Half the moves ask for a seat the other side is leaving at the same instant
    // (a swap), half for a seat nobody holds (21–32).
    const onA = await Promise.all(Array.from({ length: PAIRS }, (_, i) => paidBooking(a, i + 1)));
    const onB = await Promise.all(Array.from({ length: PAIRS }, (_, i) => paidBooking(b, i + 1)));
    const wanted = (i: number) => (i % 2 ? i + 1 : 20 + i + 1);
    const answers = await Promise.all(
      onA.flatMap((booking, i) => [change(booking, b, wanted(i)), change(onB[i], a, wanted(i))]),
    );
    for (const answer of answers) {
      expect([200, 409], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 409) expect(answer.json().code).toBe('SEATS_TAKEN');
    }
    // Every seat free of the swap (21–32) was taken by its move.
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(PAIRS);
    const held = await t.database.db
      .selectFrom('booking_seats')
      .select(['tripId', 'seat', 'leg'])
      .where('tripId', 'in', [a._id, b._id])
      .execute();
    expect(new Set(held.map((r) => `${r.tripId}|${r.seat}|${r.leg}`)).size).toBe(held.length);
    expect(held.length).toBe(2 * PAIRS);
    const { paid, counted } = await countsOf([a._id, b._id]);
    expect(counted).toEqual(paid);
  });
});
