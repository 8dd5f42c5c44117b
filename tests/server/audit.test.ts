// The activity log: a walk of every staff write route of the live app (a route the walk does not know fails
// it) checks that a successful call appends a row naming who, what, which record and from where, with a
// diff that never shows password material; sign-ins and sign-outs are recorded; the rows cannot be changed
// or deleted, by any API or in the database itself.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { registry } from '../../shared/registry/index.ts';
import { DEFAULT_REFUND_RULES } from '../../shared/refund-rules.ts';
import { bookingFields, PASSENGER, postBooking } from './helpers/bookings.ts';
import { makeReferences, makeTrip, newUserBody, type PlainResource, validBody } from './helpers/fixtures.ts';
import { makePng } from './helpers/images.ts';
import { multipart } from './helpers/multipart.ts';
import { client, dialects, staffToken, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import type { Db } from '../../server/db/schema.ts';
import { openShift } from './helpers/shifts.ts';
import { enqueue } from '../../server/messages/outbox.repository.ts';
import { recordAudit } from '../../server/audit/audit.ts';
import { accountId, assignConductor } from './helpers/conductors.ts';

interface Call {
  method: 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** The record the row must name (defaults to the answer's _id). */
  recordId?: string;
  action: string;
  resource: string;
}

let colour = 0;
const png = () => makePng(2, 2, [++colour % 256, 40, 90]);

/** A booking with a proof, through the public API. */
async function proofBooking(t: TestApp, trip: { _id: string }, seat: number, reference: string) {
  const current = (await t.app.inject({ url: `/api/trips/getTrip/${trip._id}` })).json();
  const response = await postBooking(
    t,
    bookingFields(current, [seat], {
      passengerInfo: JSON.stringify({ ...PASSENGER, phone: `091${String(seat).padStart(7, '0')}` }),
      paymentReference: reference,
    }),
    { filename: 'p.png', contentType: 'image/png', data: png() },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().booking as { _id: string; ticketId: string; totalTicketPrice: number[] };
}

describe.each(dialects)('activity log (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const rows = async (where: { action?: string; recordId?: string } = {}) => {
    let query = t.database.db.selectFrom('audit_log').selectAll().orderBy('at').orderBy('id');
    if (where.action) query = query.where('action', '=', where.action);
    if (where.recordId) query = query.where('recordId', '=', where.recordId);
    return query.execute();
  };

  /** Successful calls of every staff write route, keyed "METHOD /route"; made fresh for each. */
  async function walk(): Promise<Record<string, () => Promise<Call>>> {
    const refs = await makeReferences(t, t.token);
    const { trip } = await makeTrip(t, t.token, { seats: 20 });
    const create = (resource: PlainResource) =>
      t.staff.post(
        `${registry[resource].api.base}/${registry[resource].api.create}`,
        validBody(resource, refs),
      );
    const calls: Record<string, () => Promise<Call>> = {};
    for (const resource of [
      'companies',
      'buses',
      'employees',
      'positions',
      'origins',
      'destinations',
      'prices',
      'trips',
      'timetables',
      'reports',
    ] as const) {
      const def = registry[resource];
      calls[`POST ${def.api.base}/${def.api.create}`] = async () => ({
        method: 'POST',
        url: `${def.api.base}/${def.api.create}`,
        payload: validBody(resource, refs),
        action: 'create',
        resource,
      });
      calls[`PATCH ${def.api.base}/${def.api.update}/:id`] = async () => {
        const created = (await create(resource)).json();
        const changed = validBody(resource, refs);
        const field =
          Object.keys(changed).find((name) => !name.endsWith('Id') && name !== 'price') ?? 'price';
        return {
          method: 'PATCH',
          url: `${def.api.base}/${def.api.update}/${created._id}`,
          payload: { [field]: changed[field] },
          recordId: created._id,
          action: 'update',
          resource,
        };
      };
      calls[`DELETE ${def.api.base}/${def.api.remove}/:id`] = async () => {
        const created = (await create(resource)).json();
        return {
          method: 'DELETE',
          url: `${def.api.base}/${def.api.remove}/${created._id}`,
          recordId: created._id,
          action: 'delete',
          resource,
        };
      };
    }
    for (const resource of ['lostItems', 'enquiries'] as const) {
      const def = registry[resource];
      calls[`DELETE ${def.api.base}/${def.api.remove}/:id`] = async () => {
        const created = (
          await t.app.inject({
            method: 'POST',
            url: `${def.api.base}/${def.api.create}`,
            payload: validBody(resource, refs),
          })
        ).json();
        return {
          method: 'DELETE',
          url: `${def.api.base}/${def.api.remove}/${created._id}`,
          recordId: created._id,
          action: 'delete',
          resource,
        };
      };
    }
    let seat = 0;
    calls['PATCH /api/trips/cancelTrip/:id'] = async () => {
      const other = (await makeTrip(t, t.token)).trip;
      return {
        method: 'PATCH',
        url: `/api/trips/cancelTrip/${other._id}`,
        recordId: other._id,
        action: 'cancel_trip',
        resource: 'trips',
      };
    };
    calls['POST /api/trips/disrupt'] = async () => {
      const other = (await makeTrip(t, t.token)).trip;
      return {
        method: 'POST',
        url: '/api/trips/disrupt',
        payload: {
          tripIds: [other._id],
          action: 'cancel',
          reason_en: 'The road is closed',
          reason_ar: 'الطريق مقفول',
        },
        recordId: undefined,
        action: 'disrupt',
        resource: 'trips',
      };
    };
    calls['PATCH /api/bookings/cancelBooking/:id'] = async () => {
      const booking = await proofBooking(t, trip, ++seat, `AU-C-${seat}`);
      return {
        method: 'PATCH',
        url: `/api/bookings/cancelBooking/${booking._id}`,
        recordId: booking._id,
        action: 'cancel_booking',
        resource: 'bookings',
      };
    };
    calls['PATCH /api/bookings/cancelSeats/:id'] = async () => {
      const current = (await t.app.inject({ url: `/api/trips/getTrip/${trip._id}` })).json();
      const seats = [++seat, ++seat];
      const sold = await postBooking(t, bookingFields(current, seats));
      expect(sold.statusCode, sold.body).toBe(201);
      const booking = sold.json().booking;
      return {
        method: 'PATCH',
        url: `/api/bookings/cancelSeats/${booking._id}`,
        payload: { seats: [seats[1]] },
        recordId: booking._id,
        action: 'cancel_seats',
        resource: 'bookings',
      };
    };
    calls['DELETE /api/bookings/deleteBooking/:id'] = async () => {
      const booking = await proofBooking(t, trip, ++seat, `AU-D-${seat}`);
      await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`);
      return {
        method: 'DELETE',
        url: `/api/bookings/deleteBooking/${booking._id}`,
        recordId: booking._id,
        action: 'delete',
        resource: 'bookings',
      };
    };
    calls['PATCH /api/bookings/verifyPayment/:id'] = async () => {
      const booking = await proofBooking(t, trip, ++seat, `AU-V-${seat}`);
      return {
        method: 'PATCH',
        url: `/api/bookings/verifyPayment/${booking._id}`,
        recordId: booking._id,
        action: 'verify_payment',
        resource: 'bookings',
      };
    };
    calls['PATCH /api/bookings/payInCash/:id'] = async () => {
      // An online hold, no proof: paid at the desk into the staff account's open shift (useTestApp's).
      const current = (await t.app.inject({ url: `/api/trips/getTrip/${trip._id}` })).json();
      const held = await postBooking(
        t,
        bookingFields(current, [++seat], {
          passengerInfo: JSON.stringify({ ...PASSENGER, phone: `092${String(seat).padStart(7, '0')}` }),
        }),
      );
      expect(held.statusCode, held.body).toBe(201);
      const booking = held.json().booking;
      return {
        method: 'PATCH',
        url: `/api/bookings/payInCash/${booking._id}`,
        payload: { totalTicketPrice: booking.totalTicketPrice[0] },
        recordId: booking._id,
        action: 'pay_in_cash',
        resource: 'bookings',
      };
    };
    calls['PATCH /api/bookings/rejectPayment/:id'] = async () => {
      const booking = await proofBooking(t, trip, ++seat, `AU-R-${seat}`);
      return {
        method: 'PATCH',
        url: `/api/bookings/rejectPayment/${booking._id}`,
        payload: { reason: 'proof_unreadable' },
        recordId: booking._id,
        action: 'reject_payment',
        resource: 'bookings',
      };
    };
    calls['POST /api/bookings/counterSale'] = async () => ({
      method: 'POST',
      url: '/api/bookings/counterSale',
      payload: { tripId: trip._id, seats: [++seat], passengerInfo: PASSENGER, paymentMethod: 'cash' },
      action: 'counter_sale',
      resource: 'bookings',
    });
    calls['POST /api/shifts/openShift'] = async () => {
      // The staff account's shift is open (useTestApp): closed first, so that a new one opens.
      const open = await openShift(t, t.token);
      await t.staff.patch(`/api/shifts/closeShift/${open}`, { counted: 0 });
      return {
        method: 'POST',
        url: '/api/shifts/openShift',
        payload: { float: 2500 },
        action: 'shift_opened',
        resource: 'shifts',
      };
    };
    calls['PATCH /api/shifts/closeShift/:id'] = async () => {
      // An admin closes a cashier's shift (their own stays open for the walk's counter sales).
      const cashier = await staffToken(
        t,
        { email: 'au.till@rihla.test', password: 'dune-camel-48-y' },
        'cashier',
      );
      const shift = await openShift(t, cashier, 100);
      return {
        method: 'PATCH',
        url: `/api/shifts/closeShift/${shift}`,
        payload: { counted: 90 },
        recordId: shift,
        action: 'shift_closed',
        resource: 'shifts',
      };
    };
    // Conductors assigned to a trip and taken off it (issue 24): the row names the trip.
    const conductor = (name: string) =>
      staffToken(t, { email: `au.${name}@rihla.test`, password: 'dune-camel-48-z' }, 'conductor');
    calls['POST /api/conductors/assign'] = async () => ({
      method: 'POST',
      url: '/api/conductors/assign',
      payload: { userId: await accountId(t, await conductor('door')), tripId: trip._id },
      recordId: trip._id,
      action: 'assign_conductor',
      resource: 'trips',
    });
    calls['DELETE /api/conductors/unassign/:id'] = async () => {
      const assignment = await assignConductor(t, t.token, await conductor('door2'), { tripId: trip._id });
      return {
        method: 'DELETE',
        url: `/api/conductors/unassign/${assignment}`,
        recordId: trip._id,
        action: 'unassign_conductor',
        resource: 'trips',
      };
    };
    calls['PATCH /api/payments/markRefundPaid/:id'] = async () => {
      const booking = await proofBooking(t, trip, ++seat, `AU-F-${seat}`);
      await t.staff.patch(`/api/bookings/verifyPayment/${booking._id}`);
      await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`);
      return {
        method: 'PATCH',
        url: `/api/payments/markRefundPaid/${booking._id}`,
        payload: { refundReference: 'RF-9' },
        recordId: booking._id,
        action: 'refund_paid',
        resource: 'bookings',
      };
    };
    calls['PATCH /api/payments/confirmCashRefund/:id'] = async () => {
      const booking = await proofBooking(t, trip, ++seat, `AU-C-${seat}`);
      await t.staff.patch(`/api/bookings/verifyPayment/${booking._id}`);
      await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`);
      const cashier = await staffToken(
        t,
        { email: 'au.cash@rihla.test', password: 'dune-camel-48-x' },
        'cashier',
      );
      const recorded = await client(t, cashier).patch(`/api/payments/markRefundPaid/${booking._id}`, {
        refundMethod: 'cash',
      });
      expect(recorded.statusCode, recorded.body).toBe(202);
      return {
        method: 'PATCH',
        url: `/api/payments/confirmCashRefund/${booking._id}`,
        recordId: booking._id,
        action: 'refund_cash_confirmed',
        resource: 'bookings',
      };
    };
    calls['PATCH /api/payments/checkCancelledProof/:id'] = async () => {
      const booking = await proofBooking(t, trip, ++seat, `AU-K-${seat}`);
      await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`);
      return {
        method: 'PATCH',
        url: `/api/payments/checkCancelledProof/${booking._id}`,
        payload: { moneyArrived: true },
        recordId: booking._id,
        action: 'cancelled_proof_checked',
        resource: 'bookings',
      };
    };
    calls['POST /api/payments/importStatement'] = async () => {
      const { payload, headers } = multipart(
        {},
        {
          field: 'statement',
          filename: 's.csv',
          contentType: 'text/csv',
          data: Buffer.from('ref,amount\nX,1\n'),
        },
      );
      return {
        method: 'POST',
        url: '/api/payments/importStatement',
        payload,
        headers,
        action: 'import_statement',
        resource: 'payments',
      };
    };
    calls['PATCH /api/bookings/updatePassengers/:id'] = async () => {
      const booking = await proofBooking(t, trip, ++seat, `AU-P-${seat}`);
      return {
        method: 'PATCH',
        url: `/api/bookings/updatePassengers/${booking._id}`,
        payload: {
          passengers: [{ seat, fullName: 'Osman Idris', idType: 'passport', idNumber: 'P0998877' }],
        },
        recordId: booking._id,
        action: 'update_passengers',
        resource: 'bookings',
      };
    };
    calls['POST /api/checkin/scans'] = async () => ({
      method: 'POST',
      url: '/api/checkin/scans',
      payload: {
        scans: [
          {
            ticketId: '1234567890123',
            tripId: trip._id,
            scannedAt: new Date().toISOString(),
            deviceId: 'audit',
          },
        ],
      },
      recordId: undefined,
      action: 'sync_scans',
      resource: 'trips',
    });
    calls['POST /api/auth/register'] = async () => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: newUserBody(),
      action: 'create',
      resource: 'users',
    });
    calls['PATCH /api/auth/updateUser/:id'] = async () => {
      const user = (await t.staff.post('/api/auth/register', newUserBody())).json();
      return {
        method: 'PATCH',
        url: `/api/auth/updateUser/${user._id}`,
        payload: { role: 'cashier' },
        recordId: user._id,
        action: 'role_change',
        resource: 'users',
      };
    };
    calls['DELETE /api/auth/deleteUser/:id'] = async () => {
      const user = (await t.staff.post('/api/auth/register', newUserBody())).json();
      return {
        method: 'DELETE',
        url: `/api/auth/deleteUser/${user._id}`,
        recordId: user._id,
        action: 'delete',
        resource: 'users',
      };
    };
    calls['PATCH /api/messages/resend/:id'] = async () => {
      const db = t.app.db as Db;
      await enqueue(
        db,
        { kind: 'broadcast', phone: '0912000111', language: 'en', text: 'Audit resend' },
        new Date(),
      );
      const row = await db
        .selectFrom('messages')
        .select('id')
        .where('text', '=', 'Audit resend')
        .executeTakeFirstOrThrow();
      await db.updateTable('messages').set({ status: 'failed' }).where('id', '=', row.id).execute();
      return {
        method: 'PATCH',
        url: `/api/messages/resend/${row.id}`,
        recordId: row.id,
        action: 'resend_message',
        resource: 'messages',
      };
    };
    calls['POST /api/messages/broadcast'] = async () => {
      const { trip } = await makeTrip(t, t.token);
      return {
        method: 'POST',
        url: '/api/messages/broadcast',
        payload: { tripId: trip._id, text_en: 'Late bus', text_ar: 'البص متأخر' },
        action: 'broadcast',
        resource: 'trips',
      };
    };
    calls['PATCH /api/settings/updateSettings'] = async () => ({
      method: 'PATCH',
      url: '/api/settings/updateSettings',
      payload: {
        operator_phone: '0912345678',
        operator_email: 'desk@rihla.example',
        operator_address: '',
        payment_bankak_account: '1234567',
        payment_account_name: 'Rihla',
        payment_wallets: [],
      },
      action: 'update_settings',
      resource: 'settings',
      recordId: 'operator',
    });
    calls['PATCH /api/settings/updateRefundRules'] = async () => ({
      method: 'PATCH',
      url: '/api/settings/updateRefundRules',
      payload: { ...DEFAULT_REFUND_RULES, changeFee: 500 },
      action: 'update_settings',
      resource: 'settings',
    });
    calls['PATCH /api/auth/changePassword'] = async () => ({
      method: 'PATCH',
      url: '/api/auth/changePassword',
      payload: {
        current_password: 'secret123',
        password: 'acacia-ferry-nile-8',
        password_confirm: 'acacia-ferry-nile-8',
      },
      action: 'password_change',
      resource: 'users',
    });
    return calls;
  }

  it(
    'appends a row for every staff write route: who, what, which record, from where',
    { timeout: 120_000 },
    async () => {
      const me = (await t.staff.get('/api/auth/user')).json();
      const calls = await walk();
      const writes = t.app.routeAccess
        .filter(
          (route) => route.url.startsWith('/api/') && !['GET', 'HEAD', 'OPTIONS'].includes(route.method),
        )
        .filter(
          (route) =>
            route.access !== 'public' ||
            ['/api/bookings/cancelBooking/:id', '/api/bookings/cancelSeats/:id'].includes(route.url),
        )
        .map((route) => `${route.method} ${route.url}`);
      expect(
        writes.filter((route) => !calls[route]),
        'staff write routes this walk does not know',
      ).toEqual([]);
      for (const route of writes) {
        const call = await calls[route]();
        // The rows this call adds, by id: ordered by time, rows of the same millisecond fall in their ids'
        // random order, so "the rows after the first n" once missed the call's own (CI, cancelTrip).
        const before = new Set((await rows()).map((entry) => entry.id));
        const response = await t.app.inject({
          method: call.method,
          url: call.url,
          payload: call.payload as string,
          headers: { ...call.headers, authorization: `Bearer ${t.token}` },
          remoteAddress: '10.9.8.7',
        });
        expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(300);
        const added = (await rows()).filter((entry) => !before.has(entry.id));
        const row = added.find((entry) => entry.action === call.action);
        expect(row, `${route}: ${JSON.stringify(added)}`).toBeDefined();
        const answer = response.json();
        expect(row).toMatchObject({
          userId: me._id,
          userLabel: me.email,
          resource: call.resource,
          ip: '10.9.8.7',
          recordId:
            'recordId' in call ? (call.recordId ?? null) : (answer._id ?? answer.booking?._id ?? null),
        });
        expect(row!.diff ?? '').not.toMatch(/acacia|secret123|\$argon2|P0998877/);
      }
    },
  );

  it('records what changed, before and after, and hides passwords', async () => {
    const { bus } = await makeTrip(t, t.token, { seats: 40 });
    await t.staff.patch(`/api/buses/updateBus/${bus._id}`, { bus_number_of_seats: 42 });
    const [row] = await rows({ action: 'update', recordId: bus._id });
    expect(JSON.parse(row.diff!)).toEqual({ bus_number_of_seats: [40, 42] });
    const user = (await t.staff.post('/api/auth/register', newUserBody())).json();
    await t.staff.patch(`/api/auth/updateUser/${user._id}`, {
      password: 'baobab-camel-sand-3',
      password_confirm: 'baobab-camel-sand-3',
    });
    const [changed] = await rows({ action: 'update', recordId: user._id });
    expect(JSON.parse(changed.diff!)).toEqual({ password: ['•••', '•••'] });
  });

  it('records sign-ins, failed sign-ins and sign-outs', async () => {
    const body = newUserBody();
    await t.staff.post('/api/auth/register', body);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: 'wrong-pass' },
    });
    expect(failed.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    const cookie = login.cookies.find((c) => c.name === 'rihla_refresh')!.value;
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { rihla_refresh: cookie } });
    const actions = (await rows()).filter((row) => row.userLabel === body.email).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['sign_in_failed', 'sign_in', 'sign_out']));
  });

  it('lists and filters activity for admins and managers; no API changes it; the database refuses to', async () => {
    const list = await t.staff.get('/api/activity/getAllActivity?_start=0&_end=5&action=create');
    expect(list.statusCode).toBe(200);
    expect(list.json().every((row: { action: string }) => row.action === 'create')).toBe(true);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    const ranged = await t.staff.get(
      `/api/activity/getAllActivity?_start=0&_end=5&at_gte=${today}T00:00:00.000Z`,
    );
    expect(ranged.json().length).toBeGreaterThan(0);
    expect(
      t.app.routeAccess.filter(
        (route) => route.url.startsWith('/api/activity') && route.method !== 'GET' && route.method !== 'HEAD',
      ),
    ).toEqual([]);
    const [first] = await rows();
    await expect(
      t.database.db.updateTable('audit_log').set({ action: 'nothing' }).where('id', '=', first.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.db.deleteFrom('audit_log').where('id', '=', first.id).execute()).rejects.toThrow(
      /append-only/,
    );
  });
  it("hides employees' national ID numbers, as travellers' ID numbers", async () => {
    const refs = await makeReferences(t, t.token);
    const body = validBody('employees', refs);
    const created = (await t.staff.post('/api/employees/createEmployee', body)).json();
    await t.staff.patch(`/api/employees/updateEmployee/${created._id}`, {
      employee_national_id: 'NID-7788990011',
    });
    const logged = await rows({ recordId: created._id });
    expect(logged.map((row) => row.action)).toEqual(['create', 'update']);
    expect(JSON.parse(logged[0].diff!).employee_national_id).toEqual([null, '•••']);
    expect(JSON.parse(logged[1].diff!)).toEqual({ employee_national_id: ['•••', '•••'] });
    for (const row of logged) expect(row.diff).not.toMatch(/NID-/);
  });

  it('rows of one record written in the same millisecond list in the order they happened, either way', async () => {
    const refs = await makeReferences(t, t.token);
    const created = (
      await t.staff.post('/api/employees/createEmployee', validBody('employees', refs))
    ).json();
    const at = new Date();
    const actions = Array.from({ length: 12 }, (_, i) => `step_${String(i).padStart(2, '0')}`);
    for (const action of actions)
      await recordAudit(t.database.db, { action, resource: 'employees', recordId: created._id }, at);
    const list = async (order: 'ASC' | 'DESC') => {
      const response = await t.staff.get(
        `/api/activity/getAllActivity?recordId=${created._id}&_sort=at&_order=${order}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json()
        .map((row: { action: string }) => row.action)
        .filter((a: string) => a.startsWith('step_'));
    };
    expect(await list('ASC')).toEqual(actions);
    expect(await list('DESC')).toEqual([...actions].reverse());
  });

  it('a failed sign-in keeps what was typed only when it names an account', async () => {
    const body = newUserBody();
    await t.staff.post('/api/auth/register', body);
    const fail = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-pass' } });
    const typedPassword = 'Kx9#my-real-password';
    const anonymous = async () => (await rows({ action: 'sign_in_failed' })).filter((row) => !row.recordId);
    const seen = new Set((await anonymous()).map((row) => row.id));
    expect((await fail(typedPassword.replace('#', '@') + '.sd')).statusCode).toBe(401);
    expect((await fail(body.email.toUpperCase())).statusCode).toBe(401);
    const failed = await rows({ action: 'sign_in_failed' });
    const unknown = (await anonymous()).filter((row) => !seen.has(row.id));
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ userLabel: null, ip: '127.0.0.1' });
    expect(JSON.stringify(failed)).not.toMatch(/real-password/);
    const user = (
      await t.staff.get(`/api/auth/getAllusers?email=${encodeURIComponent(body.email)}`)
    ).json()[0];
    const known = failed.filter((row) => row.recordId === user._id);
    expect(known).toHaveLength(1);
    expect(known[0]).toMatchObject({ userLabel: body.email });
  });

  it('the database refuses to rewrite a row by replacing it, or to empty the log', async () => {
    const [first] = await rows();
    const count = async () => (await rows()).length;
    const before = await count();
    // An upsert updates: the update trigger refuses it on both databases.
    await expect(
      sql`insert into audit_log (id, at, action) values (${first.id}, ${first.at}, 'rewritten')
        on conflict (id) do update set action = 'rewritten'`.execute(t.database.db),
    ).rejects.toThrow(/append-only/);
    if (dialect === 'sqlite') {
      for (const statement of ['insert or replace into', 'replace into'])
        await expect(
          sql`${sql.raw(statement)} audit_log (id, at, action) values (${first.id}, ${first.at}, 'rewritten')`.execute(
            t.database.db,
          ),
        ).rejects.toThrow(/append-only/);
    } else {
      await expect(sql`truncate audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
      await expect(sql`truncate audit_log cascade`.execute(t.database.db)).rejects.toThrow(/append-only/);
    }
    const [still] = await rows();
    expect(still).toEqual(first);
    expect(await count()).toBe(before);
  });
});
