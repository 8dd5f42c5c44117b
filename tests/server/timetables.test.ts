// Timetables (issue 21): trips go on sale SALES_HORIZON_DAYS ahead from each active timetable, once per
// timetable and date whatever the number of nodes or restarts; an edit reaches the future trips nobody holds
// and staff did not edit by hand; deleting stops new trips; a bus is on one trip at a time.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { generateTrips } from '../../server/resources/timetables/timetables.service.ts';
import { arOwn } from '../../shared/i18n/admin/ar.ts';
import { enOwn } from '../../shared/i18n/admin/en.ts';
import { book, type TripDoc } from './helpers/bookings.ts';
import { createOk, makeTrip } from './helpers/fixtures.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;
// Tuesday 1 December 2026, 8:00 in Khartoum: today's 9:00 am trip has not left.
const START = new Date('2026-12-01T06:00:00Z');

describe.each(dialects)('timetables (%s)', (dialect) => {
  const clock = new ManualClock(START);
  const t = useTestApp(dialect, { clock });

  /** A bus, a route and a price of their own, and a timetable body over them. */
  async function setUp(overrides: Record<string, unknown> = {}) {
    const { bus, origin, destination, price, company } = await makeTrip(t, t.token, { date: '2027-06-01' });
    const body = {
      timetable_originId: origin._id,
      timetable_destinationId: destination._id,
      busId: bus._id,
      timetable_boarding_time: '9:00 am',
      timetable_ticket_priceId: price._id,
      timetable_days: [0, 1, 2, 3, 4, 5, 6],
      timetable_from: '2026-12-01',
      ...overrides,
    };
    return { bus, origin, destination, price, company, body };
  }
  const create = (body: Record<string, unknown>) => t.staff.post('/api/timetables/createTimetable', body);
  const tripsOf = async (timetableId: string) =>
    (await t.database.db
      .selectFrom('trips')
      .selectAll()
      .where('timetableId', '=', timetableId)
      .orderBy('trip_date')
      .execute()) as {
      id: string;
      trip_date: string;
      trip_boarding_time: string;
      trip_ticket_priceId: string;
      isCancelled: number;
    }[];
  const runJob = (db = t.database.db) => generateTrips(db, clock.now(), t.app.config.salesHorizonDays);

  it('puts a daily timetable’s trips on sale 30 days ahead at once, and says how many', async () => {
    clock.set(START);
    const { body } = await setUp();
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    const timetable = response.json();
    expect(timetable).toMatchObject({ isActive: true, timetable_days: [0, 1, 2, 3, 4, 5, 6] });
    expect(timetable.generation).toEqual({ created: 30, updated: 0, removed: 0, kept: [] });
    const trips = await tripsOf(timetable._id);
    expect(trips.map((trip) => trip.trip_date)).toEqual(
      Array.from({ length: 30 }, (_, i) => new Date(START.getTime() + i * DAY).toISOString().slice(0, 10)),
    );
    // The job keeps the horizon: a day later, one trip more; the same day again, none.
    clock.advance(DAY);
    expect(await runJob()).toBeGreaterThanOrEqual(1);
    expect((await tripsOf(timetable._id)).at(-1)!.trip_date).toBe('2026-12-31');
    expect(await runJob()).toBe(0);
    // The trips are ordinary trips: the public search finds them.
    const found = await client(t).get(
      `/api/trips/filterTrips?origin=${body.timetable_originId}&destination=${body.timetable_destinationId}&date=2026-12-15`,
    );
    expect(found.statusCode, found.body).toBe(200);
  });

  it('follows the days of the week, the last date and the days off', async () => {
    clock.set(START);
    // Sundays and Fridays, but not Christmas; nothing after the 27th.
    const { body } = await setUp({
      timetable_days: [5, 0],
      timetable_until: '2026-12-27',
      timetable_dates_off: ['2026-12-25'],
    });
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().timetable_days).toEqual([0, 5]);
    expect((await tripsOf(response.json()._id)).map((trip) => trip.trip_date)).toEqual([
      '2026-12-04',
      '2026-12-06',
      '2026-12-11',
      '2026-12-13',
      '2026-12-18',
      '2026-12-20',
      '2026-12-27',
    ]);
    // A timetable that starts later puts nothing on sale before its first date; an inactive one nothing.
    const later = await create((await setUp({ timetable_from: '2026-12-29' })).body);
    expect(later.json().generation.created).toBe(2);
    const off = await create((await setUp({ isActive: false })).body);
    expect(off.json().generation.created).toBe(0);
  });

  it('makes each trip once across two nodes on one database, and after a restart', async () => {
    clock.set(START);
    const { body } = await setUp();
    const timetable = (await create(body)).json();
    const config = loadConfig({ DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' });
    const nodeA = openDatabase(config);
    const nodeB = openDatabase(config);
    try {
      clock.advance(5 * DAY);
      // Both nodes' jobs at once, twice over: five new dates, each made once.
      const made = await Promise.all([
        runJob(nodeA.db),
        runJob(nodeB.db),
        runJob(nodeA.db),
        runJob(nodeB.db),
      ]);
      const trips = await tripsOf(timetable._id);
      expect(trips).toHaveLength(35);
      expect(new Set(trips.map((trip) => trip.trip_date)).size).toBe(35);
      expect(made.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(5);
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
    // A restart: a new connection finds nothing to make.
    const restarted = openDatabase(config);
    try {
      expect(await generateTrips(restarted.db, clock.now(), 30, timetable._id)).toBe(0);
    } finally {
      await restarted.close();
    }
    expect(await tripsOf(timetable._id)).toHaveLength(35);
  });

  it('an edit reaches the future trips nobody holds; booked and hand-edited trips keep theirs', async () => {
    clock.set(START);
    const { body } = await setUp();
    const timetable = (await create(body)).json();
    const [first, second, third] = await tripsOf(timetable._id);
    // A traveller books the second day's trip; staff move the third by hand to another price.
    const trip = (await t.staff.get(`/api/trips/getTrip/${second!.id}`)).json() as TripDoc;
    await book(t, trip, [1]);
    const otherPrice = await createOk(t, t.token, '/api/prices/createPrice', { price: 4321 });
    const handEdit = await t.staff.patch(`/api/trips/updateTrip/${third!.id}`, {
      trip_ticket_priceId: otherPrice._id,
    });
    expect(handEdit.statusCode, handEdit.body).toBe(200);

    const edited = await t.staff.patch(`/api/timetables/updateTimetable/${timetable._id}`, {
      timetable_boarding_time: '7:00 pm',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const { generation } = edited.json();
    expect(generation.kept).toEqual([
      { _id: second!.id, trip_date: second!.trip_date, trip_boarding_time: '9:00 am', bookings: 1 },
    ]);
    expect(generation.updated).toBe(28);
    expect(generation.created).toBe(0);
    const after = new Map((await tripsOf(timetable._id)).map((row) => [row.id, row]));
    expect(after.get(first!.id)!.trip_boarding_time).toBe('7:00 pm');
    expect(after.get(second!.id)!.trip_boarding_time).toBe('9:00 am');
    expect(after.get(third!.id)).toMatchObject({
      trip_boarding_time: '9:00 am',
      trip_ticket_priceId: otherPrice._id,
    });

    // Fewer days: the dates that left go (those without travellers), the booked one stays and is listed.
    const weekdays = await t.staff.patch(`/api/timetables/updateTimetable/${timetable._id}`, {
      timetable_days: [1, 3],
    });
    expect(weekdays.statusCode, weekdays.body).toBe(200);
    expect(weekdays.json().generation.kept.map((kept: { _id: string }) => kept._id)).toEqual([second!.id]);
    const left = await tripsOf(timetable._id);
    expect(left.some((row) => row.id === second!.id)).toBe(true);
    expect(left.some((row) => row.id === third!.id)).toBe(true);
    // Mondays and Wednesdays of the month, plus the two kept ones (a Wednesday and a Thursday).
    const live = left.filter((row) => !row.isCancelled).map((row) => row.trip_date);
    expect(live).toContain('2026-12-02');
    expect(live).toContain('2026-12-03');
    expect(live).not.toContain('2026-12-04');
  });

  it('deleting a timetable stops new trips and keeps those made; hand-made trips are untouched', async () => {
    clock.set(START);
    const { body } = await setUp();
    const timetable = (await create(body)).json();
    const { trip: handMade } = await makeTrip(t, t.token, { date: '2026-12-05' });
    const removed = await t.staff.delete(`/api/timetables/deleteTimetable/${timetable._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await tripsOf(timetable._id)).toHaveLength(30);
    clock.advance(3 * DAY);
    await runJob();
    expect(await tripsOf(timetable._id)).toHaveLength(30);
    const still = (await t.staff.get(`/api/trips/getTrip/${handMade._id}`)).json();
    expect(still).toMatchObject({ trip_date: '2026-12-05', isCancelled: false });
  });

  it('a bus is on one trip at a time: 409 BUS_BUSY naming the other trip', async () => {
    clock.set(START);
    const { body, bus, origin, destination, price } = await setUp();
    const busy = await createOk(t, t.token, '/api/trips/createTrip', {
      busId: bus._id,
      trip_originId: origin._id,
      trip_destinationId: destination._id,
      trip_date: '2026-12-10',
      trip_boarding_time: '9:00 am',
      trip_ticket_priceId: price._id,
    });
    const refused = await create(body);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BUS_BUSY', tripId: busy._id, trip_date: '2026-12-10' });
    // At 7:00 pm the bus is free.
    const evening = await create({ ...body, timetable_boarding_time: '7:00 pm' });
    expect(evening.statusCode, evening.body).toBe(201);
    // A trip by hand on the bus at a time its timetable already holds.
    const clash = await t.staff.post('/api/trips/createTrip', {
      busId: bus._id,
      trip_originId: origin._id,
      trip_destinationId: destination._id,
      trip_date: '2026-12-11',
      trip_boarding_time: '7:00 pm',
      trip_ticket_priceId: price._id,
    });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json().code).toBe('BUS_BUSY');
    // Moving the morning trip to the evening clashes too; a cancelled trip frees its bus.
    const moved = await t.staff.patch(`/api/trips/updateTrip/${busy._id}`, { trip_boarding_time: '7:00 pm' });
    expect(moved.statusCode, moved.body).toBe(409);
    expect((await t.staff.patch(`/api/trips/cancelTrip/${busy._id}`)).statusCode).toBe(200);
    expect((await create(body)).statusCode).toBe(201);
  });

  it('cashiers and conductors read timetables; only managers and admins write them', async () => {
    const { body } = await setUp();
    for (const role of ['cashier', 'conductor'] as const) {
      const token = await staffToken(t, { email: `${role}-tt@rihla.test`, password: 'secret123' }, role);
      const as = client(t, token);
      expect((await as.get('/api/timetables/getAllTimetables')).statusCode).toBe(200);
      expect((await as.post('/api/timetables/createTimetable', body)).statusCode).toBe(403);
    }
    const manager = await staffToken(t, { email: 'manager-tt@rihla.test', password: 'secret123' }, 'manager');
    expect((await client(t, manager).post('/api/timetables/createTimetable', body)).statusCode).toBe(201);
    expect((await client(t).get('/api/timetables/getAllTimetables')).statusCode).toBe(401);
  });

  it('refuses bad input with 400 and a message staff read in English and Arabic', async () => {
    const { body } = await setUp();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...body, timetable_days: [] }, 'Please provide all timetable details.', 'timetables'],
      [{ ...body, timetable_days: [7] }, enOwn.rihla.validation.fields.weekdays, 'weekdays'],
      [{ ...body, timetable_dates_off: ['2026-02-30'] }, enOwn.rihla.validation.fields.dateList, 'dateList'],
      [{ ...body, timetable_from: 'tomorrow' }, 'Dates must be real dates written YYYY-MM-DD.', 'date'],
    ];
    for (const [input, message] of cases) {
      const response = await create(input);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
    }
    // The words exist in Arabic too (the back-office shows them by the English sentence's key).
    expect(arOwn.rihla.validation.timetables.create).toMatch(/[\u0600-\u06FF]/);
    expect(arOwn.rihla.validation.fields.weekdays).toMatch(/[\u0600-\u06FF]/);
    expect(arOwn.rihla.validation.fields.dateList).toMatch(/[\u0600-\u06FF]/);
    expect(arOwn.rihla.errors.codes.BUS_BUSY).toMatch(/[\u0600-\u06FF]/);
    // Days written as a form's text are read too.
    const typed = await create({ ...body, busId: body.busId, timetable_days: '1, 3', isActive: false });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json().timetable_days).toEqual([1, 3]);
  });

  it('the job never puts one bus on two timetables’ trips at the same time, even in one batch', async () => {
    clock.set(START);
    // Two timetables of one bus at one time (written straight to the table: the API refuses the second).
    const { body } = await setUp({ isActive: false });
    const made = await create(body);
    const row = await t.database.db
      .selectFrom('timetables')
      .selectAll()
      .where('id', '=', made.json()._id)
      .executeTakeFirstOrThrow();
    const twin = { ...row, id: `${row.id}-twin` };
    await t.database.db.insertInto('timetables').values(twin).execute();
    await t.database.db
      .updateTable('timetables')
      .set({ isActive: 1 })
      .where('id', 'in', [row.id, twin.id])
      .execute();
    await runJob();
    const [first, second] = [await tripsOf(row.id), await tripsOf(twin.id)];
    expect(first.length + second.length).toBe(30);
    const dates = [...first, ...second].map((trip) => trip.trip_date);
    expect(new Set(dates).size).toBe(30);
  });
});
