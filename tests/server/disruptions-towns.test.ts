// A cancelled corridor trip's traveller between two towns on the way (issues 21 and 23): the trips offered to
// move to, free of charge, are every trip of the same company in the window that carries them from their town to theirs — the
// corridor's other trips, a direct bus between the two towns, a trip of another route passing both in order —
// each with the seats free on the traveller's legs there and when it leaves their town; not a trip that passes
// only one of them, or both the wrong way, nor another bus company's. The move keeps the towns: the booking's stops on the new trip are
// where those towns are on it.
import { describe, expect, it } from 'vitest';
import { khartoumToday } from '../../shared/rules.ts';
import { ManualClock } from '../../server/clock.ts';
import { corridor, sell, tripsBeside } from './helpers/corridor.ts';
import { createOk, otherCompanyBus } from './helpers/fixtures.ts';
import type { Doc } from './helpers/payments.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;
const REASON = { reason_en: 'the eastern road is closed', reason_ar: 'الطريق الشرقي مغلق' };

describe.each(dialects)('moving a corridor traveller by their towns (%s)', (dialect) => {
  const clock = new ManualClock(Date.parse('2026-12-01T06:00:00Z'));
  const t = useTestApp(dialect, { clock });
  const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * DAY));

  it('offers the trips that carry the traveller between their towns, and moves keeping the towns', async () => {
    // Khartoum(0) – Wad Madani(1) – Gedaref(2) – Kassala(3) – Port Sudan(4), 12 seats, in 2 days.
    const road = await corridor(t, day(2));
    const { origins: o, destinations: d, price } = road;
    /** A trip in 3 days at 9:00 am on a bus of its own (12 seats, the corridor's company). */
    const trip = tripsBeside(t, road, day(3));
    const twin = await trip({ ...road.body, trip_date: day(3) });
    const direct = await trip({
      trip_originId: o[1]!._id,
      trip_destinationId: d[3]!._id,
      trip_boarding_time: '7:00 pm',
    });
    // Khartoum → Kassala by Wad Madani (stop 1, 30 minutes on): Madani → Kassala is stop 1 → 2.
    const viaMadani = await trip({
      trip_originId: o[0]!._id,
      trip_destinationId: d[3]!._id,
      trip_stops: [{ originId: o[1]!._id, destinationId: d[1]!._id, minutes: 30 }],
      trip_fares: [
        { from: 0, to: 1, price: 2000 },
        { from: 1, to: 2, price: 4000 },
      ],
    });
    const onlyMadani = await trip({
      trip_originId: o[0]!._id,
      trip_destinationId: d[2]!._id,
      trip_stops: [{ originId: o[1]!._id, destinationId: d[1]!._id, minutes: 90 }],
      trip_fares: [{ from: 1, to: 2, price: 3000 }],
    });
    const wrongWay = await trip({ trip_originId: o[3]!._id, trip_destinationId: d[1]!._id });
    const outsideWindow = await trip({ ...road.body, trip_date: day(30) });
    // A direct bus between the two towns of another company: not the corridor company's seats to give.
    const rivalBus = await otherCompanyBus(t, t.token, 12);
    const rival = await createOk(t, t.token, '/api/trips/createTrip', {
      busId: rivalBus._id,
      trip_originId: o[1]!._id,
      trip_destinationId: d[3]!._id,
      trip_date: day(3),
      trip_boarding_time: '9:00 am',
      trip_ticket_priceId: price._id,
    });

    // Two travellers from Wad Madani to Kassala (stops 1 → 3) on the corridor trip, paid at the counter.
    const first = await sell(t, road.trip._id, [5], 1, 3, '0911000001');
    const second = await sell(t, road.trip._id, [6], 1, 3, '0911000002');
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    const [one, two] = [first.json().booking as Doc, second.json().booking as Doc];
    // On the Madani road: seat 5 sold Khartoum → Madani only (not the traveller's leg), seat 6 Madani → Kassala.
    expect((await sell(t, viaMadani._id, [5], 0, 1, '0911000003')).statusCode).toBe(201);
    expect((await sell(t, viaMadani._id, [6], 1, 2, '0911000004')).statusCode).toBe(201);

    const disrupted = await t.staff.post('/api/trips/disrupt', {
      tripIds: [road.trip._id],
      action: 'cancel',
      ...REASON,
    });
    expect(disrupted.statusCode, disrupted.body).toBe(200);

    const proofOf = (booking: Doc) => ({ ticketId: booking.ticketId, phone: booking.passengerInfo.phone });
    const looked = (
      await client(t).get(`/api/bookings/filterBookings?${new URLSearchParams(proofOf(one))}`)
    ).json()[0];
    expect(looked.disruption).toMatchObject({ action: 'cancel', state: 'waiting' });
    const offered = looked.choices.move.trips as Doc[];
    const byId = new Map(offered.map((target) => [target._id, target]));
    expect(new Set(byId.keys())).toEqual(new Set([twin._id, direct._id, viaMadani._id]));
    for (const refused of [onlyMadani, wrongWay, outsideWindow, rival])
      expect(byId.has(refused._id)).toBe(false);
    // Seats free on the traveller's legs there: 12 on the twin and the direct bus; 11 on the Madani road (seat
    // 6 is sold Madani → Kassala; seat 5 only before Madani).
    expect(byId.get(twin._id)!.seatsLeft).toBe(12);
    expect(byId.get(direct._id)!.seatsLeft).toBe(12);
    expect(byId.get(viaMadani._id)!.seatsLeft).toBe(11);
    // When each leaves Wad Madani (Khartoum time, UTC+2): the Madani road 9:00 + 30 min, the twin 9:00 +
    // 120 min, the direct bus 19:00; in that order.
    expect(offered.map((target) => target._id)).toEqual([viaMadani._id, twin._id, direct._id]);
    expect(byId.get(viaMadani._id)!.departsAt).toBe(`${day(3)}T07:30:00.000Z`);
    expect(byId.get(twin._id)!.departsAt).toBe(`${day(3)}T09:00:00.000Z`);
    expect(byId.get(direct._id)!.departsAt).toBe(`${day(3)}T17:00:00.000Z`);

    // A trip passing only one of the towns is refused; so is another company's.
    for (const other of [onlyMadani, rival]) {
      const refused = await client(t).post('/api/bookings/moveBooking', {
        ...proofOf(one),
        tripId: other._id,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('TRIP_UNAVAILABLE');
    }

    // The first takes the direct bus (its whole trip: stops 0 → 1); the second the Madani road, on seat 6?
    // No: taken on their legs there, so the first free seat.
    const movedOne = await client(t).post('/api/bookings/moveBooking', {
      ...proofOf(one),
      tripId: direct._id,
    });
    expect(movedOne.statusCode, movedOne.body).toBe(200);
    expect(movedOne.json()).toMatchObject({ seats: [5], disruptionState: 'moved' });
    const movedTwo = await client(t).post('/api/bookings/moveBooking', {
      ...proofOf(two),
      tripId: viaMadani._id,
    });
    expect(movedTwo.statusCode, movedTwo.body).toBe(200);
    expect(movedTwo.json().seats).toEqual([1]);
    const stops = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'tripId', 'boardingStop', 'alightingStop'])
      .where('id', 'in', [one._id, two._id])
      .execute();
    const stopsOf = (id: string) => stops.find((row) => row.id === id)!;
    expect(stopsOf(one._id)).toMatchObject({ tripId: direct._id, boardingStop: 0, alightingStop: 1 });
    expect(stopsOf(two._id)).toMatchObject({ tripId: viaMadani._id, boardingStop: 1, alightingStop: 2 });
    const legs = await t.database.db
      .selectFrom('booking_seats')
      .select(['seat', 'leg'])
      .where('bookingId', '=', two._id)
      .execute();
    expect(legs.map((row) => [Number(row.seat), Number(row.leg)])).toEqual([[1, 1]]);
  });
});
