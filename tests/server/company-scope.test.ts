// Company staff (issue 24), generated from the live route tree like the role matrix: every staff route is
// called by company A's staff with company B's records (its :id, the body fields it declares) and as a list,
// and by the platform's staff. Company A never gets B's record (404), never lists or counts it, never changes
// it; the platform's routes refuse A (403); the platform's staff see both. A route added later is covered
// without anyone listing it, and one without a scope does not start (staff-guard.ts).
import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  type Capability,
  type Reach,
  ROLES,
  type Role,
  type Scope,
} from '../../shared/roles.ts';
import { createUser } from '../../server/auth/users.repository.ts';
import { SAMPLE_ID } from './helpers/endpoints.ts';
import { createOk, futureDate, makeTrip, newUserBody, unique } from './helpers/fixtures.ts';
import { bookWithProof, type Doc } from './helpers/payments.ts';
import { openShift } from './helpers/shifts.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

interface Company {
  ids: Record<Reach, string>;
  /** Strings that name this company's business: any of them in another company's answer is a leak. */
  markers: string[];
  tokens: Partial<Record<Role, string>>;
  trip: Doc;
}

/** Valid bodies for the routes whose body names a record (validation comes before the company check). */
const SCOPE_BODIES: Record<string, (other: Company) => object> = {
  'POST /api/bookings/counterSale': (o) => ({
    tripId: o.ids.trip,
    seats: [20],
    passengerInfo: { firstName: 'Hiba', lastName: 'Nour', phone: '0912345670' },
    paymentMethod: 'cash',
  }),
  'POST /api/trips/disrupt': (o) => ({
    tripIds: [o.ids.trip],
    action: 'cancel',
    reason_en: 'Engine fault',
    reason_ar: 'عطل في المحرك',
  }),
  'POST /api/messages/broadcast': (o) => ({ tripId: o.ids.trip, text_en: 'Hello', text_ar: 'مرحبا' }),
  'POST /api/checkin/scans': (o) => ({
    scans: [
      { ticketId: '1234567890123', tripId: o.ids.trip, scannedAt: new Date().toISOString(), deviceId: 'x' },
    ],
  }),
  'POST /api/trips/createTrip': (o) => ({
    busId: o.ids.bus,
    trip_originId: o.trip.trip_originId._id ?? o.trip.trip_originId,
    trip_destinationId: o.trip.trip_destinationId._id ?? o.trip.trip_destinationId,
    trip_date: futureDate(9),
    trip_boarding_time: '7:00 pm',
    trip_ticket_priceId: o.trip.trip_ticket_priceId._id ?? o.trip.trip_ticket_priceId,
  }),
  'POST /api/timetables/createTimetable': (o) => ({
    timetable_originId: o.trip.trip_originId._id ?? o.trip.trip_originId,
    timetable_destinationId: o.trip.trip_destinationId._id ?? o.trip.trip_destinationId,
    busId: o.ids.bus,
    timetable_boarding_time: '7:00 pm',
    timetable_ticket_priceId: o.trip.trip_ticket_priceId._id ?? o.trip.trip_ticket_priceId,
    timetable_days: [0, 1, 2, 3, 4, 5, 6],
    timetable_from: futureDate(200),
  }),
  'POST /api/conductors/assign': (o) => ({ userId: o.ids.staff, tripId: o.ids.trip }),
  'POST /api/buses/createBus': (o) => ({
    bus_number: `BUS-${unique()}`,
    bus_owner_companyId: o.ids.company,
    bus_number_of_seats: 40,
    bus_status: 'In Service',
    date_ofLast_oil_service: '2026-10-01',
  }),
};
/** The query a list needs (a report's period). */
const LIST_QUERIES: Record<string, string> = {
  'GET /api/analytics/occupancy': `?from=${futureDate(-30)}&to=${futureDate(30)}`,
  'GET /api/analytics/sales': `?from=${futureDate(-30)}&to=${futureDate(30)}`,
  'GET /api/analytics/settlement': `?from=${futureDate(-30)}&to=${futureDate(30)}`,
};
/** An update's body that moves its record to the other company (the :id is the caller's own). */
const MOVE_BODIES: Record<string, (other: Company) => object> = {
  'PATCH /api/trips/updateTrip/:id': (o) => ({ busId: o.ids.bus }),
  'PATCH /api/timetables/updateTimetable/:id': (o) => ({ busId: o.ids.bus }),
  'PATCH /api/buses/updateBus/:id': (o) => ({ bus_owner_companyId: o.ids.company }),
};

describe.each(dialects)('company scope (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const companies: Company[] = [];

  async function makeCompany(index: number): Promise<Company> {
    const admin = t.token;
    const { company, bus, trip } = await makeTrip(t, admin, { date: futureDate(1) });
    const timetable = await createOk(t, admin, '/api/timetables/createTimetable', {
      ...(SCOPE_BODIES['POST /api/timetables/createTimetable']({
        ids: { bus: bus._id } as Company['ids'],
        trip,
      } as Company) as Doc),
    });
    const waiting = await bookWithProof(t, trip, [1], `TRX-${unique()}`);
    const refunded = await bookWithProof(t, trip, [2], `TRX-${unique()}`);
    const staff = client(t, admin);
    expect((await staff.patch(`/api/bookings/verifyPayment/${refunded._id}`, {})).statusCode).toBe(200);
    expect((await staff.patch(`/api/bookings/cancelBooking/${refunded._id}`, {})).statusCode).toBe(200);
    const proof = await t.database.db
      .selectFrom('payment_proofs')
      .select('name')
      .where('bookingId', '=', waiting._id)
      .executeTakeFirstOrThrow();
    const message = await t.database.db
      .selectFrom('messages')
      .select('id')
      .where('bookingId', '=', waiting._id)
      .executeTakeFirstOrThrow();
    const tokens: Company['tokens'] = {};
    for (const role of ROLES) {
      const email = `${role}-${index}-${unique()}@scope.rihla.test`;
      const password = 'kassala-acacia-ferry';
      await createUser(t.database.db, { ...newUserBody(password), email, role }, t.app.clock.now());
      await t.database.db
        .updateTable('users')
        .set({ companyId: company._id })
        .where('email', '=', email)
        .execute();
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      tokens[role] = login.json().access_token;
    }
    // Something the company's own staff did, in the activity log.
    const changed = await client(t, tokens.manager).patch(`/api/buses/updateBus/${bus._id}`, {
      bus_status: 'In Service',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.userId')
      .select('audit_log.id')
      .where('users.companyId', '=', company._id)
      .executeTakeFirstOrThrow();
    // The company's cashier at work: an open shift of the company's (cash-up).
    const shift = await openShift(t, tokens.cashier!, 1000);
    // The company's conductor, assigned to its trip by the company's manager.
    const conductor = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'conductor')
      .where('companyId', '=', company._id)
      .executeTakeFirstOrThrow();
    const assigned = await client(t, tokens.manager).post('/api/conductors/assign', {
      userId: conductor.id,
      tripId: trip._id,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const ids: Record<Reach, string> = {
      company: company._id,
      bus: bus._id,
      trip: trip._id,
      timetable: timetable._id,
      booking: waiting._id,
      message: message.id,
      activity: entry.id,
      upload: proof.name,
      shift,
      assignment: assigned.json()._id,
      staff: conductor.id,
    };
    const markers = [
      ...Object.values(ids),
      refunded._id,
      waiting.ticketId,
      refunded.ticketId,
      company.company_name,
      bus.bus_number,
    ];
    return { ids, markers, tokens, trip };
  }

  /** B's stored rows, to hold them unchanged. */
  const snapshot = async (c: Company) => ({
    company: await t.database.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', c.ids.company)
      .execute(),
    buses: await t.database.db.selectFrom('buses').selectAll().where('id', '=', c.ids.bus).execute(),
    trips: await t.database.db.selectFrom('trips').selectAll().where('busId', '=', c.ids.bus).execute(),
    timetables: await t.database.db
      .selectFrom('timetables')
      .selectAll()
      .where('id', '=', c.ids.timetable)
      .execute(),
    bookings: await t.database.db
      .selectFrom('bookings')
      .selectAll()
      .where('tripId', '=', c.ids.trip)
      .orderBy('id')
      .execute(),
    assignments: await t.database.db
      .selectFrom('conductor_assignments')
      .selectAll()
      .where('tripId', '=', c.ids.trip)
      .execute(),
  });

  it('sets up two companies, each with its staff and business', async () => {
    companies.push(await makeCompany(0), await makeCompany(1));
    expect(companies[0].ids.trip).not.toBe(companies[1].ids.trip);
  });

  const staffRoutes = () =>
    t.app.routeAccess.filter(
      (route) =>
        route.url.startsWith('/api') &&
        !['HEAD', 'OPTIONS'].includes(route.method) &&
        (route.access !== 'public' || route.staffAccess !== undefined) &&
        route.scope !== undefined &&
        route.scope !== 'none',
    );
  const roleFor = (capability: Capability): Role => CAPABILITIES[capability][0] as Role;
  const call = (token: string | undefined, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: payload ?? {} }),
    });

  it(
    'never lets one company’s staff read, list, count or change another company’s business',
    { timeout: 300_000 },
    async () => {
      const [own, other] = companies;
      const before = await snapshot(other);
      const wrong: string[] = [];
      let checked = 0;
      for (const route of staffRoutes()) {
        const capability = (route.access === 'public' ? route.staffAccess : route.access) as Capability;
        const token = own.tokens[roleFor(capability)]!;
        const scope = route.scope as Exclude<Scope, 'none'>;
        const key = `${route.method} ${route.url}`;
        const leaks = (body: string) => other.markers.filter((marker) => body.includes(marker));
        if (scope === 'platform') {
          const status = (await call(token, route.method, route.url.replace(':id', SAMPLE_ID))).statusCode;
          if (status !== 403) wrong.push(`${key}: platform route answered ${status} to a company`);
          checked++;
          continue;
        }
        if (scope.id) {
          const url = route.url.replace(/:id|:name/, other.ids[scope.id]);
          const answer = await call(token, route.method, url, SCOPE_BODIES[key]?.(own));
          if (answer.statusCode !== 404)
            wrong.push(`${key}: another company's ${scope.id} → ${answer.statusCode}`);
          if (leaks(answer.body).length) wrong.push(`${key}: answered ${leaks(answer.body).join(', ')}`);
          checked++;
        }
        if (scope.body && !scope.id) {
          const body = SCOPE_BODIES[key];
          if (!body) {
            wrong.push(`${key}: no sample body in SCOPE_BODIES`);
            continue;
          }
          const answer = await call(token, route.method, route.url, body(other));
          if (answer.statusCode !== 404)
            wrong.push(`${key}: another company's record → ${answer.statusCode}`);
          checked++;
        }
        if (scope.body && scope.id) {
          const body = MOVE_BODIES[key];
          if (!body) {
            wrong.push(`${key}: no sample body in MOVE_BODIES`);
            continue;
          }
          const url = route.url.replace(':id', own.ids[scope.id]);
          const answer = await call(token, route.method, url, body(other));
          if (answer.statusCode !== 404)
            wrong.push(`${key}: moved to another company → ${answer.statusCode}`);
          checked++;
        }
        if (scope.list && route.method === 'GET') {
          const answer = await call(token, route.method, route.url + (LIST_QUERIES[key] ?? ''));
          if (answer.statusCode !== 200) wrong.push(`${key}: list → ${answer.statusCode}`);
          if (leaks(answer.body).length) wrong.push(`${key}: listed ${leaks(answer.body).join(', ')}`);
          checked++;
        }
      }
      expect(wrong).toEqual([]);
      expect(checked).toBeGreaterThan(60);
      expect(await snapshot(other)).toEqual(before);
    },
  );

  it('counts on the dashboard only the company’s own business', async () => {
    const [own] = companies;
    const mine = (await call(own.tokens.manager, 'GET', '/api/dashboard/summary')).json();
    const all = (await call(t.token, 'GET', '/api/dashboard/summary')).json();
    expect(mine.counts).toMatchObject({ trips: 1, buses: 1, bookings: 1, employees: 0 });
    expect(mine.proofsWaiting).toBe(1);
    expect(all.counts.trips).toBeGreaterThanOrEqual(2);
    expect(all.proofsWaiting).toBe(2);
  });

  it('shows the platform’s staff every company’s business', async () => {
    const lists = [
      '/api/trips/getAllTrips',
      '/api/bookings/getAllBookings',
      '/api/payments/getQueue',
      '/api/payments/getRefunds',
      '/api/messages/getAllMessages?_start=0&_end=200',
      '/api/timetables/getAllTimetables',
      '/api/buses/getAllBuses',
    ];
    for (const url of lists) {
      const body = (await call(t.token, 'GET', url)).body;
      for (const company of companies)
        expect(
          company.markers.some((marker) => body.includes(marker)),
          url,
        ).toBe(true);
    }
  });

  it('lets company staff work on their own records', async () => {
    const [own] = companies;
    const as = (role: Role) => client(t, own.tokens[role]);
    expect((await as('manager').get(`/api/trips/getTrip/${own.ids.trip}`)).statusCode).toBe(200);
    expect((await as('cashier').get(`/api/payments/getPayment/${own.ids.booking}`)).statusCode).toBe(200);
    expect((await as('conductor').get(`/api/checkin/trip/${own.ids.trip}`)).statusCode).toBe(200);
    const list = await as('manager').get('/api/trips/getAllTrips?_start=0&_end=10');
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json().map((trip: Doc) => trip._id)).toEqual([own.ids.trip]);
  });

  it('refuses another company’s trip to a conductor’s check-in package', async () => {
    const [own, other] = companies;
    const refused = await client(t, own.tokens.conductor).get(`/api/checkin/trip/${other.ids.trip}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(other.ids.trip);
  });

  it('lets only the platform’s admins give an account a company, and takes it back', async () => {
    const [own] = companies;
    const created = await client(t, t.token).post('/api/auth/register', {
      ...newUserBody(),
      role: 'cashier',
      companyId: own.ids.company,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id;
    const stored = () =>
      t.database.db.selectFrom('users').select('companyId').where('id', '=', id).executeTakeFirst();
    expect((await stored())?.companyId).toBe(own.ids.company);
    const platform = await client(t, t.token).patch(`/api/auth/updateUser/${id}`, { companyId: null });
    expect(platform.statusCode, platform.body).toBe(200);
    expect((await stored())?.companyId).toBeNull();
    // A company's admin is the company's: staff accounts are the platform's business.
    const companyAdmin = await client(t, own.tokens.admin).patch(`/api/auth/updateUser/${id}`, {
      companyId: own.ids.company,
    });
    expect(companyAdmin.statusCode).toBe(403);
    const unknown = await client(t, t.token).patch(`/api/auth/updateUser/${id}`, { companyId: SAMPLE_ID });
    expect(unknown.statusCode).toBe(400);
  });
});
