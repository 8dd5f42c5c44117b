// A closed road (POST /api/trips/disrupt with `road`): the operator names two towns and dates, and every trip
// of those dates that travels between them is caught, whatever its route and either way — the corridor's bus
// passing both as stops, a direct bus, a bus the other way, a bus boarding at one as a stop — not a trip that
// passes only one of them or none; the timetables that would make such trips take the dates off; a company's
// staff close it for their own company's trips alone.
import { describe, expect, it } from 'vitest';
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
      // Over the road, outside the dates.
      later: await trip({ ...ends(2, 3), trip_date: day(9) }),
      // Over the road, another company's bus.
      rival: await trip(ends(2, 3), await otherCompanyBus(t, t.token, 12)),
    };
    return {
      ...road,
      trips,
      closure: { originId: o[2]!._id, destinationId: d[3]!._id, from: day(1), to: day(4) },
    };
  }

  const caughtOf = (answer: Doc) => (answer.trips as Doc[]).map((trip) => trip.tripId).sort();
  const idsOf = (trips: Record<string, Doc>, names: string[]) => names.map((name) => trips[name]!._id).sort();
  const OVER_THE_ROAD = ['corridor', 'direct', 'back', 'viaBoth', 'viaGedaref', 'rival'];

  it('a preview lists every trip over the road either way, with its route, and changes nothing', async () => {
    const { trips, closure } = await network();
    const booked = await counterSale(t, trips.viaBoth, [3]);
    const preview = await t.staff.post('/api/trips/disrupt', {
      ...closure,
      road: true,
      action: 'cancel',
      ...REASON,
      dryRun: true,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(caughtOf(preview.json())).toEqual(idsOf(trips, OVER_THE_ROAD));
    const back = (preview.json().trips as Doc[]).find((trip) => trip.tripId === trips.back._id)!;
    expect(back).toMatchObject({
      trip_originId: trips.back.trip_originId._id ?? trips.back.trip_originId,
      trip_destinationId: trips.back.trip_destinationId._id ?? trips.back.trip_destinationId,
    });
    expect(preview.json().totals).toMatchObject({ trips: OVER_THE_ROAD.length, bookings: 1, waiting: 1 });
    // Nothing changed.
    const trip = await t.staff.get(`/api/trips/getTrip/${trips.viaBoth._id}`);
    expect(trip.json().isCancelled).toBe(false);
    expect((await t.staff.get(`/api/bookings/getBooking/${booked._id}`)).json().isCancelled).toBe(false);

    // Without `road`, the same towns name one route: the direct bus alone.
    const route = await t.staff.post('/api/trips/disrupt', {
      ...closure,
      action: 'cancel',
      ...REASON,
      dryRun: true,
    });
    expect(caughtOf(route.json())).toEqual(idsOf(trips, ['direct', 'rival']));
  });

  it('cancels them all, tells their travellers, and closes the timetables that travel the road', async () => {
    const { trips, closure, body, origins: o, destinations: d } = await network();
    const corridorBooking = await counterSale(t, trips.corridor, [5]);
    const untouched = await counterSale(t, trips.toGedaref, [5]);
    const over = await createOk(
      t,
      t.token,
      '/api/timetables/createTimetable',
      corridorTimetable(body, day(1), day(20)),
    );
    const short = await createOk(t, t.token, '/api/timetables/createTimetable', {
      ...corridorTimetable(body, day(1), day(20)),
      busId: trips.toGedaref.busId._id ?? trips.toGedaref.busId,
      timetable_originId: o[0]!._id,
      timetable_destinationId: d[1]!._id,
      trip_stops: [],
      trip_fares: [],
    });
    const done = await t.staff.post('/api/trips/disrupt', {
      ...closure,
      road: true,
      action: 'cancel',
      ...REASON,
    });
    expect(done.statusCode, done.body).toBe(200);
    // The timetables' trips on sale in those dates: the corridor's are over the road, Khartoum → Madani's not.
    const made = async (timetableId: string) =>
      t.database.db
        .selectFrom('trips')
        .select(['id', 'isCancelled'])
        .where('timetableId', '=', timetableId)
        .where('trip_date', '<=', day(4))
        .execute();
    expect((await made(over._id)).length).toBe(4);
    expect((await made(over._id)).map((trip) => Number(trip.isCancelled))).toEqual([1, 1, 1, 1]);
    expect((await made(short._id)).map((trip) => Number(trip.isCancelled))).toEqual([0, 0, 0, 0]);
    expect(done.json().totals.trips).toBe(OVER_THE_ROAD.length + 4);
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
    // The timetable over the road takes the dates off; the one short of it does not.
    const offOf = async (id: string) =>
      (await t.staff.get(`/api/timetables/getTimetable/${id}`)).json().timetable_dates_off as string[];
    expect(await offOf(over._id)).toEqual([day(1), day(2), day(3), day(4)]);
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

  it('a company’s staff close the road for their own company’s trips only', async () => {
    const { trips, closure, bus } = await network();
    const manager = client(
      t,
      await staffToken(
        t,
        { email: `road-${dialect}@rihla.test`, password: 'dune-camel-lantern-48' },
        'manager',
        bus.bus_owner_companyId._id ?? bus.bus_owner_companyId,
      ),
    );
    const done = await manager.post('/api/trips/disrupt', {
      ...closure,
      road: true,
      action: 'cancel',
      ...REASON,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(caughtOf(done.json())).toEqual(
      idsOf(
        trips,
        OVER_THE_ROAD.filter((name) => name !== 'rival'),
      ),
    );
    expect((await t.staff.get(`/api/trips/getTrip/${trips.rival._id}`)).json().isCancelled).toBe(false);
  });

  it('a road names two towns and dates, not trips', async () => {
    const { trips, closure } = await network();
    for (const body of [
      { tripIds: [trips.direct._id], road: true },
      { originId: closure.originId, destinationId: closure.destinationId, road: true },
    ]) {
      const refused = await t.staff.post('/api/trips/disrupt', { ...body, action: 'cancel', ...REASON });
      expect(refused.statusCode, refused.body).toBe(400);
    }
    expect((await t.staff.get(`/api/trips/getTrip/${trips.direct._id}`)).json().isCancelled).toBe(false);
  });
});
