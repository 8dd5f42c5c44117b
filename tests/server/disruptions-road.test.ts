// A closed road (POST /api/trips/disrupt with `road`): the operator names two towns and dates, and every trip
// that travels between them on those dates is caught, whatever its route and either way — the corridor's bus
// passing both as stops, a direct bus, a bus the other way by its ends or by stops, a town's row spelt another
// way, a bus that left the evening before and reaches the road in the night — not a trip that passes only one of
// them or none, nor one that reaches the road after the last date; the timetables that would make such trips
// take those days off; a company's staff close it for their own company's trips and timetables alone; more trips
// than one call may touch, or a delay of several days' trips to one date, are refused with nothing changed.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_DISRUPTED_TRIPS } from '../../shared/disruptions.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { ManualClock } from '../../server/clock.ts';
import { corridor, corridorTimetable, tripsBeside } from './helpers/corridor.ts';
import { createOk, otherCompanyBus } from './helpers/fixtures.ts';
import { counterSale, type Doc } from './helpers/payments.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;
const REASON = { reason_en: 'the Gedaref – Kassala road is closed', reason_ar: 'طريق القضارف – كسلا مغلق' };

describe.each(dialects)('closing a road (%s)', (dialect) => {
  const clock = new ManualClock(Date.parse('2026-12-01T06:00:00Z'));
  const t = useTestApp(dialect, { clock });
  const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * DAY));

  /** The corridor in 2 days, and trips of other routes near it (each on a bus of its own). */
  async function network() {
    // Khartoum(0) – Wad Madani(1) – Gedaref(2) – Kassala(3) – Port Sudan(4).
    const road = await corridor(t, day(2));
    const { origins: o, destinations: d } = road;
    const trip = tripsBeside(t, road, day(2));
    const ends = (from: number, to: number) => ({
      trip_originId: o[from]!._id,
      trip_destinationId: d[to]!._id,
    });
    const trips = {
      corridor: road.trip,
      direct: await trip(ends(2, 3)),
      back: await trip(ends(3, 2)),
      // Madani → Port Sudan by Gedaref and Kassala (stops 1 and 2): boards at Gedaref as a stop.
      viaBoth: await trip({
        ...ends(1, 4),
        trip_stops: [2, 3].map((i, n) => ({
          originId: o[i]!._id,
          destinationId: d[i]!._id,
          minutes: 60 * (n + 1),
        })),
        trip_fares: [],
      }),
      // Khartoum → Kassala by Gedaref.
      viaGedaref: await trip({
        ...ends(0, 3),
        trip_stops: [{ originId: o[2]!._id, destinationId: d[2]!._id, minutes: 240 }],
        trip_fares: [],
      }),
      // Not over the road: one town only, or neither.
      toGedaref: await trip(ends(0, 2)),
      fromKassala: await trip(ends(3, 4)),
      viaMadani: await trip({
        ...ends(0, 2),
        trip_stops: [{ originId: o[1]!._id, destinationId: d[1]!._id, minutes: 90 }],
        trip_fares: [],
      }),
      // Port Sudan → Khartoum by Kassala and Gedaref: the other way, boarding at Kassala as a stop.
      backViaStops: await trip({
        ...ends(4, 0),
        trip_stops: [3, 2].map((i, n) => ({
          originId: o[i]!._id,
          destinationId: d[i]!._id,
          minutes: 120 * (n + 1),
        })),
        trip_fares: [],
      }),
      // To Kassala's row spelt another way (case and spaces; another Arabic spelling).
      otherSpelling: await trip({
        trip_originId: o[2]!._id,
        trip_destinationId: (
          await createOk(t, t.token, '/api/destination/createDestination', {
            destination_city: ` ${String((road.destinations[3] as Doc).destination_city).toLowerCase()}`,
            destination_city_ar: 'كسلى',
          })
        )._id,
      }),
      // Madani → Kassala by Gedaref, 10 hours on: leaving the evening before the first date, at Gedaref in the
      // night of it (caught); leaving the evening of the last date, at Gedaref the day after (not caught).
      overnightIn: await trip({
        ...ends(1, 3),
        trip_date: day(0),
        trip_boarding_time: '7:00 pm',
        trip_stops: [{ originId: o[2]!._id, destinationId: d[2]!._id, minutes: 600 }],
        trip_fares: [],
      }),
      overnightOut: await trip({
        ...ends(1, 3),
        trip_date: day(4),
        trip_boarding_time: '7:00 pm',
        trip_stops: [{ originId: o[2]!._id, destinationId: d[2]!._id, minutes: 600 }],
        trip_fares: [],
      }),
      // Over the road, outside the dates.
      later: await trip({ ...ends(2, 3), trip_date: day(9) }),
      // Over the road, another company's bus.
      rival: await trip(ends(2, 3), await otherCompanyBus(t, t.token, 12)),
    };
    return {
      ...road,
      trips,
      /** Makes another trip beside them (on a bus of its own unless given one). */
      more: trip,
      ends,
      closure: { originId: o[2]!._id, destinationId: d[3]!._id, from: day(1), to: day(4) },
    };
  }

  const caughtOf = (answer: Doc) => (answer.trips as Doc[]).map((trip) => trip.tripId).sort();
  const idsOf = (trips: Record<string, Doc>, names: string[]) => names.map((name) => trips[name]!._id).sort();
  const OVER_THE_ROAD = [
    'corridor',
    'direct',
    'back',
    'viaBoth',
    'viaGedaref',
    'backViaStops',
    'otherSpelling',
    'overnightIn',
    'rival',
  ];
  /** A daily 7:00 pm timetable from today for 20 days. */
  const timetable = (
    priceId: string,
    busId: string,
    ends: [string, string],
    stops: { originId: string; destinationId: string; minutes: number }[] = [],
  ) =>
    createOk(t, t.token, '/api/timetables/createTimetable', {
      timetable_originId: ends[0],
      timetable_destinationId: ends[1],
      busId,
      timetable_boarding_time: '7:00 pm',
      timetable_ticket_priceId: priceId,
      timetable_days: [0, 1, 2, 3, 4, 5, 6],
      timetable_from: day(0),
      timetable_until: day(20),
      trip_stops: stops,
      trip_fares: [],
    });
  const offOf = async (id: string) =>
    (await t.staff.get(`/api/timetables/getTimetable/${id}`)).json().timetable_dates_off as string[];
  const busOf = (trip: Doc) => (trip.busId._id ?? trip.busId) as string;
  /** `caller` (an admin when none) cancels every trip over `closure`'s road, or previews it (`dryRun`). */
  const closeRoad = (
    closure: object,
    options: { dryRun?: boolean; caller?: ReturnType<typeof client> } = {},
  ) =>
    (options.caller ?? t.staff).post('/api/trips/disrupt', {
      ...closure,
      road: true,
      action: 'cancel',
      ...REASON,
      ...(options.dryRun === undefined ? {} : { dryRun: options.dryRun }),
    });
  /** A manager of `bus`'s company. */
  const managerOf = async (bus: Doc, name: string) =>
    client(
      t,
      await staffToken(
        t,
        { email: `${name}-${dialect}@rihla.test`, password: 'dune-camel-lantern-48' },
        'manager',
        bus.bus_owner_companyId._id ?? bus.bus_owner_companyId,
      ),
    );

  it('a preview lists every trip over the road either way, with its route, and changes nothing', async () => {
    const { trips, closure, price, destinations: d, origins: o } = await network();
    const booked = await counterSale(t, trips.viaBoth, [3]);
    const over = await timetable(price._id, busOf(trips.direct), [o[2]!._id, d[3]!._id]);
    const preview = await closeRoad(closure, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const made = (
      await t.database.db
        .selectFrom('trips')
        .select('id')
        .where('timetableId', '=', over._id)
        .where('trip_date', '>=', day(1))
        .where('trip_date', '<=', day(4))
        .execute()
    ).map((row) => row.id);
    expect(made).toHaveLength(4);
    expect(caughtOf(preview.json())).toEqual([...idsOf(trips, OVER_THE_ROAD), ...made].sort());
    const back = (preview.json().trips as Doc[]).find((trip) => trip.tripId === trips.back._id)!;
    expect(back).toMatchObject({
      trip_originId: trips.back.trip_originId._id ?? trips.back.trip_originId,
      trip_destinationId: trips.back.trip_destinationId._id ?? trips.back.trip_destinationId,
    });
    expect(preview.json().totals).toMatchObject({ bookings: 1, waiting: 1 });
    // Nothing changed: the trips, the booking, the timetable.
    const trip = await t.staff.get(`/api/trips/getTrip/${trips.viaBoth._id}`);
    expect(trip.json().isCancelled).toBe(false);
    expect((await t.staff.get(`/api/bookings/getBooking/${booked._id}`)).json().isCancelled).toBe(false);
    expect(await offOf(over._id)).toEqual([]);

    // Without `road`, the same towns name one route, by departure date: its direct buses alone.
    const route = await t.staff.post('/api/trips/disrupt', {
      ...closure,
      action: 'cancel',
      ...REASON,
      dryRun: true,
    });
    expect(caughtOf(route.json())).toEqual([...idsOf(trips, ['direct', 'rival']), ...made].sort());
  });

  it('cancels them all, tells their travellers, and closes the timetables that travel the road', async () => {
    const { trips, closure, body, price, origins: o, destinations: d } = await network();
    const corridorBooking = await counterSale(t, trips.corridor, [5]);
    const untouched = await counterSale(t, trips.toGedaref, [5]);
    const over = await createOk(
      t,
      t.token,
      '/api/timetables/createTimetable',
      corridorTimetable(body, day(1), day(20)),
    );
    // Kassala → Gedaref, the other way; Madani → Kassala at Gedaref 10 hours on (the evening before a date
    // reaches the road on it); Khartoum → Wad Madani, short of the road.
    const back = await timetable(price._id, busOf(trips.back), [o[3]!._id, d[2]!._id]);
    const overnight = await timetable(
      price._id,
      busOf(trips.viaGedaref),
      [o[1]!._id, d[3]!._id],
      [{ originId: o[2]!._id, destinationId: d[2]!._id, minutes: 600 }],
    );
    const short = await timetable(price._id, busOf(trips.toGedaref), [o[0]!._id, d[1]!._id]);
    const done = await closeRoad(closure);
    expect(done.statusCode, done.body).toBe(200);
    // The timetables' trips from today to the last date, cancelled or not, by date.
    const made = async (timetableId: string) =>
      (
        await t.database.db
          .selectFrom('trips')
          .select(['trip_date', 'isCancelled'])
          .where('timetableId', '=', timetableId)
          .where('trip_date', '<=', day(4))
          .orderBy('trip_date')
          .execute()
      ).map((trip) => [trip.trip_date, Number(trip.isCancelled)]);
    const days = [0, 1, 2, 3, 4].map(day);
    expect(await made(over._id)).toEqual(days.slice(1).map((date) => [date, 1]));
    expect(await made(back._id)).toEqual(days.map((date, i) => [date, i === 0 ? 0 : 1]));
    expect(await made(overnight._id)).toEqual(days.map((date, i) => [date, i === 4 ? 0 : 1]));
    expect(await made(short._id)).toEqual(days.map((date) => [date, 0]));
    expect(done.json().totals.trips).toBe(OVER_THE_ROAD.length + 4 + 4 + 4);
    for (const name of Object.keys(trips)) {
      const trip = (await t.staff.get(`/api/trips/getTrip/${trips[name as keyof typeof trips]._id}`)).json();
      expect([name, trip.isCancelled]).toEqual([name, OVER_THE_ROAD.includes(name)]);
    }
    // The corridor's paid traveller waits for a choice; the bus that does not use the road is left alone.
    const waiting = await t.staff.get(`/api/bookings/getBooking/${corridorBooking._id}`);
    expect(waiting.json()).toMatchObject({ isCancelled: false, disruptionState: 'waiting' });
    const told = await t.database.db
      .selectFrom('messages')
      .select(['bookingId', 'text'])
      .where('kind', '=', 'trip_cancelled')
      .where('bookingId', 'in', [corridorBooking._id, untouched._id])
      .execute();
    expect(told.map((message) => message.bookingId)).toEqual([corridorBooking._id]);
    expect((await t.staff.get(`/api/bookings/getBooking/${untouched._id}`)).json().isCancelled).toBe(false);
    // The timetables over the road take off the days their bus would be on it; the one short of it none.
    expect(await offOf(over._id)).toEqual(days.slice(1));
    expect(await offOf(back._id)).toEqual(days.slice(1));
    expect(await offOf(overnight._id)).toEqual(days.slice(0, 4));
    expect(await offOf(short._id)).toEqual([]);
    // The activity log says it was a road.
    const log = await t.staff.get('/api/activity/getAllActivity?_start=0&_end=1&action=disrupt');
    expect(log.statusCode, log.body).toBe(200);
    const { diff } = log.json()[0];
    expect(typeof diff === 'string' ? JSON.parse(diff) : diff).toMatchObject({
      road: [null, true],
      action: [null, 'cancel'],
    });
  });

  it('a company’s staff close the road for their own company’s trips and timetables only', async () => {
    const { trips, closure, bus, price, origins: o, destinations: d } = await network();
    const own = await timetable(price._id, busOf(trips.direct), [o[2]!._id, d[3]!._id]);
    const rival = await timetable(price._id, busOf(trips.rival), [o[2]!._id, d[3]!._id]);
    const manager = await managerOf(bus, 'road');
    const done = await closeRoad(closure, { caller: manager });
    expect(done.statusCode, done.body).toBe(200);
    const caught = caughtOf(done.json());
    expect(caught).toEqual(
      expect.arrayContaining(
        idsOf(
          trips,
          OVER_THE_ROAD.filter((name) => name !== 'rival'),
        ),
      ),
    );
    expect(caught).not.toContain(trips.rival._id);
    expect((await t.staff.get(`/api/trips/getTrip/${trips.rival._id}`)).json().isCancelled).toBe(false);
    expect(await offOf(own._id)).toEqual([1, 2, 3, 4].map(day));
    expect(await offOf(rival._id)).toEqual([]);
  });

  it('lists, and leaves as they were, the trips without stops between towns another route joins over the road', async () => {
    const { trips, closure, more, ends, bus } = await network();
    // Direct buses naming no stops: Khartoum → Port Sudan and back, Madani → Kassala, all of which the corridor's
    // bus joins over Gedaref – Kassala; Khartoum → Madani, which it joins short of the road; one after the dates;
    // one of another company.
    const direct = {
      express: await more(ends(0, 4)),
      expressBack: await more(ends(4, 0)),
      madaniKassala: await more(ends(1, 3)),
      rivalExpress: await more(ends(0, 4), await otherCompanyBus(t, t.token, 12)),
    };
    const short = await more(ends(0, 1));
    const afterwards = await more({ ...ends(0, 4), trip_date: day(9) });
    const unsureOf = (answer: Doc) => (answer.unsure as Doc[]).map((trip) => trip.tripId).sort();
    const listed = Object.values(direct)
      .map((trip) => trip._id as string)
      .sort();

    const preview = await closeRoad(closure, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(unsureOf(preview.json())).toEqual(listed);
    expect(unsureOf(preview.json())).not.toContain(short._id);
    expect(unsureOf(preview.json())).not.toContain(afterwards._id);
    // They are not in the disruption: the trips it catches are the same as without them.
    expect(caughtOf(preview.json())).toEqual(idsOf(trips, OVER_THE_ROAD));
    expect(preview.json().unsure.find((trip: Doc) => trip.tripId === direct.express._id)).toEqual({
      tripId: direct.express._id,
      trip_originId: ends(0, 4).trip_originId,
      trip_destinationId: ends(0, 4).trip_destinationId,
      trip_date: day(2),
      trip_boarding_time: '9:00 am',
    });

    // A company's manager is shown their own company's alone; done, the disruption leaves them running and
    // still lists them.
    const manager = await managerOf(bus, 'unsure');
    const done = await closeRoad(closure, { caller: manager });
    expect(done.statusCode, done.body).toBe(200);
    expect(unsureOf(done.json())).toEqual(listed.filter((id) => id !== direct.rivalExpress._id));
    for (const trip of [...Object.values(direct), short, afterwards])
      expect((await t.staff.get(`/api/trips/getTrip/${trip._id}`)).json().isCancelled).toBe(false);

    // A route's dates, not a road: nothing is unsure.
    const route = await t.staff.post('/api/trips/disrupt', {
      ...closure,
      action: 'cancel',
      ...REASON,
      dryRun: true,
    });
    expect(route.json().unsure).toBeUndefined();
  });

  it('a road names two towns and dates, not trips', async () => {
    const { trips, closure } = await network();
    for (const body of [
      { tripIds: [trips.direct._id], road: true },
      { originId: closure.originId, destinationId: closure.destinationId, road: true },
      // 93 dates.
      {
        ...closure,
        road: true,
        to: khartoumToday(new Date(Date.parse(`${closure.from}T12:00:00Z`) + 92 * DAY)),
      },
    ]) {
      const refused = await t.staff.post('/api/trips/disrupt', { ...body, action: 'cancel', ...REASON });
      expect(refused.statusCode, refused.body).toBe(400);
    }
    expect((await t.staff.get(`/api/trips/getTrip/${trips.direct._id}`)).json().isCancelled).toBe(false);
  });

  it('more trips than one call may touch are refused before anything changes', async () => {
    const { trips, closure, price, origins: o, destinations: d } = await network();
    const over = await timetable(price._id, busOf(trips.direct), [o[2]!._id, d[3]!._id]);
    // 400 more copies of the direct bus on the second day (written as a script would: the bus is not checked).
    const row = await t.database.db
      .selectFrom('trips')
      .selectAll()
      .where('id', '=', trips.direct._id)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < MAX_DISRUPTED_TRIPS; i++)
      await t.database.db
        .insertInto('trips')
        .values({ ...row, id: randomBytes(12).toString('hex') })
        .execute();
    for (const dryRun of [true, false]) {
      const refused = await closeRoad(closure, { dryRun });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_TRIPS', limit: MAX_DISRUPTED_TRIPS });
      expect(refused.json().trips).toBeGreaterThan(MAX_DISRUPTED_TRIPS);
    }
    expect((await t.staff.get(`/api/trips/getTrip/${trips.direct._id}`)).json().isCancelled).toBe(false);
    expect(await offOf(over._id)).toEqual([]);
  });

  it('a delay to a new date moves one day’s trips', async () => {
    const { trips } = await network();
    const several = await t.staff.post('/api/trips/disrupt', {
      tripIds: [trips.direct._id, trips.later._id],
      action: 'delay',
      newDate: day(10),
      ...REASON,
    });
    expect(several.statusCode, several.body).toBe(400);
    expect(several.json().code).toBe('DELAY_ONE_DAY');
    expect((await t.staff.get(`/api/trips/getTrip/${trips.direct._id}`)).json().trip_date).toBe(day(2));
    // One day's trips may move to a new date; several days' to a new time.
    const oneDay = await t.staff.post('/api/trips/disrupt', {
      tripIds: [trips.direct._id, trips.back._id],
      action: 'delay',
      newDate: day(5),
      ...REASON,
      dryRun: true,
    });
    expect(oneDay.statusCode, oneDay.body).toBe(200);
    const later = await t.staff.post('/api/trips/disrupt', {
      tripIds: [trips.direct._id, trips.later._id],
      action: 'delay',
      newBoardingTime: '7:00 pm',
      ...REASON,
      dryRun: true,
    });
    expect(later.statusCode, later.body).toBe(200);
  });
});
