// Conductors assigned to trips (issue 24), on both databases: who may assign whom to what (a conductor, of the
// trip's company, by a manager or an admin of it), the door refused for a trip not assigned (403
// NOT_YOUR_TRIP: package, scans, passenger lists, manifest), a day's assignment opening every trip of the
// company that day and no other, a conductor's trip list, and the attacks: a conductor of company A asking
// company B's trip or an unassigned trip of A, a conductor assigning himself.
import { describe, expect, it } from 'vitest';
import type { Role } from '../../shared/roles.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { createUser } from '../../server/auth/users.repository.ts';
import { ManualClock } from '../../server/clock.ts';
import { accountId } from './helpers/conductors.ts';
import { createOk, makeTrip, newUserBody, unique } from './helpers/fixtures.ts';
import type { Doc } from './helpers/payments.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;

describe.each(dialects)('conductors assigned to trips (%s)', (dialect) => {
  // Eight in the morning in Khartoum, today: today's evening trip has not left, whatever the hour the test runs.
  const clock = new ManualClock(Date.parse(`${khartoumToday()}T06:00:00Z`));
  const t = useTestApp(dialect, { clock });
  /** Khartoum's date `days` from the clock's now: the door opens yesterday's, today's and tomorrow's trips. */
  const day = (days: number) => khartoumToday(new Date(clock.now().getTime() + days * DAY));

  interface Company {
    id: string;
    bus: Doc;
    trip: Doc;
    tokens: Record<Role, string>;
  }
  const A = {} as Company;
  const B = {} as Company;
  const as = (token: string) => client(t, token);

  async function staffOf(companyId: string | null, role: Role) {
    const email = `${role}-${unique()}@conductors.rihla.test`;
    const password = 'kassala-acacia-ferry';
    await createUser(t.database.db, { ...newUserBody(password), email, role }, t.app.clock.now());
    await t.database.db.updateTable('users').set({ companyId }).where('email', '=', email).execute();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    return login.json().access_token as string;
  }

  async function company(into: Company) {
    const made = await makeTrip(t, t.token, { date: day(1), time: '9:00 am' });
    Object.assign(into, { id: made.company._id, bus: made.bus, trip: made.trip, tokens: {} });
    for (const role of ['admin', 'manager', 'cashier', 'conductor'] as const)
      into.tokens[role] = await staffOf(made.company._id, role);
  }

  /** Another trip of the company, on `date` (on a bus of its own: a bus is on one trip at a time). */
  async function tripOf(c: Company, date: string, time = '7:00 pm') {
    const bus = await createOk(t, t.token, '/api/buses/createBus', {
      bus_number: `BUS-${unique()}`,
      bus_owner_companyId: c.id,
      bus_number_of_seats: 45,
      bus_status: 'In Service',
      date_ofLast_oil_service: '2026-10-01',
    });
    return createOk(t, t.token, '/api/trips/createTrip', {
      busId: bus._id,
      trip_originId: c.trip.trip_originId._id ?? c.trip.trip_originId,
      trip_destinationId: c.trip.trip_destinationId._id ?? c.trip.trip_destinationId,
      trip_date: date,
      trip_boarding_time: time,
      trip_ticket_priceId: c.trip.trip_ticket_priceId._id ?? c.trip.trip_ticket_priceId,
    });
  }

  /** A paid booking of `trip`, sold at the counter by the test's admin. */
  async function sold(trip: Doc, seat: number) {
    const answer = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [seat],
      passengerInfo: { firstName: 'Hiba', lastName: 'Nour', phone: '0912345670' },
      paymentMethod: 'cash',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().booking as Doc;
  }

  /** What the door answers `token` for a trip: package, trip passengers, manifest, a booking's travellers, scans. */
  async function door(token: string, trip: Doc, booking: Doc) {
    const scan = {
      ticketId: booking.ticketId,
      tripId: trip._id,
      scannedAt: clock.now().toISOString(),
      deviceId: 'p1',
    };
    const calls = [
      await as(token).get(`/api/checkin/trip/${trip._id}`),
      await as(token).get(`/api/trips/passengers/${trip._id}`),
      await as(token).get(`/api/trips/manifest/${trip._id}?format=csv`),
      await as(token).get(`/api/bookings/getPassengers/${booking._id}`),
      await as(token).post('/api/checkin/scans', { scans: [scan] }),
    ];
    return calls.map((call) =>
      `${call.statusCode} ${call.statusCode === 200 ? '' : (call.json().code ?? '')}`.trim(),
    );
  }
  const OPEN = ['200', '200', '200', '200', '200'];
  const NOT_YOURS = Array(5).fill('403 NOT_YOUR_TRIP');

  let booking: Doc;
  let conductorA: string;

  it('sets up two companies with their staff, and a booking on company A’s trip of tomorrow', async () => {
    await company(A);
    await company(B);
    booking = await sold(A.trip, 3);
    conductorA = await accountId(t, A.tokens.conductor);
  });

  it('refuses a conductor the door of a trip of their company not assigned to them', async () => {
    expect(await door(A.tokens.conductor, A.trip, booking)).toEqual(NOT_YOURS);
    const refused = await as(A.tokens.conductor).get(`/api/checkin/trip/${A.trip._id}`);
    expect(refused.json().message).toMatch(/not assigned to you/);
    expect(await t.database.db.selectFrom('scans').selectAll().execute()).toEqual([]);
    // Other roles are unchanged: a cashier reads the list, a manager opens the door, unassigned.
    expect((await as(A.tokens.cashier).get(`/api/trips/passengers/${A.trip._id}`)).statusCode).toBe(200);
    expect((await as(A.tokens.manager).get(`/api/checkin/trip/${A.trip._id}`)).statusCode).toBe(200);
  });

  it('lets a company manager assign their conductor to a trip: who and when recorded, logged, once', async () => {
    const assigned = await as(A.tokens.manager).post('/api/conductors/assign', {
      userId: conductorA,
      tripId: A.trip._id,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const manager = await accountId(t, A.tokens.manager);
    expect(assigned.json()).toMatchObject({
      userId: conductorA,
      tripId: A.trip._id,
      companyId: null,
      date: null,
      assignedBy: manager,
      assignedAt: clock.now().toISOString(),
    });
    const again = await as(A.tokens.manager).post('/api/conductors/assign', {
      userId: conductorA,
      tripId: A.trip._id,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(assigned.json()._id);
    const logged = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'assign_conductor')
      .where('recordId', '=', A.trip._id)
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ userId: manager, resource: 'trips' });
    expect(await door(A.tokens.conductor, A.trip, booking)).toEqual(OPEN);
  });

  it('shows a conductor their assigned trips alone in the trip list', async () => {
    await tripOf(A, day(1));
    const list = await as(A.tokens.conductor).get('/api/trips/getAllTrips?_start=0&_end=50');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((trip: Doc) => trip._id)).toEqual([A.trip._id]);
    expect(list.headers['x-total-count']).toBe('1');
    const manager = await as(A.tokens.manager).get('/api/trips/getAllTrips?_start=0&_end=50');
    expect(manager.headers['x-total-count']).toBe('2');
  });

  it('refuses company B’s trip to company A’s conductor as if it did not exist, assigned or not', async () => {
    const other = await sold(B.trip, 4);
    const answers = await door(A.tokens.conductor, B.trip, other);
    expect(answers).toEqual(Array(5).fill('404'));
    // The platform's admin cannot give A's conductor B's trip either.
    const across = await t.staff.post('/api/conductors/assign', { userId: conductorA, tripId: B.trip._id });
    expect(across.statusCode).toBe(409);
    expect(across.json().code).toBe('CONDUCTOR_OTHER_COMPANY');
  });

  it('opens every trip of the company on an assigned day, and no other day’s', async () => {
    const conductor = A.tokens.conductor;
    const later = await tripOf(A, day(1));
    const today = await tripOf(A, day(0));
    const laterBooking = await sold(later, 5);
    const todayBooking = await sold(today, 6);
    expect(await door(conductor, later, laterBooking)).toEqual(NOT_YOURS);
    const assigned = await as(A.tokens.admin).post('/api/conductors/assign', {
      userId: conductorA,
      companyId: A.id,
      date: day(1),
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(assigned.json()).toMatchObject({ tripId: null, companyId: A.id, date: day(1) });
    expect(await door(conductor, later, laterBooking)).toEqual(OPEN);
    expect(await door(conductor, today, todayBooking)).toEqual(NOT_YOURS);
    // The trip's screen lists the assignments that open it: its own company's day.
    const forLater = await as(A.tokens.manager).get(`/api/conductors/getAssignments?tripId=${later._id}`);
    expect(forLater.json().map((a: Doc) => a._id)).toEqual([assigned.json()._id]);
    const list = await as(conductor).get('/api/trips/getAllTrips?_start=0&_end=50');
    expect(list.headers['x-total-count']).toBe('3');
    // Taken back: the day's trips close again, the trip assigned by itself stays open.
    const taken = await as(A.tokens.manager).delete(`/api/conductors/unassign/${assigned.json()._id}`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await door(conductor, later, laterBooking)).toEqual(NOT_YOURS);
    expect((await as(conductor).get(`/api/checkin/trip/${A.trip._id}`)).statusCode).toBe(200);
    expect(
      (await as(A.tokens.manager).delete(`/api/conductors/unassign/${assigned.json()._id}`)).statusCode,
    ).toBe(404);
  });

  it('refuses a conductor who assigns himself, and a cashier', async () => {
    const later = await tripOf(A, day(1));
    for (const token of [A.tokens.conductor, A.tokens.cashier]) {
      const refused = await as(token).post('/api/conductors/assign', {
        userId: conductorA,
        tripId: later._id,
      });
      expect(refused.statusCode).toBe(403);
    }
    expect((await as(A.tokens.conductor).get('/api/conductors/getAssignments')).statusCode).toBe(403);
    expect(
      await t.database.db
        .selectFrom('conductor_assignments')
        .select('id')
        .where('tripId', '=', later._id)
        .execute(),
    ).toEqual([]);
  });

  it('assigns conductors only, of the company, in words; another company’s records are not there', async () => {
    const manager = as(A.tokens.manager);
    const cashier = await accountId(t, A.tokens.cashier);
    const notConductor = await manager.post('/api/conductors/assign', {
      userId: cashier,
      tripId: A.trip._id,
    });
    expect(notConductor.statusCode).toBe(409);
    expect(notConductor.json()).toMatchObject({ code: 'NOT_A_CONDUCTOR' });
    const conductorB = await accountId(t, B.tokens.conductor);
    for (const body of [
      { userId: conductorB, tripId: A.trip._id },
      { userId: conductorA, tripId: B.trip._id },
      { userId: conductorA, companyId: B.id, date: day(1) },
      { userId: 'no-such-account', tripId: A.trip._id },
      { userId: conductorA, tripId: 'no-such-trip' },
    ]) {
      const answer = await manager.post('/api/conductors/assign', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(404);
    }
    for (const body of [
      { userId: conductorA },
      { userId: conductorA, tripId: A.trip._id, date: day(1) },
      { userId: conductorA, companyId: A.id },
      { userId: conductorA, companyId: A.id, date: '2026-02-30' },
    ]) {
      const answer = await manager.post('/api/conductors/assign', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    // A platform conductor (no company) may be assigned to any company's trip, by the platform's staff.
    const platform = await staffOf(null, 'conductor');
    const assigned = await t.staff.post('/api/conductors/assign', {
      userId: await accountId(t, platform),
      tripId: B.trip._id,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
  });

  it('lists the company’s conductors and assignments alone to its manager', async () => {
    const conductors = await as(A.tokens.manager).get('/api/conductors/getConductors');
    expect(conductors.statusCode).toBe(200);
    expect(conductors.json().map((c: Doc) => c._id)).toEqual([conductorA]);
    const all = await t.staff.get('/api/conductors/getConductors?_start=0&_end=100');
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    const assignments = await as(B.tokens.manager).get('/api/conductors/getAssignments');
    expect(assignments.json().map((a: Doc) => a.tripId)).toEqual([B.trip._id]);
    expect(assignments.headers['x-total-count']).toBe('1');
  });

  it('forgets a deleted trip’s assignments', async () => {
    const spare = await tripOf(A, day(1));
    const assigned = await as(A.tokens.manager).post('/api/conductors/assign', {
      userId: conductorA,
      tripId: spare._id,
    });
    expect(assigned.statusCode).toBe(201);
    const deleted = await t.staff.delete(`/api/trips/deleteTrip/${spare._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await t.database.db
        .selectFrom('conductor_assignments')
        .select('id')
        .where('id', '=', assigned.json()._id)
        .execute(),
    ).toEqual([]);
  });
});
