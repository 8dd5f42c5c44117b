// Routes with stops, seats by segment (issue 23) on both databases: the Khartoum – Wad Madani – Gedaref –
// Kassala – Port Sudan road as one trip with three intermediate stops. Leg k is stop k → k + 1; a booking
// holds one booking_seats row per seat and leg, under the (trip, seat, leg) key.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ROUTE_MESSAGES } from '../../shared/segments.ts';
import type { Db } from '../../server/db/schema.ts';
import { corridor, corridorTimetable, sell, tripsBeside } from './helpers/corridor.ts';
import { createOk, futureDate } from './helpers/fixtures.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('routes with stops, seats by segment (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('a seat sold on one stretch is taken on every pair that shares a leg, free on every other', async () => {
    const { trip } = await corridor(t);
    // Madani (1) → Kassala (3) holds legs 1 and 2 of seat 5.
    const sold = await sell(t, trip._id, [5], 1, 3);
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().booking).toMatchObject({
      boardingStop: 1,
      alightingStop: 3,
      totalTicketPrice: [2000],
    });
    for (let from = 0; from < 5; from++)
      for (let to = from + 1; to < 5; to++) {
        const overlaps = from < 3 && 1 < to;
        const again = await sell(t, trip._id, [5], from, to);
        if (overlaps) {
          expect(again.statusCode, `${from}→${to}`).toBe(409);
          expect(again.json()).toMatchObject({ code: 'SEATS_TAKEN', takenSeats: [5] });
        } else {
          expect(again.statusCode, `${from}→${to} ${again.body}`).toBe(201);
          // Free it again for the next pair.
          const cancelled = await t.staff.patch(`/api/bookings/cancelBooking/${again.json().booking._id}`);
          expect(cancelled.statusCode, cancelled.body).toBe(200);
        }
      }
    const rows = await t.database.db
      .selectFrom('booking_seats')
      .select(['seat', 'leg'])
      .where('tripId', '=', trip._id)
      .execute();
    expect(rows.map((row) => Number(row.leg)).sort()).toEqual([1, 2]);
  });

  it('touching stretches share a seat: Madani → Gedaref and Gedaref → Kassala both have seat 7', async () => {
    const { trip } = await corridor(t);
    expect((await sell(t, trip._id, [7], 1, 2)).statusCode).toBe(201);
    expect((await sell(t, trip._id, [7], 2, 3)).statusCode).toBe(201);
    expect((await sell(t, trip._id, [7], 1, 3)).statusCode).toBe(409);
    const whole = await t.staff.get(`/api/trips/getTrip/${trip._id}`);
    expect(whole.json().bookedSeats).toEqual([7]);
  });

  it('prices each pair by its fare, the ends by the trip’s price; a pair not for sale is refused and nothing changes', async () => {
    const { trip, price, body } = await corridor(t);
    const ends = await sell(t, trip._id, [1, 2], 0, 4);
    expect(ends.json().booking.totalTicketPrice).toEqual([2 * price.price]);
    const kassala = await sell(t, trip._id, [3], 3, 4);
    expect(kassala.json().booking.totalTicketPrice).toEqual([1000]);
    // Only some pairs on sale: Madani → Kassala is no longer listed.
    const fewer = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, {
      trip_fares: body.trip_fares.filter((fare) => !(fare.from === 1 && fare.to === 3)),
    });
    expect(fewer.statusCode, fewer.body).toBe(200);
    const before = await t.database.db
      .selectFrom('booking_seats')
      .select('seat')
      .where('tripId', '=', trip._id)
      .execute();
    const refused = await sell(t, trip._id, [9], 1, 3);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'PAIR_NOT_FOR_SALE',
      message: ROUTE_MESSAGES.pairNotForSale.en,
    });
    expect(ROUTE_MESSAGES.pairNotForSale.ar).toMatch(/[\u0600-\u06FF]/);
    for (const [from, to] of [
      [2, 1],
      [0, 5],
      [3, 3],
    ])
      expect((await sell(t, trip._id, [9], from, to)).statusCode).toBe(400);
    const after = await t.database.db
      .selectFrom('booking_seats')
      .select('seat')
      .where('tripId', '=', trip._id)
      .execute();
    expect(after.length).toBe(before.length);
    // A fare that strands a live booking is refused: Kassala → Port Sudan is sold.
    const strand = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, { trip_fares: [] });
    expect(strand.statusCode).toBe(409);
    expect(strand.json()).toMatchObject({ code: 'STOPS_IN_USE' });
  });

  it('refuses stops and fares that do not fit (400 with words in English and Arabic), and stores nothing', async () => {
    const { body, origins, destinations } = await corridor(t);
    const count = async () => (await t.database.db.selectFrom('trips').select('id').execute()).length;
    const trips = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ trip_stops: [{ ...body.trip_stops[0], minutes: 0 }] }, 'stops'],
      [{ trip_stops: [body.trip_stops[1], body.trip_stops[0]] }, 'stops'],
      [
        {
          trip_stops: [{ originId: origins[1]._id, destinationId: destinations[2]._id, minutes: 60 }],
          trip_fares: [],
        },
        'stopTown',
      ],
      [
        {
          trip_stops: [{ originId: origins[0]._id, destinationId: destinations[0]._id, minutes: 60 }],
          trip_fares: [],
        },
        'stopTown',
      ],
      [{ trip_fares: [{ from: 0, to: 4, price: 10 }] }, 'endsFare'],
      [{ trip_fares: [{ from: 0, to: 6, price: 10 }] }, 'fares'],
      [{ trip_fares: [{ from: 1, to: 2, price: -1 }] }, 'fares'],
    ];
    for (const [change, problem] of cases) {
      // Another day: the bus is free then, so only the route can be wrong.
      const response = await t.staff.post('/api/trips/createTrip', {
        ...body,
        trip_date: futureDate(40),
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toBe(ROUTE_MESSAGES[problem as keyof typeof ROUTE_MESSAGES].en);
      expect(ROUTE_MESSAGES[problem as keyof typeof ROUTE_MESSAGES].ar).toMatch(/[\u0600-\u06FF]/);
    }
    expect(await count()).toBe(trips);
  });

  it('filterTrips finds an intermediate pair with its departure at the stop, its fare and its seats', async () => {
    const { trip, origins, destinations } = await corridor(t);
    await sell(t, trip._id, [4], 0, 2); // Khartoum → Gedaref: busy on Madani → Gedaref
    await sell(t, trip._id, [6], 3, 4); // Kassala → Port Sudan: not on Madani → Kassala
    await sell(t, trip._id, [9, 2], 1, 3); // Madani → Kassala: each seat on two of the legs asked, once each
    const found = await t.app.inject({
      url: `/api/trips/filterTrips?${new URLSearchParams({ origin: origins[1]._id, destination: destinations[3]._id, date: trip.trip_date })}`,
    });
    expect(found.statusCode, found.body).toBe(200);
    const [hit] = found.json().filter((x: { _id: string }) => x._id === trip._id);
    expect(hit).toMatchObject({ boardingStop: 1, alightingStop: 3, price: 2000, bookedSeats: [2, 4, 9] });
    // Its stops named as the origins list names their towns, in the order stored.
    const towns = await t.database.db
      .selectFrom('origins')
      .select(['id', 'origin_city', 'origin_city_ar'])
      .where('id', 'in', [origins[1]._id, origins[2]._id, origins[3]._id])
      .execute();
    expect(towns).toHaveLength(3);
    expect(hit.trip_stops).toEqual(
      [1, 2, 3].map((i) => {
        const town = towns.find((row) => row.id === origins[i]._id)!;
        return expect.objectContaining({
          originId: origins[i]._id,
          city: town.origin_city,
          city_ar: town.origin_city_ar,
        });
      }),
    );
    // 9:00 am Khartoum (UTC+2) + 120 minutes.
    expect(hit.departsAt).toBe(
      new Date(Date.parse(`${trip.trip_date}T09:00:00+02:00`) + 120 * 60_000).toISOString(),
    );
  });

  it('filterTrips names the stops of a trip found beside trips without stops, and none of theirs', async () => {
    const road = await corridor(t);
    // At the same hour and later the same day, on the same ends: trips without stops, read first by the statement.
    const plain = tripsBeside(t, road, road.date);
    const early = await plain({
      trip_originId: road.origins[0]._id,
      trip_destinationId: road.destinations[4]._id,
      trip_boarding_time: '9:00 am',
    });
    const late = await plain({
      trip_originId: road.origins[0]._id,
      trip_destinationId: road.destinations[4]._id,
      trip_boarding_time: '7:00 pm',
    });
    const found = await t.app.inject({
      url: `/api/trips/filterTrips?${new URLSearchParams({ origin: road.origins[0]._id, destination: road.destinations[4]._id, date: road.date })}`,
    });
    expect(found.statusCode, found.body).toBe(200);
    const byId = new Map(found.json().map((trip: { _id: string }) => [trip._id, trip]));
    expect([early._id, road.trip._id, late._id].every((id) => byId.has(id))).toBe(true);
    // A trip without stops answers as it always did: no stops at all.
    for (const id of [early._id, late._id]) expect(byId.get(id)).not.toHaveProperty('trip_stops');
    const stops = (byId.get(road.trip._id) as { trip_stops: { originId: string; city: string }[] })
      .trip_stops;
    expect(stops.map((stop) => stop.originId)).toEqual([1, 2, 3].map((i) => road.origins[i]._id));
    for (const stop of stops) expect(stop.city).toMatch(/\S/);
  });

  it('filterTrips follows a trip’s new date and stops, and drops a deleted one (the towns the database indexes)', async () => {
    const { trip, origins, destinations, body } = await corridor(t);
    const search = async (origin: string, destination: string, date: string) =>
      (
        await t.app.inject({
          url: `/api/trips/filterTrips?${new URLSearchParams({ origin, destination, date })}`,
        })
      )
        .json()
        .map((x: { _id: string }) => x._id);
    const madaniToKassala = [origins[1]._id, destinations[3]._id] as const;
    expect(await search(...madaniToKassala, trip.trip_date)).toContain(trip._id);
    const later = futureDate(9);
    expect((await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, { trip_date: later })).statusCode).toBe(
      200,
    );
    expect(await search(...madaniToKassala, trip.trip_date)).not.toContain(trip._id);
    expect(await search(...madaniToKassala, later)).toContain(trip._id);
    // Gedaref no longer a stop: Madani → Gedaref is not found, Madani → Kassala still is.
    const stops = body.trip_stops.filter((_, i) => i !== 1);
    const fares = [{ from: 1, to: 2, price: 3000 }];
    const edited = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, {
      trip_stops: stops,
      trip_fares: fares,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await search(origins[1]._id, destinations[2]._id, later)).not.toContain(trip._id);
    expect(await search(...madaniToKassala, later)).toContain(trip._id);
    expect((await t.staff.delete(`/api/trips/deleteTrip/${trip._id}`)).statusCode).toBe(200);
    expect(await search(...madaniToKassala, later)).not.toContain(trip._id);
  });

  it('the database keeps each trip’s stretches (trip_pairs) through any writer: the API, a script, a delete', async () => {
    const { trip, origins, destinations, body } = await corridor(t);
    const db = t.app.db as Db;
    const pairsOf = async (tripId: string) =>
      (
        await db
          .selectFrom('trip_pairs')
          .select(['origin', 'destination', 'trip_date', 'boarding', 'alighting'])
          .where('tripId', '=', tripId)
          .execute()
      )
        .map((p) => `${p.origin}>${p.destination}@${p.trip_date}:${p.boarding}-${p.alighting}`)
        .sort();
    /** Every boarding town (the origin, each stop's origins row) with every alighting town after it. */
    const expected = (stops: { originId: string; destinationId: string }[], date: string) => {
      const board = [body.trip_originId, ...stops.map((stop) => stop.originId)];
      const alight = [...stops.map((stop) => stop.destinationId), body.trip_destinationId];
      const pairs: string[] = [];
      for (const [from, origin] of board.entries())
        for (const [i, destination] of alight.entries())
          if (i + 1 > from) pairs.push(`${origin}>${destination}@${date}:${from}-${i + 1}`);
      return pairs.sort();
    };
    expect(await pairsOf(trip._id)).toEqual(expected(body.trip_stops, trip.trip_date));
    expect(await pairsOf(trip._id)).toHaveLength(10);
    // A script that bypasses the API: one stop fewer, another day.
    const later = futureDate(11);
    const fewer = [body.trip_stops[0], body.trip_stops[2]];
    await db
      .updateTable('trips')
      .set({ trip_stops: JSON.stringify(fewer), trip_date: later })
      .where('id', '=', trip._id)
      .execute();
    expect(await pairsOf(trip._id)).toEqual(expected(fewer, later));
    // A new destination through the API: the pairs that alight at the end follow it.
    const moved = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, {
      trip_destinationId: destinations[3]._id,
      trip_stops: [body.trip_stops[0]],
      trip_fares: [],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await pairsOf(trip._id)).toEqual(
      [
        `${origins[0]._id}>${destinations[1]._id}@${later}:0-1`,
        `${origins[0]._id}>${destinations[3]._id}@${later}:0-2`,
        `${origins[1]._id}>${destinations[3]._id}@${later}:1-2`,
      ].sort(),
    );
    // No stops: no pairs (the search finds it by its ends); deleted: none either.
    await db.updateTable('trips').set({ trip_stops: '[]' }).where('id', '=', trip._id).execute();
    expect(await pairsOf(trip._id)).toEqual([]);
    await db
      .updateTable('trips')
      .set({ trip_stops: JSON.stringify(body.trip_stops) })
      .where('id', '=', trip._id)
      .execute();
    expect(await pairsOf(trip._id)).toHaveLength(10);
    expect((await t.staff.delete(`/api/trips/deleteTrip/${trip._id}`)).statusCode).toBe(200);
    expect(await pairsOf(trip._id)).toEqual([]);
  });

  it('each stretch carries its fare through any writer (trip_pairs.fare): the API, a script, new stops', async () => {
    const { trip, origins, destinations, body } = await corridor(t);
    const db = t.app.db as Db;
    const faresOf = async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom('trip_pairs')
            .select(['boarding', 'alighting', 'fare'])
            .where('tripId', '=', trip._id)
            .execute()
        ).map((p) => [`${p.boarding}-${p.alighting}`, p.fare === null ? null : Number(p.fare)]),
      );
    const listed = (fares: { from: number; to: number; price: number }[], last: number) => {
      const expected: Record<string, number | null> = {};
      for (let from = 0; from < last; from++)
        for (let to = from + 1; to <= last; to++)
          expected[`${from}-${to}`] = fares.find((f) => f.from === from && f.to === to)?.price ?? null;
      return expected;
    };
    // The ends pair is the trip's own price, never listed: null.
    expect(await faresOf()).toEqual(listed(body.trip_fares, 4));
    const search = async (from: number, to: number) =>
      (
        await t.app.inject({
          url: `/api/trips/filterTrips?origin=${origins[from]._id}&destination=${destinations[to]._id}&date=${trip.trip_date}`,
        })
      ).json() as { _id: string; price: number }[];
    // A script that bypasses the API: Madani → Kassala alone is for sale, at 777.50.
    await db
      .updateTable('trips')
      .set({ trip_fares: JSON.stringify([{ from: 1, to: 3, price: 777.5 }]) })
      .where('id', '=', trip._id)
      .execute();
    expect(await faresOf()).toEqual(listed([{ from: 1, to: 3, price: 777.5 }], 4));
    expect((await search(1, 3)).find((found) => found._id === trip._id)?.price).toBe(777.5);
    expect((await search(1, 2)).map((found) => found._id)).not.toContain(trip._id);
    // Through the API, stops and fares written together: the pairs of the new route, each at its new fare.
    const fares = [
      { from: 0, to: 1, price: 1500 },
      { from: 1, to: 2, price: 2500 },
    ];
    const edited = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, {
      trip_stops: [body.trip_stops[0]],
      trip_fares: fares,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await faresOf()).toEqual(listed(fares, 2));
    expect((await search(0, 1)).find((found) => found._id === trip._id)?.price).toBe(1500);
  });

  it('the search answers on through a column added to trips and dropped again (another node’s migration)', async () => {
    const { trip, origins, destinations } = await corridor(t);
    const db = t.app.db as Db;
    const search = async (from: number, to: number) => {
      const query = new URLSearchParams({
        origin: origins[from]._id,
        destination: destinations[to]._id,
        date: trip.trip_date,
      });
      const found = await t.app.inject({ url: `/api/trips/filterTrips?${query}` });
      expect(found.statusCode, found.body).toBe(200);
      return found.json().find((x: { _id: string }) => x._id === trip._id);
    };
    // Each search asks another pair (the read cache answers none of them); PostgreSQL keeps the statement
    // planned on its connections (planOnceOnPostgres), which a change of the table must not break.
    expect(await search(0, 1)).toMatchObject({ boardingStop: 0, alightingStop: 1 });
    expect(await search(0, 2)).toMatchObject({ boardingStop: 0, alightingStop: 2 });
    await sql`alter table trips add column search_plan_probe integer`.execute(db);
    try {
      expect(await search(1, 3)).toMatchObject({ boardingStop: 1, alightingStop: 3, price: 2000 });
    } finally {
      await sql`alter table trips drop column search_plan_probe`.execute(db);
    }
    expect(await search(2, 4)).toMatchObject({ boardingStop: 2, alightingStop: 4 });
  });

  it('a counter sale Kassala → Port Sudan of a seat freed at Kassala', async () => {
    const { trip } = await corridor(t);
    expect((await sell(t, trip._id, [8], 1, 3)).statusCode).toBe(201); // Madani → Kassala
    const counter = await sell(t, trip._id, [8], 3, 4);
    expect(counter.statusCode, counter.body).toBe(201);
    expect(counter.json().booking).toMatchObject({ boardingStop: 3, alightingStop: 4 });
  });

  it('timetables copy stops and fares to their trips', async () => {
    const { body } = await corridor(t);
    const made = await t.staff.post(
      '/api/timetables/createTimetable',
      corridorTimetable(body, futureDate(20), futureDate(21)),
    );
    expect(made.statusCode, made.body).toBe(201);
    const trips = await t.database.db
      .selectFrom('trips')
      .select(['trip_stops', 'trip_fares'])
      .where('timetableId', '=', made.json()._id)
      .execute();
    expect(trips.length).toBeGreaterThan(0);
    for (const trip of trips) {
      expect(JSON.parse(trip.trip_stops!)).toEqual(body.trip_stops);
      expect(JSON.parse(trip.trip_fares!)).toEqual(body.trip_fares);
    }
  });

  it('a change of day keeps the traveller’s towns: the new trip’s seats on those legs, at that pair’s fare', async () => {
    const { trip, body } = await corridor(t, futureDate(7));
    const next = await createOk(t, t.token, '/api/trips/createTrip', { ...body, trip_date: futureDate(8) });
    // Madani (1) → Kassala (3): 2,000 a seat; the trip's ends cost its own price.
    const sold = await sell(t, trip._id, [3], 1, 3, '0911000023');
    expect(sold.statusCode, sold.body).toBe(201);
    const booking = sold.json().booking;
    // On the next day, seat 5 is sold Gedaref → Port Sudan (legs 2–3: overlaps), seat 6 Kassala → Port Sudan
    // (leg 3: touches).
    expect((await sell(t, next._id, [5], 2, 4, '0911000024')).statusCode).toBe(201);
    expect((await sell(t, next._id, [6], 3, 4, '0911000025')).statusCode).toBe(201);
    const proof = { ticketId: booking.ticketId, phone: '0911000023', tripId: next._id };
    const quote = (seat: number) =>
      t.staff.get(`/api/bookings/changeQuote?${new URLSearchParams({ ...proof, seats: String(seat) })}`);
    const overlapping = await quote(5);
    expect(overlapping.statusCode, overlapping.body).toBe(409);
    expect(overlapping.json()).toMatchObject({ code: 'SEATS_TAKEN' });
    const touching = await quote(6);
    expect(touching.statusCode, touching.body).toBe(200);
    expect(touching.json()).toMatchObject({ oldTotal: 2000, newTotal: 2000 });
    const changed = await t.staff.post('/api/bookings/changeBooking', { ...proof, seats: [6] });
    expect(changed.statusCode, changed.body).toBe(200);
    const legs = await t.database.db
      .selectFrom('booking_seats')
      .select(['seat', 'leg'])
      .where('bookingId', '=', booking._id)
      .execute();
    expect(legs.map((row) => [Number(row.seat), Number(row.leg)]).sort()).toEqual([
      [6, 1],
      [6, 2],
    ]);
  });

  it('a change of day asks for the traveller’s towns, not the trip’s ends: Madani → Kassala moves to a direct trip', async () => {
    const { trip, body, origins, destinations } = await corridor(t, futureDate(7));
    const sold = await sell(t, trip._id, [2], 1, 3, '0911000026');
    expect(sold.statusCode, sold.body).toBe(201);
    const { ticketId } = sold.json().booking;
    // A bus Madani → Kassala the next day, at its own price: the same towns, other ends.
    const direct = await createOk(t, t.token, '/api/trips/createTrip', {
      busId: body.busId,
      trip_originId: origins[1]._id,
      trip_destinationId: destinations[3]._id,
      trip_date: futureDate(8),
      trip_boarding_time: '7:00 pm',
      trip_ticket_priceId: body.trip_ticket_priceId,
    });
    // Khartoum → Gedaref does not pass Kassala: refused.
    const elsewhere = await createOk(t, t.token, '/api/trips/createTrip', {
      busId: body.busId,
      trip_date: futureDate(9),
      trip_boarding_time: '7:00 pm',
      trip_originId: origins[0]._id,
      trip_destinationId: destinations[2]._id,
      trip_ticket_priceId: body.trip_ticket_priceId,
    });
    const quote = (tripId: string) =>
      t.staff.get(
        `/api/bookings/changeQuote?${new URLSearchParams({ ticketId, phone: '0911000026', tripId, seats: '2' })}`,
      );
    const refused = await quote(elsewhere._id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TRIP_UNAVAILABLE' });
    const price = (direct.trip_ticket_priceId as { price: number }).price;
    const ok = await quote(direct._id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ oldTotal: 2000, newTotal: price });
  });

  it('the ticket message names the traveller’s own towns and the time the bus leaves their stop', async () => {
    const { trip, origins, destinations } = await corridor(t);
    const sold = await sell(t, trip._id, [9], 1, 3, '0911000031');
    expect(sold.statusCode, sold.body).toBe(201);
    const [message] = await t.database.db
      .selectFrom('messages')
      .select(['text'])
      .where('bookingId', '=', sold.json().booking._id)
      .where('kind', '=', 'ticket')
      .execute();
    // In the counter sale's language (Arabic); Madani is 120 minutes after the 9:00 am departure from Khartoum.
    const name = (city: { _id: string }, field: string) => (city as Record<string, string>)[field]!;
    expect(message!.text).toContain(name(origins[1]!, 'origin_city_ar'));
    expect(message!.text).toContain(name(destinations[3]!, 'destination_city_ar'));
    expect(message!.text).not.toContain(name(origins[0]!, 'origin_city_ar'));
    expect(message!.text).toMatch(/11:00/);
  });

  it('a 60-way race of overlapping stretches on the same seats sells each seat-leg once', async () => {
    const { trip } = await corridor(t);
    const attempts = Array.from({ length: 60 }, (_, i) => {
      const from = i % 4;
      const to = from + 1 + (i % (4 - from));
      return { from, to, seats: [1 + (i % 3)], phone: `09${String(10_000_000 + i).slice(-8)}` };
    });
    const answers = await Promise.all(attempts.map((a) => sell(t, trip._id, a.seats, a.from, a.to, a.phone)));
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const won = attempts.filter((_, i) => answers[i].statusCode === 201);
    const legs = new Set<string>();
    for (const a of won)
      for (let leg = a.from; leg < a.to; leg++) {
        const key = `${a.seats[0]}:${leg}`;
        expect(legs.has(key), key).toBe(false);
        legs.add(key);
      }
    const rows = await t.database.db
      .selectFrom('booking_seats')
      .select(['seat', 'leg'])
      .where('tripId', '=', trip._id)
      .execute();
    expect(rows.length).toBe(legs.size);
  });
});
