// An attacker's review of seats by segment (issue 23): hostile stop indexes, towns and routes at every door
// (createBooking, counterSale, getTrip, filterTrips, createTrip, updateTrip, timetables), route edits under
// live bookings, company scope over a trip's stops, manifest and conductor package, and people-typed town
// names in the manifest's spreadsheets. Four found bugs, now fixed: a timetable edit racing a sale stranded
// the sale's seats (and the seat sold again), a town used as a stop could be deleted, two rows of one town
// spelt with other spacing passed as two stops, and a conductor's package carried other companies' tickets.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ROUTE_MESSAGES } from '../../shared/segments.ts';
import { ticketFingerprint } from '../../shared/boarding.ts';
import { bookingFields, PASSENGER, postBooking } from './helpers/bookings.ts';
import { corridor, corridorTimetable, FARES, sell } from './helpers/corridor.ts';
import { createOk, futureDate, unique } from './helpers/fixtures.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { type TestAppHandle, useTestApp } from './helpers/use-test-app.ts';
import type { Db } from '../../server/db/schema.ts';
import { applyTimetableEdit } from '../../server/resources/timetables/timetables.service.ts';
import { createBookingSchema } from '../../server/resources/bookings/bookings.schemas.ts';
import { bookingContext } from '../../server/sales/context.ts';
import { sell as saleOf } from '../../server/sales/sale.service.ts';
import { changeBooking } from '../../server/sales/booking-changes.ts';
import { checkinPackage } from '../../server/resources/boarding/checkin.service.ts';
import { ReadCache, useReadCache } from '../../server/cache/read-cache.ts';
import { cachedTripDetails } from '../../server/resources/trips/trips.repository.ts';
import { beforeTransaction } from './helpers/races.ts';

type Stop = { originId: string; destinationId: string; minutes: number };

describe.each(dialects)('seats by segment under attack (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const seatRows = async (tripId: string) =>
    (
      await t.database.db
        .selectFrom('booking_seats')
        .select(['seat', 'leg', 'bookingId'])
        .where('tripId', '=', tripId)
        .execute()
    )
      .map((row) => `${row.bookingId}:${Number(row.seat)}:${Number(row.leg)}`)
      .sort();
  const bookingCount = async (tripId: string) =>
    (await t.database.db.selectFrom('bookings').select('id').where('tripId', '=', tripId).execute()).length;

  /** A public (multipart) booking of `seats` on a corridor trip with these form fields over the defaults. */
  const publicBooking = (
    trip: { _id: string; trip_ticket_priceId: { price: number }; busId: { bus_number_of_seats: number } },
    seats: number[],
    fields: Record<string, string>,
  ) => {
    const { totalTicketPrice: _, ...rest } = bookingFields(trip, seats);
    return postBooking(t, { ...rest, ...fields });
  };

  it('createBooking refuses every hostile stop index with a 400 (never a 500) and stores nothing', async () => {
    const { trip } = await corridor(t);
    const hostile: Record<string, string>[] = [
      { boardingStop: '-1', alightingStop: '2' },
      { boardingStop: '1.5', alightingStop: '3' },
      { boardingStop: 'abc', alightingStop: '3' },
      { boardingStop: '1', alightingStop: '99' },
      { boardingStop: '1', alightingStop: '1e3' },
      { boardingStop: '1', alightingStop: 'Infinity' },
      { boardingStop: '9', alightingStop: '9' },
      { boardingStop: '3', alightingStop: '3' },
      { boardingStop: '3', alightingStop: '1' },
      { boardingStop: '4' }, // the destination as a boarding stop: nothing after it
      { alightingStop: '0' },
      { boardingStop: '0', alightingStop: '5' }, // one past the destination (MAX_STOPS allows 9)
      { boardingStop: '   ', alightingStop: '2' },
      { boardingStop: '[1]', alightingStop: '2' },
    ];
    for (const fields of hostile) {
      const answer = await publicBooking(trip, [1], fields);
      expect(answer.statusCode, `${JSON.stringify(fields)} ${answer.body}`).toBe(400);
    }
    expect(await bookingCount(trip._id)).toBe(0);
    expect(await seatRows(trip._id)).toEqual([]);
  });

  it('counterSale (JSON) refuses non-numbers, null, booleans and lists as stop indexes', async () => {
    const { trip } = await corridor(t);
    for (const [from, to] of [
      [null, 2],
      [true, 3],
      [[1], 3],
      [{ $gt: 0 }, 3],
      [1, '3; drop table trips'],
      [-0.5, 2],
      [Number.MAX_SAFE_INTEGER, 2],
    ] as unknown[][]) {
      const answer = await sell(t, trip._id, [2], from as number, to as number);
      expect(answer.statusCode, `${JSON.stringify([from, to])} ${answer.body}`).toBe(400);
    }
    expect(await seatRows(trip._id)).toEqual([]);
  });

  it('the price is the server’s fare for the stretch: a lower total is refused, none sent is charged the fare', async () => {
    const { trip } = await corridor(t);
    // Madani (1) → Kassala (3) is 2,000 a seat; the trip's ends cost its own (higher) price.
    const cheap = await publicBooking(trip, [3], {
      boardingStop: '1',
      alightingStop: '3',
      totalTicketPrice: '1',
    });
    expect(cheap.statusCode, cheap.body).toBe(409);
    expect(cheap.json()).toMatchObject({ code: 'PRICE_CHANGED', totalTicketPrice: 2000 });
    // The ends' price sent for a short stretch is refused too (it is not that stretch's fare).
    const ends = await publicBooking(trip, [3], {
      boardingStop: '3',
      alightingStop: '4',
      totalTicketPrice: String(trip.trip_ticket_priceId.price),
    });
    expect(ends.statusCode, ends.body).toBe(409);
    expect(await bookingCount(trip._id)).toBe(0);
    const silent = await publicBooking(trip, [3], { boardingStop: '1', alightingStop: '3' });
    expect(silent.statusCode, silent.body).toBe(201);
    expect(silent.json().booking).toMatchObject({
      boardingStop: 1,
      alightingStop: 3,
      totalTicketPrice: [2000],
    });
  });

  it('a stretch with no fare is not for sale, by indexes or by towns', async () => {
    const { trip, body, origins, destinations } = await corridor(t);
    const fewer = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, {
      trip_fares: body.trip_fares.filter((fare) => !(fare.from === 2 && fare.to === 3)),
    });
    expect(fewer.statusCode, fewer.body).toBe(200);
    const byIndex = await publicBooking(trip, [4], { boardingStop: '2', alightingStop: '3' });
    expect(byIndex.statusCode, byIndex.body).toBe(400);
    expect(byIndex.json()).toMatchObject({ code: 'PAIR_NOT_FOR_SALE' });
    const byTown = await publicBooking(trip, [4], {
      origin: origins[2]._id,
      destination: destinations[3]._id,
    });
    expect(byTown.statusCode, byTown.body).toBe(400);
    expect(byTown.json()).toMatchObject({ code: 'PAIR_NOT_FOR_SALE' });
    // Nor found by the search.
    const found = await t.app.inject({
      url: `/api/trips/filterTrips?${new URLSearchParams({ origin: origins[2]._id, destination: destinations[3]._id, date: trip.trip_date })}`,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().map((x: { _id: string }) => x._id)).not.toContain(trip._id);
    expect(await seatRows(trip._id)).toEqual([]);
  });

  it('towns instead of indexes: a town not on the route, the wrong list, or the wrong order is refused', async () => {
    const { trip, origins, destinations } = await corridor(t);
    const other = await corridor(t, futureDate(30));
    const cases: [Record<string, string>, number][] = [
      [{ origin: other.origins[1]._id }, 400], // another route's town
      [{ origin: destinations[1]._id }, 400], // a destinations id given as the origin
      [{ destination: origins[3]._id }, 400], // an origins id given as the destination
      [{ origin: origins[3]._id, destination: destinations[1]._id }, 400], // backwards
      [{ origin: origins[2]._id, destination: destinations[2]._id }, 400], // the same town
      [{ origin: 'x'.repeat(65) }, 400],
    ];
    for (const [fields, status] of cases) {
      const answer = await publicBooking(trip, [5], fields);
      expect(answer.statusCode, `${JSON.stringify(fields)} ${answer.body}`).toBe(status);
    }
    const ok = await publicBooking(trip, [5], { origin: origins[1]._id, destination: destinations[3]._id });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().booking).toMatchObject({ boardingStop: 1, alightingStop: 3, totalTicketPrice: [2000] });
    // An index wins over a town: the price is the index's stretch's.
    const mixed = await publicBooking(trip, [6], {
      boardingStop: '3',
      origin: origins[0]._id,
      destination: destinations[4]._id,
    });
    expect(mixed.statusCode, mixed.body).toBe(201);
    expect(mixed.json().booking).toMatchObject({
      boardingStop: 3,
      alightingStop: 4,
      totalTicketPrice: [1000],
    });
  });

  it('a seat is never sold twice on a leg, whether asked by indexes or by towns', async () => {
    const { trip, origins, destinations } = await corridor(t);
    expect((await sell(t, trip._id, [8], 1, 3)).statusCode).toBe(201);
    const byTowns = await publicBooking(trip, [8], {
      origin: origins[2]._id,
      destination: destinations[4]._id,
    });
    expect(byTowns.statusCode, byTowns.body).toBe(409);
    expect(byTowns.json()).toMatchObject({ code: 'SEATS_TAKEN' });
    const byEnds = await publicBooking(trip, [8], {});
    expect(byEnds.statusCode, byEnds.body).toBe(409);
    const legs = (await seatRows(trip._id)).map((row) => row.split(':').slice(1).join(':'));
    expect(legs).toEqual(['8:1', '8:2']);
  });

  it('getTrip answers 400 for hostile stretch queries and the whole trip for a stretch it has not', async () => {
    const { trip } = await corridor(t);
    expect((await sell(t, trip._id, [9], 3, 4)).statusCode).toBe(201); // leg 3 only
    for (const query of [
      'boardingStop=-1&alightingStop=2',
      'boardingStop=abc&alightingStop=2',
      'boardingStop=1.5&alightingStop=2',
      'boardingStop=1&alightingStop=10',
      'boardingStop=1&boardingStop=2&alightingStop=3',
    ]) {
      const answer = await t.app.inject({ url: `/api/trips/getTrip/${trip._id}?${query}` });
      expect(answer.statusCode, `${query} ${answer.body}`).toBe(400);
    }
    const seatsOf = async (query: string) => {
      const answer = await t.app.inject({ url: `/api/trips/getTrip/${trip._id}?${query}` });
      expect(answer.statusCode, `${query} ${answer.body}`).toBe(200);
      return answer.json().bookedSeats;
    };
    expect(await seatsOf('boardingStop=0&alightingStop=3')).toEqual([]);
    expect(await seatsOf('boardingStop=2&alightingStop=4')).toEqual([9]);
    // Not a stretch of this trip (past its destination, or backwards): the whole trip, a seat busy on any leg.
    expect(await seatsOf('boardingStop=3&alightingStop=9')).toEqual([9]);
    expect(await seatsOf('boardingStop=3&alightingStop=1')).toEqual([9]);
    expect(await seatsOf('boardingStop=0')).toEqual([9]);
  });

  it('filterTrips answers hostile towns and dates without a 500, and never a trip going the other way', async () => {
    const { trip, origins, destinations } = await corridor(t);
    const search = (origin: string, destination: string, date = trip.trip_date) =>
      t.app.inject({
        url: `/api/trips/filterTrips?${new URLSearchParams({ origin, destination, date })}`,
      });
    for (const [origin, destination] of [
      ["' or 1=1 --", destinations[3]._id],
      [origins[1]._id, '"); drop table trips; --'],
      ['%', '%'],
      ['\u0000', destinations[3]._id],
    ]) {
      const answer = await search(origin!, destination!);
      expect([200, 400], `${origin} ${answer.body}`).toContain(answer.statusCode);
      if (answer.statusCode === 200) expect(answer.json()).toEqual([]);
    }
    expect((await search(origins[1]._id, destinations[3]._id, '2026-02-30')).statusCode).toBe(400);
    // Kassala → Madani: the bus passes both, the wrong way round.
    const back = await search(origins[3]._id, destinations[1]._id);
    expect(back.statusCode).toBe(200);
    expect(back.json().map((x: { _id: string }) => x._id)).not.toContain(trip._id);
  });

  it('createTrip refuses hostile stops and fares with a 400 and stores nothing', async () => {
    const { body, origins, destinations } = await corridor(t);
    const count = async () => (await t.database.db.selectFrom('trips').select('id').execute()).length;
    const before = await count();
    const stop = (i: number, minutes: number): Stop => ({
      originId: origins[i]._id,
      destinationId: destinations[i]._id,
      minutes,
    });
    const cases: Record<string, unknown>[] = [
      { trip_stops: [stop(1, 60), stop(1, 120)], trip_fares: [] }, // the same town twice
      { trip_stops: [stop(1, 60), stop(2, 60)], trip_fares: [] }, // minutes not increasing
      { trip_stops: [stop(2, 120), stop(1, 60)], trip_fares: [] }, // minutes decreasing
      { trip_stops: [stop(1, 0)], trip_fares: [] },
      { trip_stops: [stop(1, -5)], trip_fares: [] },
      { trip_stops: [stop(1, 1.5)], trip_fares: [] },
      { trip_stops: [stop(1, 99_999)], trip_fares: [] },
      { trip_stops: [{ ...stop(1, 60), minutes: 'soon' }], trip_fares: [] },
      { trip_stops: [stop(0, 60)], trip_fares: [] }, // the trip's own origin
      { trip_stops: [stop(4, 60)], trip_fares: [] }, // the trip's own destination
      {
        trip_stops: [{ originId: origins[1]._id, destinationId: destinations[2]._id, minutes: 60 }],
        trip_fares: [],
      }, // two towns in one stop
      { trip_stops: [{ originId: 'nope', destinationId: destinations[1]._id, minutes: 60 }], trip_fares: [] },
      { trip_stops: [{ originId: origins[1]._id, minutes: 60 }], trip_fares: [] },
      { trip_stops: Array.from({ length: 9 }, (_, i) => stop(1, i + 1)), trip_fares: [] },
      { trip_stops: 'Wad Madani', trip_fares: [] },
      { trip_stops: { 0: stop(1, 60) }, trip_fares: [] },
      { trip_stops: [stop(1, 60)], trip_fares: [{ from: 0, to: 2, price: 10 }] }, // the ends' fare
      { trip_stops: [stop(1, 60)], trip_fares: [{ from: 0, to: 3, price: 10 }] }, // past the destination
      { trip_stops: [stop(1, 60)], trip_fares: [{ from: 1, to: 1, price: 10 }] },
      { trip_stops: [stop(1, 60)], trip_fares: [{ from: 1, to: 0, price: 10 }] },
      { trip_stops: [stop(1, 60)], trip_fares: [{ from: -1, to: 1, price: 10 }] },
      { trip_stops: [stop(1, 60)], trip_fares: [{ from: 0, to: 1, price: 0 }] },
      { trip_stops: [stop(1, 60)], trip_fares: [{ from: 0, to: 1, price: 'free' }] },
      { trip_stops: [stop(1, 60)], trip_fares: [{ from: 0, to: 1, price: 1e12 }] },
      {
        trip_stops: [stop(1, 60)],
        trip_fares: [
          { from: 0, to: 1, price: 10 },
          { from: 0, to: 1, price: 1 },
        ],
      }, // one pair twice
      { trip_stops: [], trip_fares: [{ from: 0, to: 1, price: 10 }] }, // the ends of a trip without stops
    ];
    for (const change of cases) {
      const answer = await t.staff.post('/api/trips/createTrip', {
        ...body,
        trip_date: futureDate(45),
        ...change,
      });
      expect(answer.statusCode, `${JSON.stringify(change)} ${answer.body}`).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it('a stop’s names come from the towns lists, never from what staff send with its ids', async () => {
    const { body, origins } = await corridor(t);
    const made = await createOk(t, t.token, '/api/trips/createTrip', {
      ...body,
      trip_date: futureDate(46),
      trip_stops: body.trip_stops.map((stop) => ({
        ...stop,
        city: '<img src=x onerror=alert(1)>',
        city_ar: '=HYPERLINK("http://evil.example","x")',
      })),
      trip_fares: FARES.map((fare) => ({ ...fare, note: '<script>alert(1)</script>' })),
    });
    const row = await t.database.db
      .selectFrom('trips')
      .select(['trip_stops', 'trip_fares'])
      .where('id', '=', made._id)
      .executeTakeFirstOrThrow();
    expect(row.trip_stops).not.toMatch(/onerror|HYPERLINK/);
    expect(row.trip_fares).not.toMatch(/script/);
    const read = await t.app.inject({ url: `/api/trips/getTrip/${made._id}` });
    expect(read.json().trip_stops[0]).toMatchObject({
      city: (origins[1] as unknown as { origin_city: string }).origin_city,
    });
  });

  it('timetables refuse the same hostile routes', async () => {
    const { body, origins, destinations } = await corridor(t);
    // Each hostile route replaces the corridor's own.
    const {
      trip_stops: _stops,
      trip_fares: _fares,
      ...timetable
    } = corridorTimetable(body, futureDate(300), futureDate(301));
    for (const change of [
      { trip_stops: [{ originId: origins[0]._id, destinationId: destinations[0]._id, minutes: 60 }] },
      {
        trip_stops: [
          { originId: origins[1]._id, destinationId: destinations[1]._id, minutes: 60 },
          { originId: origins[1]._id, destinationId: destinations[1]._id, minutes: 90 },
        ],
      },
      { trip_stops: body.trip_stops, trip_fares: [{ from: 0, to: 4, price: 1 }] },
      { trip_stops: body.trip_stops, trip_fares: [{ from: 3, to: 7, price: 1 }] },
    ]) {
      const answer = await t.staff.post('/api/timetables/createTimetable', { ...timetable, ...change });
      expect(answer.statusCode, `${JSON.stringify(change)} ${answer.body}`).toBe(400);
    }
    const made = await createOk(t, t.token, '/api/timetables/createTimetable', {
      ...timetable,
      trip_stops: body.trip_stops,
      trip_fares: body.trip_fares,
    });
    const edit = await t.staff.patch(`/api/timetables/updateTimetable/${made._id}`, {
      trip_stops: [body.trip_stops[0]],
    });
    // The fares left would name stops the route no longer has.
    expect(edit.statusCode, edit.body).toBe(400);
  });

  it('updateTrip refuses a route edit that strands a live booking, and keeps its seat rows', async () => {
    const { trip, body, origins, destinations } = await corridor(t);
    const madaniKassala = await sell(t, trip._id, [4], 1, 3);
    expect(madaniKassala.statusCode).toBe(201);
    const rows = await seatRows(trip._id);
    const [madani, gedaref, kassala] = body.trip_stops as Stop[];
    const sennarId = unique();
    const sennar = {
      originId: (
        await createOk(t, t.token, '/api/origins/createOrigin', { origin_city: `Sennar ${sennarId}` })
      )._id,
      destinationId: (
        await createOk(t, t.token, '/api/destination/createDestination', {
          destination_city: `Sennar ${sennarId}`,
        })
      )._id,
    };
    const faresFor = (stopCount: number) =>
      FARES.filter((fare) => fare.to <= stopCount + 1 && !(fare.from === 0 && fare.to === stopCount + 1));
    const edits: Record<string, unknown>[] = [
      // Kassala removed: index 3 becomes the destination.
      { trip_stops: [madani, gedaref], trip_fares: faresFor(2) },
      // Madani removed: index 1 becomes Gedaref.
      { trip_stops: [gedaref, kassala], trip_fares: faresFor(2) },
      // Reordered (times still increasing): index 1 is Gedaref.
      {
        trip_stops: [
          { ...gedaref, minutes: 120 },
          { ...madani, minutes: 240 },
          { ...kassala, minutes: 360 },
        ],
      },
      // A stop inserted before Kassala shifts it to index 4.
      {
        trip_stops: [madani, gedaref, { ...sennar, minutes: 300 }, { ...kassala, minutes: 420 }],
        trip_fares: faresFor(4).filter((fare) => fare.to <= 4),
      },
      // All stops gone.
      { trip_stops: [], trip_fares: [] },
      // The booking's pair no longer sold.
      { trip_fares: body.trip_fares.filter((fare) => !(fare.from === 1 && fare.to === 3)) },
      // Madani's stop now names another origins row of another town (and its destinations row).
      {
        trip_stops: [
          { originId: origins[2]._id, destinationId: destinations[2]._id, minutes: 120 },
          { ...kassala, minutes: 360 },
          { originId: origins[1]._id, destinationId: destinations[1]._id, minutes: 400 },
        ],
      },
    ];
    for (const edit of edits) {
      const answer = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, edit);
      // 400 (a route that does not fit) or 409 STOPS_IN_USE: never applied.
      expect([400, 409], `${JSON.stringify(edit)} ${answer.body}`).toContain(answer.statusCode);
    }
    const removeKassala = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, {
      trip_stops: [madani, gedaref],
      trip_fares: faresFor(2),
    });
    expect(removeKassala.statusCode).toBe(409);
    expect(removeKassala.json()).toMatchObject({
      code: 'STOPS_IN_USE',
      message: ROUTE_MESSAGES.stopsInUse.en,
    });
    expect(await seatRows(trip._id)).toEqual(rows);
    const stored = await t.database.db
      .selectFrom('trips')
      .select(['trip_stops', 'trip_fares'])
      .where('id', '=', trip._id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.trip_stops!)).toEqual(body.trip_stops);
    expect(JSON.parse(stored.trip_fares!)).toEqual(body.trip_fares);
    // Seat 4 stays taken on Madani → Kassala's legs, free before and after.
    expect((await sell(t, trip._id, [4], 2, 3)).statusCode).toBe(409);
    expect((await sell(t, trip._id, [4], 0, 1)).statusCode).toBe(201);
    expect((await sell(t, trip._id, [4], 3, 4)).statusCode).toBe(201);
  });

  it('updateTrip refuses moving the ends under a booking that boards at the origin or alights at the destination', async () => {
    const { trip, destinations, origins } = await corridor(t);
    expect((await sell(t, trip._id, [2], 2, 4)).statusCode).toBe(201); // Gedaref → Port Sudan
    const extraDestination = await createOk(t, t.token, '/api/destination/createDestination', {
      destination_city: `Suakin ${unique()}`,
    });
    const moved = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, {
      trip_destinationId: extraDestination._id,
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'STOPS_IN_USE' });
    // A stop's town as the new destination is refused as a route that does not fit.
    const onto = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, {
      trip_destinationId: destinations[3]._id,
    });
    expect(onto.statusCode, onto.body).toBe(400);
    const fromStop = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, {
      trip_originId: origins[2]._id,
    });
    expect(fromStop.statusCode, fromStop.body).toBe(400);
  });

  it('a route edit that keeps a booking’s towns and fare is allowed, and no seat-leg is sold twice after it', async () => {
    const { trip, body } = await corridor(t);
    expect((await sell(t, trip._id, [6], 0, 2)).statusCode).toBe(201); // Khartoum → Gedaref: legs 0, 1
    const [madani, gedaref, kassala] = body.trip_stops as Stop[];
    // Kassala's time changes, a fare's price changes: the booking's towns and pair stay.
    const edit = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, {
      trip_stops: [madani, gedaref, { ...kassala, minutes: 400 }],
      trip_fares: body.trip_fares.map((fare) =>
        fare.from === 0 && fare.to === 2 ? { ...fare, price: 9 } : fare,
      ),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    for (const [from, to] of [
      [0, 1],
      [1, 2],
      [0, 3],
      [1, 4],
    ])
      expect((await sell(t, trip._id, [6], from!, to!)).statusCode, `${from}→${to}`).toBe(409);
    expect((await sell(t, trip._id, [6], 2, 4)).statusCode).toBe(201);
    const legs = (await seatRows(trip._id)).map((row) => row.split(':').slice(1).join(':'));
    expect(legs.sort()).toEqual(['6:0', '6:1', '6:2', '6:3']);
  });

  it('a timetable’s new stops leave its trips with live bookings as they were', async () => {
    const { body } = await corridor(t);
    const made = await createOk(
      t,
      t.token,
      '/api/timetables/createTimetable',
      corridorTimetable(body, futureDate(12)),
    );
    const [trip] = await t.database.db
      .selectFrom('trips')
      .select(['id', 'trip_stops'])
      .where('timetableId', '=', made._id)
      .execute();
    expect(trip).toBeDefined();
    expect((await sell(t, trip!.id, [3], 1, 3)).statusCode).toBe(201);
    const edit = await t.staff.patch(`/api/timetables/updateTimetable/${made._id}`, {
      trip_stops: [body.trip_stops[0]],
      trip_fares: [],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().generation.kept.map((k: { _id: string }) => k._id)).toContain(trip!.id);
    const after = await t.database.db
      .selectFrom('trips')
      .select(['trip_stops', 'trip_fares'])
      .where('id', '=', trip!.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(after.trip_stops!)).toEqual(body.trip_stops);
  });

  it('a town that is a stop of a trip cannot be deleted from the towns lists', async () => {
    const { trip, origins, destinations } = await corridor(t);
    expect((await sell(t, trip._id, [1], 2, 3)).statusCode).toBe(201); // Gedaref → Kassala
    const origin = await t.staff.delete(`/api/origins/deleteOrigin/${origins[2]._id}`);
    const destination = await t.staff.delete(`/api/destination/deleteDestination/${destinations[3]._id}`);
    // Gedaref and Kassala are named only by the trip's stops (and a live booking rides between them).
    expect({ origin: origin.statusCode, destination: destination.statusCode }).toEqual({
      origin: 409,
      destination: 409,
    });
  });

  // Found by the review: renaming a stop's town in one list left its row in the other list with the old name,
  // and every later edit of a route through it was refused (its stop no longer one town).
  it('renaming a town a route stops at renames it in the other list too, and the route stays editable', async () => {
    const { trip, origins, destinations } = await corridor(t);
    const renamed = `Al Qadarif ${unique()}`;
    const rename = await t.staff.patch(`/api/origins/updateOrigin/${origins[2]._id}`, {
      origin_city: renamed,
      origin_city_ar: 'القضارف الجديدة',
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const partner = await t.database.db
      .selectFrom('destinations')
      .select(['destination_city', 'destination_city_ar'])
      .where('id', '=', destinations[2]._id)
      .executeTakeFirstOrThrow();
    expect(partner).toEqual({ destination_city: renamed, destination_city_ar: 'القضارف الجديدة' });
    // A town that is not a stop of it keeps its own name in the other list.
    const otherEnd = await t.database.db
      .selectFrom('destinations')
      .select('destination_city')
      .where('id', '=', destinations[4]._id)
      .executeTakeFirstOrThrow();
    expect(otherEnd.destination_city).not.toBe(renamed);
    const edit = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, { trip_boarding_time: '7:00 pm' });
    expect(edit.statusCode, edit.body).toBe(200);
    const stops = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, {
      trip_stops: (trip.trip_stops as Stop[]).map((stop, i) => ({ ...stop, minutes: (i + 1) * 150 })),
    });
    expect(stops.statusCode, stops.body).toBe(200);
  });

  it('the same town twice as two stops is refused even when its two rows differ only in spacing', async () => {
    const { body } = await corridor(t);
    const id = unique();
    const town = async (name: string) => ({
      originId: (await createOk(t, t.token, '/api/origins/createOrigin', { origin_city: name }))._id,
      destinationId: (
        await createOk(t, t.token, '/api/destination/createDestination', { destination_city: name })
      )._id,
    });
    const one = await town(`Sennar ${id}`);
    const two = await town(`Sennar  ${id}`); // two spaces: another row, the same town by sameTownName
    const answer = await t.staff.post('/api/trips/createTrip', {
      ...body,
      trip_date: futureDate(47),
      trip_stops: [
        { ...one, minutes: 60 },
        { ...two, minutes: 90 },
      ],
      trip_fares: [],
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'ROUTE_INVALID',
      errors: { trip_stops: expect.any(String) },
    });
  });

  it('a timetable edit and a sale interleaved: the edit never strands the sale’s booking (a seat then sold twice)', async () => {
    const { body } = await corridor(t);
    const made = await createOk(
      t,
      t.token,
      '/api/timetables/createTimetable',
      corridorTimetable(body, futureDate(13)),
    );
    const db = t.app.db as Db;
    const [trip] = await db.selectFrom('trips').select('id').where('timetableId', '=', made._id).execute();
    // The timetable's row as updateTimetable writes it (updateDocument): no stops any more.
    await db
      .updateTable('timetables')
      .set({ trip_stops: '[]', trip_fares: '[]' })
      .where('id', '=', made._id)
      .execute();
    // applyTimetableEdit reads the timetable's trips (no live booking yet), then decides and writes each trip.
    // A traveller's sale committing in between is the race two API nodes (or two requests on one) can run.
    // It is made to happen at the last moment it can, deterministically: just before the edit's first write
    // outside a transaction, or before the transaction that writes (found: the edit counted bookings, then
    // wrote the trip in a statement of its own; a sale between the two kept its seats on stops the trip no
    // longer had, and seat 1 was sold again).
    let sale: Awaited<ReturnType<typeof sell>> | undefined;
    const before = async () => {
      sale ??= await sell(t, trip!.id, [1], 1, 3, '0911000601'); // Madani → Kassala: legs 1, 2
    };
    const wrap = <B extends object>(builder: B): B =>
      new Proxy(builder, {
        get(target, prop) {
          const value = Reflect.get(target, prop) as unknown;
          if (prop === 'execute' || prop === 'executeTakeFirst' || prop === 'executeTakeFirstOrThrow')
            return async (...args: unknown[]) => {
              await before();
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const result = (value as (...a: unknown[]) => unknown).apply(target, args);
            return result && typeof result === 'object' && 'execute' in result ? wrap(result) : result;
          };
        },
      });
    const racing = new Proxy(db, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (['updateTable', 'deleteFrom', 'transaction'].includes(prop as string))
          return (...args: unknown[]) => wrap((value as (...a: unknown[]) => object).apply(target, args));
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    await applyTimetableEdit(racing, made._id, new Date());
    expect(sale?.statusCode, sale?.body).toBe(201);
    const after = await db
      .selectFrom('trips')
      .select(['trip_stops'])
      .where('id', '=', trip!.id)
      .executeTakeFirstOrThrow();
    // Khartoum → Gedaref (legs 0, 1) overlaps the sale's leg 1.
    const again = await sell(t, trip!.id, [1], 0, 2, '0911000602');
    const legs = await db
      .selectFrom('booking_seats')
      .select(['seat', 'leg'])
      .where('tripId', '=', trip!.id)
      .execute();
    // The sold booking's stops still on the trip, and seat 1 not sellable again (found: stops gone, seat 1
    // sold a second time on leg 0 beside the first sale's legs 1 and 2 of a trip that now has one leg).
    expect({
      stops: JSON.parse(after.trip_stops!),
      secondSale: again.statusCode,
      legs: legs.map((row) => `${Number(row.seat)}:${Number(row.leg)}`).sort(),
    }).toEqual({ stops: body.trip_stops, secondSale: 409, legs: ['1:1', '1:2'] });
  });

  /**
   * `t.app.db` with the Madani → Kassala fare of `tripId` set to `price` through the API just before its first
   * transaction begins: an edit committed at the last moment before a sale or a change takes its locks.
   */
  function fareEditedBefore(tripId: string, price: number) {
    const state = { edited: false };
    const node = beforeTransaction(t.app.db as Db, async () => {
      if (state.edited) return;
      state.edited = true;
      const trip_fares = FARES.map((fare) => (fare.from === 1 && fare.to === 3 ? { ...fare, price } : fare));
      const edit = await t.staff.patch(`/api/trips/updateTrip/${tripId}`, { trip_fares });
      expect(edit.statusCode, edit.body).toBe(200);
    });
    return { node, state };
  }

  // A sale prices the stretch from the trip as it read it (the cache), then takes the trip's lock. An edit of
  // the fares or stops committing in between (another staff member, another node) must not sell the old fare,
  // nor other towns at the stop indexes (found: under the lock it checked only that the pair had a fare).
  it('a fare edited between the sale’s read of the trip and its lock: the sale is decided on the trip as it is', async () => {
    const { trip } = await corridor(t);
    const db = t.app.db as Db;
    const { node: racing, state } = fareEditedBefore(trip._id, 2_500);
    const input = createBookingSchema.parse({
      tripId: trip._id,
      seats: [2],
      passengerInfo: { ...PASSENGER, phone: '0911000701' },
      boardingStop: 1,
      alightingStop: 3,
    });
    const outcome = await saleOf({ ...bookingContext(t.app), db: racing }, input, {
      by: 'traveller',
      source: { address: '10.20.30.40', device: null },
    });
    expect(state.edited).toBe(true);
    expect('sold' in outcome, JSON.stringify(outcome)).toBe(true);
    const stored = await db
      .selectFrom('bookings')
      .select(['totalTicketPrice', 'boardingStop', 'alightingStop'])
      .where('tripId', '=', trip._id)
      .executeTakeFirstOrThrow();
    expect({ ...stored, totalTicketPrice: Number(stored.totalTicketPrice) }).toEqual({
      totalTicketPrice: 2_500,
      boardingStop: 1,
      alightingStop: 3,
    });
  });

  it('a fare edited between a change of day’s plan and its lock: the change is priced on the trip as it is', async () => {
    const { trip, body } = await corridor(t, futureDate(16));
    const next = await createOk(t, t.token, '/api/trips/createTrip', { ...body, trip_date: futureDate(17) });
    const sold = await sell(t, trip._id, [3], 1, 3, '0911000702'); // Madani → Kassala, 2,000
    expect(sold.statusCode, sold.body).toBe(201);
    const { node: racing, state } = fareEditedBefore(next._id, 2_600);
    const outcome = await changeBooking(
      { ...bookingContext(t.app), db: racing },
      { ticketId: sold.json().booking.ticketId, phone: '0911000702', tripId: next._id, seats: [3] },
      { ip: '10.20.30.41' },
    );
    expect(state.edited).toBe(true);
    // Paid at the counter: the difference waits to be paid, on the fare the new trip has now.
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ quote: { oldTotal: 2_000, newTotal: 2_600 } });
  });

  it('a change that carries the amount it was quoted is refused when the fare moved before its lock', async () => {
    const { trip, body } = await corridor(t, futureDate(22));
    const next = await createOk(t, t.token, '/api/trips/createTrip', { ...body, trip_date: futureDate(23) });
    const sold = await sell(t, trip._id, [3], 1, 3, '0911000705');
    expect(sold.statusCode, sold.body).toBe(201);
    const ticketId = sold.json().booking.ticketId;
    const db = t.app.db as Db;
    const { node: racing, state } = fareEditedBefore(next._id, 2_600);
    const request = { ticketId, phone: '0911000705', tripId: next._id, seats: [3], totalTicketPrice: 2_000 };
    const outcome = await changeBooking({ ...bookingContext(t.app), db: racing }, request, {
      ip: '10.20.30.44',
    });
    expect(state.edited).toBe(true);
    expect(outcome).toEqual({ refused: { code: 'PRICE_CHANGED', newTotal: 2_600 } });
    const stored = await db
      .selectFrom('bookings')
      .select(['tripId'])
      .where('ticketId', '=', ticketId)
      .execute();
    expect(stored).toEqual([{ tripId: trip._id }]);
    // Over HTTP, with the amount now shown, it goes through.
    const again = await client(t).post('/api/bookings/changeBooking', {
      ...request,
      totalTicketPrice: 2_000,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PRICE_CHANGED', totalTicketPrice: 2_600 });
    const done = await client(t).post('/api/bookings/changeBooking', { ...request, totalTicketPrice: 2_600 });
    expect(done.statusCode, done.body).toBe(200);
  });

  // A node that has not yet heard of another node's edit still holds the old trip in its cache. Under the
  // trip's lock the sale or the change finds the route changed; its second attempt must read the trip's row,
  // not the same stale memory (found: the change of day read the cache again and refused PAIR_NOT_FOR_SALE
  // where a sale sold).
  describe('an edit this node has not heard of yet', () => {
    /**
     * A node reading through a cache of its own that no write reaches (another node's stale memory), which
     * has read `tripId`; just before its first transaction, the Madani → Kassala fare of that trip becomes
     * `price` through the API.
     */
    async function staleNode(tripId: string, price: number) {
      const { node, state } = fareEditedBefore(tripId, price);
      useReadCache(node, new ReadCache(60_000));
      expect((await cachedTripDetails(node, tripId))?.trip_fares).toEqual(FARES);
      return { node, state };
    }

    it('a change of day is priced on the trip’s row at its second attempt', async () => {
      const { trip, body } = await corridor(t, futureDate(18));
      const next = await createOk(t, t.token, '/api/trips/createTrip', {
        ...body,
        trip_date: futureDate(19),
      });
      const sold = await sell(t, trip._id, [4], 1, 3, '0911000703');
      expect(sold.statusCode, sold.body).toBe(201);
      const { node, state } = await staleNode(next._id, 2_600);
      const outcome = await changeBooking(
        { ...bookingContext(t.app), db: node },
        { ticketId: sold.json().booking.ticketId, phone: '0911000703', tripId: next._id, seats: [4] },
        { ip: '10.20.30.42' },
      );
      expect(state.edited).toBe(true);
      expect(outcome, JSON.stringify(outcome)).toMatchObject({ quote: { oldTotal: 2_000, newTotal: 2_600 } });
    });

    it('a sale is priced on the trip’s row at its second attempt', async () => {
      const { trip } = await corridor(t, futureDate(18));
      const { node, state } = await staleNode(trip._id, 2_500);
      const input = createBookingSchema.parse({
        tripId: trip._id,
        seats: [5],
        passengerInfo: { ...PASSENGER, phone: '0911000704' },
        boardingStop: 1,
        alightingStop: 3,
      });
      const outcome = await saleOf({ ...bookingContext(t.app), db: node }, input, {
        by: 'traveller',
        source: { address: '10.20.30.43', device: null },
      });
      expect(state.edited).toBe(true);
      if (!('sold' in outcome)) throw new Error(JSON.stringify(outcome));
      expect(Number(outcome.sold.totalTicketPrice)).toBe(2_500);
    });
  });

  describe('company scope', () => {
    const companyOf = (bus: { bus_owner_companyId: string | { _id: string } }) =>
      typeof bus.bus_owner_companyId === 'string' ? bus.bus_owner_companyId : bus.bus_owner_companyId._id;
    const managerOf = (app: TestAppHandle, companyId: string, role: 'manager' | 'cashier' = 'manager') =>
      staffToken(app, { email: `${role}-${unique()}@rihla.test`, password: 'secret123' }, role, companyId);

    it('company A cannot read or change company B’s stops, manifest, passengers or conductor package', async () => {
      const date = futureDate(14);
      const a = await corridor(t, date);
      const b = await corridor(t, date);
      expect((await sell(t, b.trip._id, [5], 1, 3, '0911000501')).statusCode).toBe(201);
      const manager = client(t, await managerOf(t, companyOf(a.bus)));
      const edit = await manager.patch(`/api/trips/updateTrip/${b.trip._id}`, {
        trip_stops: [],
        trip_fares: [],
      });
      expect(edit.statusCode, edit.body).toBe(404);
      const fares = await manager.patch(`/api/trips/updateTrip/${b.trip._id}`, {
        trip_fares: [{ from: 1, to: 3, price: 1 }],
      });
      expect(fares.statusCode, fares.body).toBe(404);
      for (const url of [
        `/api/trips/getTrip/${b.trip._id}?boardingStop=1&alightingStop=3`,
        `/api/trips/manifest/${b.trip._id}?format=csv`,
        `/api/trips/passengers/${b.trip._id}`,
        `/api/checkin/trip/${b.trip._id}`,
      ]) {
        const answer = await manager.get(url);
        expect(answer.statusCode, `${url} ${answer.body}`).toBe(404);
      }
      // Moving its own trip onto B's bus is refused too.
      const hijack = await manager.patch(`/api/trips/updateTrip/${a.trip._id}`, { busId: b.bus._id });
      expect(hijack.statusCode, hijack.body).toBe(404);
      const stored = await t.database.db
        .selectFrom('trips')
        .select(['trip_stops', 'trip_fares', 'busId'])
        .where('id', '=', b.trip._id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.trip_stops!)).toEqual(b.body.trip_stops);
      expect(JSON.parse(stored.trip_fares!)).toEqual(b.body.trip_fares);
    });

    it('company A’s conductor package carries none of company B’s tickets', async () => {
      const date = futureDate(15);
      const a = await corridor(t, date);
      const b = await corridor(t, date);
      const sold = await sell(t, b.trip._id, [7], 2, 4, '0911000502');
      expect(sold.statusCode).toBe(201);
      const ticketOfB = sold.json().booking.ticketId as string;
      const manager = client(t, await managerOf(t, companyOf(a.bus)));
      const pkg = await manager.get(`/api/checkin/trip/${a.trip._id}`);
      expect(pkg.statusCode, pkg.body).toBe(200);
      const others = pkg.json().otherTickets as { ticketId: string; tripId: string }[];
      // Another company's ticket numbers and trip ids are that company's business (company-scope.ts).
      expect(others.map((o) => o.tripId)).not.toContain(b.trip._id);
      expect(pkg.body).not.toContain(ticketOfB);
      expect(pkg.body).not.toContain(b.trip._id);
      // Named by its fingerprint only, so that typed at A's door offline it still reads "wrong trip".
      expect(pkg.json().otherCompanyTickets).toContain(await ticketFingerprint(ticketOfB));
    });

    it('on a day of more tickets than a package carries, the company’s own come first', async () => {
      const date = futureDate(21);
      const a = await corridor(t, date);
      const b = await corridor(t, date);
      // The other company sells first, so that rows in the order written would fill the package with its tickets.
      for (const [seat, phone] of [
        [1, '0911000511'],
        [2, '0911000512'],
        [3, '0911000513'],
      ] as const)
        expect((await sell(t, b.trip._id, [seat], 0, 4, phone)).statusCode).toBe(201);
      const bus = await createOk(t, t.token, '/api/buses/createBus', {
        bus_number: `A2-${unique()}`,
        bus_owner_companyId: companyOf(a.bus),
        bus_number_of_seats: 40,
        bus_status: 'In Service',
        date_ofLast_oil_service: '2026-10-01',
      });
      const second = await createOk(t, t.token, '/api/trips/createTrip', { ...a.body, busId: bus._id });
      const ours: string[] = [];
      for (const [seat, phone] of [
        [1, '0911000514'],
        [2, '0911000515'],
      ] as const) {
        const sold = await sell(t, second._id, [seat], 0, 4, phone);
        expect(sold.statusCode, sold.body).toBe(201);
        ours.push(sold.json().booking.ticketId);
      }
      const app = t.app;
      const pkg = await checkinPackage(
        { db: app.db, clock: app.clock, signer: app.ticketSigner },
        a.trip._id,
        2,
      );
      expect({
        own: pkg!.otherTickets.map((other) => other.ticketId).sort(),
        others: pkg!.otherCompanyTickets,
      }).toEqual({ own: ours.sort(), others: [] });
    });
  });

  it('a town named like a formula is written as text in the manifest’s CSV and XLSX', async () => {
    const { body } = await corridor(t);
    const id = unique();
    const evil = `=HYPERLINK("http://evil.example/${id}","Kosti")`;
    const evilAr = `+cmd|' /C calc'!A0 ${id}`;
    const origin = await createOk(t, t.token, '/api/origins/createOrigin', {
      origin_city: evil,
      origin_city_ar: evilAr,
    });
    const destination = await createOk(t, t.token, '/api/destination/createDestination', {
      destination_city: evil,
      destination_city_ar: evilAr,
    });
    const trip = await createOk(t, t.token, '/api/trips/createTrip', {
      ...body,
      trip_date: futureDate(48),
      trip_stops: [
        ...body.trip_stops.slice(0, 2),
        { originId: origin._id, destinationId: destination._id, minutes: 360 },
      ],
    });
    expect((await sell(t, trip._id, [1], 3, 4, '0911000503')).statusCode).toBe(201);
    expect((await sell(t, trip._id, [2], 0, 3, '0911000504')).statusCode).toBe(201);
    const csv = await t.staff.get(`/api/trips/manifest/${trip._id}?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('HYPERLINK');
    // No cell, nor any part of one a program may split on, starts a formula.
    expect(csv.body).not.toMatch(/(^|[,;\t|:\s"])=HYPERLINK/m);
    expect(csv.body).not.toMatch(/(^|[,;\t|:\s"])\+cmd/m);
    const xlsx = await t.staff.get(`/api/trips/manifest/${trip._id}?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const texts: string[] = [];
    book.worksheets[0]!.eachRow((row) =>
      row.eachCell((cell) => {
        expect(cell.formula, String(cell.value)).toBeFalsy();
        texts.push(String(cell.value ?? ''));
      }),
    );
    expect(texts.some((text) => text.includes('HYPERLINK'))).toBe(true);
    for (const text of texts) expect(text, text).not.toMatch(/(^|[,;\t|:\s"])(=HYPERLINK|\+cmd)/);
    const pdf = await t.staff.get(`/api/trips/manifest/${trip._id}?format=pdf`);
    expect(pdf.statusCode).toBe(200);
  });

  it('scans at a stop index the trip has not answer a verdict, never a 500', async () => {
    const { trip } = await corridor(t);
    const sold = await sell(t, trip._id, [11], 1, 3, '0911000505');
    expect(sold.statusCode).toBe(201);
    const { ticketId } = sold.json().booking;
    const scans = [0, 1, 3, 4, 9].map((stop, i) => ({
      ticketId,
      tripId: trip._id,
      scannedAt: new Date(Date.now() - 1000 * (10 - i)).toISOString(),
      deviceId: `attack-${stop}`,
      stop,
    }));
    const answer = await t.staff.post('/api/checkin/scans', { scans });
    expect(answer.statusCode, answer.body).toBe(200);
    const verdicts = answer.json().verdicts.map((v: { verdict: string }) => v.verdict);
    expect(verdicts[0]).toBe('wrong_stop'); // boards later
    expect(verdicts[1]).toBe('valid');
    expect(verdicts.slice(2)).toEqual(['wrong_stop', 'wrong_stop', 'wrong_stop']);
    const past = await t.staff.post('/api/checkin/scans', {
      scans: [{ ...scans[0], stop: 10, deviceId: 'x' }],
    });
    expect(past.statusCode).toBe(400);
  });
});
