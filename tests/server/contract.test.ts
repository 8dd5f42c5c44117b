// The API contract held to real answers. Every route of the live app (read from its route tree, as the auth
// matrix reads it) is called on a real database: its success, and the errors a request can reach (400, 401,
// 403, 404, 409, 413, 415). Each answer must match the schema its contract (shared/contract) declares for its
// status; a status the contract does not declare fails, and so does a field an answer carried beyond its
// schema (the serializer drops it and reports it in undeclaredFields), and so does a list without its
// X-Total-Count, or a body a route took that its documented body refuses. Routes are looked up by method and
// path in apiContract(); tests/server/openapi.test.ts checks that each route declares what it is held to here.
import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { khartoumToday } from '../../shared/rules.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { projectingSerializerCompiler, undeclaredFields } from '../../server/http/validation.ts';
import {
  apiContract,
  type ContentAnswer,
  crudContract,
  type RouteContract,
  tripContract,
  userDocument,
} from '../../shared/contract/index.ts';
import { getResource, type Operation, type ResourceDef, resources } from '../../shared/registry/index.ts';
import { bookingFields, PASSENGER, postBooking } from './helpers/bookings.ts';
import { type Endpoint, listEndpoints } from './helpers/endpoints.ts';
import {
  createOk,
  makeReferences,
  makeTrip,
  newUserBody,
  type PlainResource,
  validBody,
} from './helpers/fixtures.ts';
import { GIF, makePng, PNG } from './helpers/images.ts';
import { multipart } from './helpers/multipart.ts';
import { dialects, STAFF, staffToken } from './helpers/test-app.ts';
import { can, type Role } from '../../shared/roles.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { openShift } from './helpers/shifts.ts';
import { accountId, assignConductor } from './helpers/conductors.ts';
import type { Db } from '../../server/db/schema.ts';
import { enqueue } from '../../server/messages/outbox.repository.ts';

type Doc = Record<string, any> & { _id: string };

interface Call {
  label: string;
  /** The status the call is meant to reach: missing it means the scenario no longer tests what it says. */
  status: number;
  url: string;
  payload?: string | object | Buffer;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** Sent without the staff token. */
  anonymous?: boolean;
  /** The error code the answer must carry (a client handles each code in its own way). */
  code?: string;
  /** What the answer's body must hold (toMatchObject), beyond its schema. */
  body?: unknown;
}

/** The SMS gateway's token, which its delivery reports carry. */
const GATEWAY_TOKEN = 'contract-gateway-token-0123456789';
/** The Android phone's webhook signing key. */
const ANDROID_KEY = 'contract-android-signing-key';

/** A strong password (10+ characters, not guessable) for the accounts this test makes. */
const STRONG = 'dune-camel-lantern-48';
/** The roles tried, in this order, for a 403 on a staff route: the first its capability does not list. */
const REFUSED_ROLES: Role[] = ['cashier', 'conductor', 'manager'];

const key = (c: { method: string; route?: string; path?: string }) => `${c.method} ${c.route ?? c.path}`;
const contracts = new Map(apiContract().map((contract) => [key(contract), contract]));
const isContent = (answer: unknown): answer is ContentAnswer =>
  typeof answer === 'object' && answer !== null && 'content' in answer;
/** A report for one day in every format, and a period that ends before it starts. */
const report = (path: string, date: string) =>
  ['json', 'csv', 'xlsx']
    .map((format) => ({
      label: format,
      status: 200,
      url: `${path}?from=${date}&to=${date}&format=${format}`,
    }))
    .concat([
      {
        label: 'a period ending before it starts',
        status: 400,
        url: `${path}?from=2026-12-02&to=2026-12-01`,
      },
    ]);

const TOO_LARGE = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) });

/** What is wrong with an answer, measured against the contract of its route ([] when nothing). */
function problems(contract: RouteContract, call: Call, response: LightMyRequestResponse): string[] {
  const what = `${key(contract)} (${call.label}) answered ${response.statusCode}`;
  const found: string[] = [];
  if (response.statusCode !== call.status)
    found.push(`${what}, not ${call.status}: ${response.body.slice(0, 300)}`);
  const declared = contract.responses[response.statusCode];
  if (!declared) return [...found, `${what}, a status its contract does not declare`];
  const type = String(response.headers['content-type'] ?? '').split(';')[0];
  if (isContent(declared)) {
    const content = declared.content[type];
    if (!content) found.push(`${what} as ${type}, not ${Object.keys(declared.content)}`);
    if (!response.rawPayload.length) found.push(`${what} with an empty body`);
    // A JSON form of a file answer (a report) is held to its schema like any other.
    if (content && type === 'application/json') {
      const parsed = content.schema.safeParse(response.json());
      if (!parsed.success) found.push(`${what}: ${z.prettifyError(parsed.error)}`);
    }
    return found;
  }
  if (type !== 'application/json') return [...found, `${what} as ${type}, not JSON`];
  const body = response.json();
  const parsed = declared.safeParse(body);
  if (!parsed.success)
    found.push(`${what}: ${z.prettifyError(parsed.error)}\n${response.body.slice(0, 500)}`);
  if (call.code !== undefined && body?.code !== call.code)
    found.push(`${what} with code ${body?.code}, not ${call.code}: ${response.body.slice(0, 300)}`);
  if (call.body !== undefined) {
    try {
      expect(body).toMatchObject(call.body as object);
    } catch {
      found.push(`${what} without ${JSON.stringify(call.body)}: ${response.body.slice(0, 300)}`);
    }
  }
  const headers = (z.globalRegistry.get(declared)?.headers ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(headers))
    if (response.headers[name.toLowerCase()] === undefined) found.push(`${what} without ${name}`);
  // The handlers check their bodies themselves: what one took, its documented body must take too.
  const json = call.payload && typeof call.payload === 'object' && !Buffer.isBuffer(call.payload);
  if (contract.form && json && response.statusCode < 300) {
    const documented = contract.form.safeParse(call.payload);
    if (!documented.success)
      found.push(`${what}, a body its form refuses: ${z.prettifyError(documented.error)}`);
  }
  // The serializer of the contract's schema reports fields beyond it (routes that declare it already did).
  projectingSerializerCompiler({
    schema: declared,
    method: contract.method,
    url: contract.path,
    httpStatus: String(response.statusCode),
  })(body);
  return found;
}

describe.each(dialects)('API contract (%s)', (dialect) => {
  const t = useTestApp(dialect, {
    env: { SMS_HTTP_TOKEN: GATEWAY_TOKEN, SMS_ANDROID_SIGNING_KEY: ANDROID_KEY },
  });
  const done = new Map<string, number[]>();
  let refs: Awaited<ReturnType<typeof makeReferences>>;
  let sale: Awaited<ReturnType<typeof makeTrip>>;
  /** A text message of the outbox in `status`; answers its id. */
  async function aMessage(status: string) {
    const db = t.app.db as Db;
    const phone = `091${String(Date.now() % 1e7).padStart(7, '0')}`;
    await enqueue(db, { kind: 'broadcast', phone, language: 'en', text: `Contract ${status}` }, new Date());
    const row = await db
      .selectFrom('messages')
      .select('id')
      .where('text', '=', `Contract ${status}`)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    await db.updateTable('messages').set({ status }).where('id', '=', row.id).execute();
    return row.id;
  }
  let staffId: string;
  /** An access token of an account of each role but admin (for the 403s). */
  const roleTokens = {} as Record<Role, string>;
  /** An _id of each resource that other documents refer to (its delete answers 409). */
  const referred: Record<string, string> = {};
  let nextSeat = 1;

  const send = (call: Call, method: string) =>
    t.app.inject({
      method: method as 'GET',
      url: call.url,
      payload: call.payload as string,
      headers: { ...(call.anonymous ? {} : { authorization: `Bearer ${t.token}` }), ...call.headers },
      cookies: call.cookies,
    });

  /** A booking form for fresh seats of the sale's trip; `overrides` replace fields. */
  const bookingForm = (overrides: Record<string, string> = {}, seats = [nextSeat++]) =>
    bookingFields(sale.trip, seats, overrides);

  async function book(
    overrides: Record<string, string> = {},
    withProof = false,
    seats?: number[],
  ): Promise<Doc> {
    const file = withProof ? { filename: 'proof.png', contentType: 'image/png', data: PNG } : undefined;
    const response = await postBooking(t, bookingForm(overrides, seats), file);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().booking;
  }

  let proofs = 0;
  /** A booking whose proof (an image no other booking sent) and reference wait for staff. */
  async function bookWithProof(reference = `CT-PROOF-${proofs + 1}`): Promise<Doc> {
    const data = makePng(2, 2, [200, ++proofs % 256, 13]);
    const fields = bookingForm({ paymentReference: reference, paymentMethod: 'bankak' });
    const response = await postBooking(t, fields, { filename: 'proof.png', contentType: 'image/png', data });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().booking;
  }

  const cancelled = async (booking: Doc) => {
    const response = await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`);
    expect(response.statusCode, response.body).toBe(200);
    return booking;
  };

  /** The body of a counter sale of fresh seats of the sale's trip. */
  const counterBody = (overrides: Record<string, unknown> = {}) => ({
    tripId: sale.trip._id,
    seats: [nextSeat++],
    passengerInfo: PASSENGER,
    paymentMethod: 'cash',
    ...overrides,
  });

  /** A paid booking, cancelled: its refund is owed. */
  async function refundOwed(): Promise<Doc> {
    const response = await t.staff.post('/api/bookings/counterSale', counterBody());
    expect(response.statusCode, response.body).toBe(201);
    return cancelled(response.json().booking);
  }

  /**
   * A paid booking of a trip staff then cancelled (it waits for its traveller's choice), and another trip of
   * the same route a day later to move to.
   */
  async function waitingBooking(): Promise<{ booking: Doc; next: Doc }> {
    const made = await makeTrip(t, t.token, { seats: 10 });
    const next = await createOk(t, t.token, '/api/trips/createTrip', {
      busId: made.bus._id,
      trip_originId: made.origin._id,
      trip_destinationId: made.destination._id,
      trip_date: new Date(Date.parse(made.trip.trip_date) + 86_400_000).toISOString().slice(0, 10),
      trip_boarding_time: '7:00 pm',
      trip_ticket_priceId: made.price._id,
    });
    const sold = await t.staff.post('/api/bookings/counterSale', {
      tripId: made.trip._id,
      seats: [2],
      passengerInfo: PASSENGER,
      paymentMethod: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect((await t.staff.patch(`/api/trips/cancelTrip/${made.trip._id}`)).statusCode).toBe(200);
    return { booking: sold.json().booking, next };
  }

  /** A paid booking, and a later trip of its route that costs more (a change awaits payment). */
  async function changeable(): Promise<{ booking: Doc; later: Doc }> {
    const made = await makeTrip(t, t.token, { seats: 10 });
    const dearer = await createOk(t, t.token, '/api/prices/createPrice', { price: made.price.price + 1_000 });
    const later = await createOk(t, t.token, '/api/trips/createTrip', {
      busId: made.bus._id,
      trip_originId: made.origin._id,
      trip_destinationId: made.destination._id,
      trip_date: new Date(Date.parse(made.trip.trip_date) + 86_400_000).toISOString().slice(0, 10),
      trip_boarding_time: '7:00 pm',
      trip_ticket_priceId: dearer._id,
    });
    const sold = await t.staff.post('/api/bookings/counterSale', {
      tripId: made.trip._id,
      seats: [2],
      passengerInfo: PASSENGER,
      paymentMethod: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    return { booking: sold.json().booking, later };
  }

  /** A new document of `resource`, made through the API. */
  async function fresh(resource: string): Promise<Doc> {
    if (resource === 'users') return createOk(t, t.token, '/api/auth/register', newUserBody());
    if (resource === 'bookings') return book();
    // The activity log is written by the server (this test's own writes), never through its API.
    if (resource === 'activity') {
      const latest = await t.staff.get('/api/activity/getAllActivity?_start=0&_end=1');
      expect(latest.statusCode, latest.body).toBe(200);
      return latest.json()[0];
    }
    const def = getResource(resource);
    return createOk(
      t,
      t.token,
      `${def.api.base}/${def.api.create}`,
      validBody(resource as PlainResource, refs),
    );
  }

  /** Calls every generated route of the registry gets, for `op` of `def`. */
  async function crudCalls(def: ResourceDef, op: Operation, path: string): Promise<Call[]> {
    const unique = Object.keys(def.fields).find((name) => def.fields[name].unique);
    const required = Object.keys(def.fields).find((name) => def.fields[name].required);
    const body = () => validBody(def.name as PlainResource, refs);
    switch (op) {
      case 'list':
        return [
          { label: 'everything', status: 200, url: path },
          { label: 'a page', status: 200, url: `${path}?_start=0&_end=2` },
          { label: 'a bad page', status: 400, url: `${path}?_start=first` },
        ];
      case 'one':
        return [{ label: 'found', status: 200, url: path.replace(':id', (await fresh(def.name))._id) }];
      case 'create': {
        const valid = body();
        return [
          { label: 'valid', status: 201, url: path, payload: valid },
          { label: 'nothing given', status: 400, url: path, payload: {} },
          ...(unique ? [{ label: 'a taken value', status: 409, url: path, payload: valid }] : []),
        ];
      }
      case 'update': {
        const url = path.replace(':id', (await fresh(def.name))._id);
        const calls: Call[] = [
          { label: 'valid', status: 200, url, payload: body() },
          { label: 'a blanked field', status: 400, url, payload: { [required!]: '' } },
        ];
        if (unique) {
          const other = await fresh(def.name);
          calls.push({ label: 'a taken value', status: 409, url, payload: { [unique]: other[unique] } });
        }
        return calls;
      }
      case 'remove': {
        const calls: Call[] = [
          { label: 'deleted', status: 200, url: path.replace(':id', (await fresh(def.name))._id) },
        ];
        if (referred[def.name])
          calls.push({ label: 'referred to', status: 409, url: path.replace(':id', referred[def.name]) });
        return calls;
      }
    }
  }

  /** The calls of the routes written by hand, by "METHOD /route". */
  const customCalls: Record<string, (path: string) => Promise<Call[]>> = {
    'GET /api/health': async (path) => [{ label: 'up', status: 200, url: path }],
    'GET /api/settings': async (path) => [{ label: 'operator', status: 200, url: path }],
    'GET /api/settings/getSettings': async (path) => [
      { label: 'as admins edit them', status: 200, url: path },
    ],
    'GET /api/settings/getRefundRules': async (path) => [{ label: 'in force', status: 200, url: path }],
    'PATCH /api/settings/updateRefundRules': async (path) => {
      const { _id, ...rules } = (await t.staff.get('/api/settings/getRefundRules')).json();
      void _id;
      return [
        { label: 'unchanged', status: 200, url: path, payload: rules },
        { label: 'no tiers', status: 400, url: path, payload: { ...rules, tiers: [] } },
      ];
    },
    'PATCH /api/settings/updateSettings': async (path) => {
      const current = (await t.staff.get('/api/settings/getSettings')).json();
      const { _id, ...settings } = current;
      void _id;
      return [
        {
          label: 'changed',
          status: 200,
          url: path,
          payload: { ...settings, operator_address: 'Port Sudan' },
        },
        { label: 'a wrong phone', status: 400, url: path, payload: { ...settings, operator_phone: '1' } },
      ];
    },
    'POST /api/auth/login': async (path) => [
      { label: 'signed in', status: 200, url: path, payload: STAFF },
      { label: 'wrong password', status: 401, url: path, payload: { ...STAFF, password: 'not-the-one' } },
      { label: 'nothing given', status: 400, url: path, payload: {} },
    ],
    'POST /api/auth/refresh': async (path): Promise<Call[]> => {
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: STAFF });
      const cookie = login.cookies.find((c) => c.name === 'rihla_refresh')!.value;
      const session = { url: path, cookies: { rihla_refresh: cookie }, anonymous: true };
      return [
        {
          label: 'from another site',
          status: 403,
          ...session,
          headers: { origin: 'https://evil.example' },
        },
        {
          label: 'a form body',
          status: 415,
          ...session,
          payload: 'x=1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        { label: 'refreshed', status: 200, ...session },
        { label: 'no session', status: 401, url: path, anonymous: true },
      ];
    },
    'POST /api/auth/logout': async (path): Promise<Call[]> => {
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: STAFF });
      const session = {
        url: path,
        cookies: { rihla_refresh: login.cookies.find((c) => c.name === 'rihla_refresh')!.value },
        anonymous: true,
      };
      return [
        { label: 'from another site', status: 403, ...session, headers: { 'sec-fetch-site': 'cross-site' } },
        { label: 'signed out', status: 200, ...session },
        { label: 'with no session', status: 200, url: path },
      ];
    },
    'PATCH /api/auth/changePassword': async (path): Promise<Call[]> => {
      const body = newUserBody();
      await createOk(t, t.token, '/api/auth/register', body);
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: body.email, password: body.password },
      });
      const theirs = { url: path, headers: { authorization: `Bearer ${signedIn.json().access_token}` } };
      const change = (current: string, password: string, confirm = password) => ({
        current_password: current,
        password,
        password_confirm: confirm,
      });
      return [
        {
          label: 'a wrong current password',
          status: 400,
          ...theirs,
          payload: change('not-it-at-all', STRONG),
        },
        {
          label: 'a weak new password',
          status: 400,
          ...theirs,
          payload: change(body.password, 'password123'),
        },
        {
          label: 'a confirmation that differs',
          status: 400,
          ...theirs,
          payload: change(body.password, STRONG, 'x'),
        },
        {
          label: 'changed',
          status: 200,
          ...theirs,
          payload: change(body.password, STRONG),
          body: { email: body.email, role: 'conductor' },
        },
      ];
    },
    'GET /api/auth/user': async (path) => [{ label: 'me', status: 200, url: path }],
    'POST /api/auth/register': async (path) => {
      const user = newUserBody();
      return [
        { label: 'registered', status: 201, url: path, payload: user, body: { role: 'conductor' } },
        {
          label: 'registered as a cashier',
          status: 201,
          url: path,
          payload: { ...newUserBody(), role: 'cashier' },
          body: { role: 'cashier' },
        },
        { label: 'a weak password', status: 400, url: path, payload: newUserBody('secret123') },
        { label: 'a role not known', status: 400, url: path, payload: { ...newUserBody(), role: 'owner' } },
        { label: 'a taken email', status: 409, url: path, payload: { ...newUserBody(), email: user.email } },
        { label: 'nothing given', status: 400, url: path, payload: {} },
      ];
    },
    'PATCH /api/auth/updateUser/:id': async (path) => {
      const [user, other] = [await fresh('users'), await fresh('users')];
      const url = path.replace(':id', user._id);
      return [
        { label: 'renamed', status: 200, url, payload: { first_name: 'Huda' } },
        { label: 'a taken email', status: 409, url, payload: { email: other.email } },
        {
          label: 'passwords differ',
          status: 400,
          url,
          payload: { password: STRONG, password_confirm: 'x' },
        },
        {
          label: 'a weak password',
          status: 400,
          url,
          payload: { password: 'secret123', password_confirm: 'secret123' },
        },
        {
          label: 'made a manager',
          status: 200,
          url,
          payload: { role: 'manager' },
          body: { role: 'manager' },
        },
        {
          label: "one's own password",
          status: 409,
          url: path.replace(':id', staffId),
          payload: { password: STRONG, password_confirm: STRONG },
          code: 'OWN_ACCOUNT',
        },
        {
          label: "one's own role",
          status: 409,
          url: path.replace(':id', staffId),
          payload: { role: 'cashier' },
          code: 'OWN_ACCOUNT',
        },
      ];
    },
    'DELETE /api/auth/deleteUser/:id': async (path) => [
      { label: 'deleted', status: 200, url: path.replace(':id', (await fresh('users'))._id) },
      { label: 'oneself', status: 409, url: path.replace(':id', staffId), code: 'OWN_ACCOUNT' },
    ],
    'GET /api/trips/filterTrips': async (path) => {
      const { trip_originId, trip_destinationId, trip_date } = sale.trip;
      const query = new URLSearchParams({
        origin: trip_originId._id,
        destination: trip_destinationId._id,
        date: trip_date,
      });
      return [
        { label: 'found', status: 200, url: `${path}?${query}`, anonymous: true },
        { label: 'no date', status: 400, url: `${path}?origin=a&destination=b`, anonymous: true },
      ];
    },
    'GET /api/trips/onSale': async (path) => [{ label: 'on sale', status: 200, url: path, anonymous: true }],
    'GET /api/trips/getTrip/:id': async (path) => [
      { label: 'found', status: 200, url: path.replace(':id', sale.trip._id), anonymous: true },
    ],
    'PATCH /api/trips/cancelTrip/:id': async (path) => {
      const url = path.replace(':id', (await fresh('trips'))._id);
      return [
        { label: 'cancelled', status: 200, url, payload: { isCancelled: true } },
        { label: 'again', status: 409, url, payload: { isCancelled: true } },
      ];
    },
    'POST /api/trips/disrupt': async (path) => {
      const trip = await fresh('trips');
      const body = {
        tripIds: [trip._id],
        action: 'cancel',
        reason_en: 'The road is closed',
        reason_ar: 'الطريق مقفول',
      };
      return [
        { label: 'preview', status: 200, url: path, payload: { ...body, dryRun: true } },
        { label: 'cancelled', status: 200, url: path, payload: body },
        { label: 'no reason', status: 400, url: path, payload: { ...body, reason_ar: '' } },
      ];
    },
    'POST /api/timetables/createTimetable': async (path) => {
      // A timetable that puts trips on sale now, and one on a bus those trips already hold.
      const made = await makeTrip(t, t.token);
      const body = {
        ...validBody('timetables', refs),
        busId: made.bus._id,
        timetable_boarding_time: '9:00 am',
        timetable_from: made.trip.trip_date,
        timetable_until: undefined,
      };
      return [
        {
          label: 'puts trips on sale',
          status: 201,
          url: path,
          payload: { ...body, timetable_boarding_time: '7:00 pm' },
        },
        { label: 'nothing given', status: 400, url: path, payload: {} },
        { label: 'bus busy', status: 409, url: path, payload: body, code: 'BUS_BUSY' },
      ];
    },
    'PATCH /api/timetables/updateTimetable/:id': async (path) => {
      const url = path.replace(':id', (await fresh('timetables'))._id);
      return [
        { label: 'changed', status: 200, url, payload: { timetable_days: [1, 3] } },
        { label: 'a blanked field', status: 400, url, payload: { timetable_from: '' } },
        { label: 'not found', status: 404, url: path.replace(':id', 'nothing'), payload: {} },
      ];
    },
    'POST /api/bookings/moveBooking': async (path) => {
      const { booking, next } = await waitingBooking();
      const proof = { ticketId: booking.ticketId, phone: booking.passengerInfo.phone };
      return [
        { label: 'moved', status: 200, url: path, payload: { ...proof, tripId: next._id }, anonymous: true },
        {
          label: 'again',
          status: 409,
          url: path,
          payload: { ...proof, tripId: next._id },
          anonymous: true,
          code: 'NOT_WAITING',
        },
        {
          label: 'no such ticket',
          status: 404,
          url: path,
          payload: { ...proof, ticketId: '0000000000000', tripId: next._id },
          anonymous: true,
        },
        { label: 'no trip', status: 400, url: path, payload: proof, anonymous: true },
      ];
    },
    'POST /api/bookings/requestRefund': async (path) => {
      const { booking } = await waitingBooking();
      const proof = { ticketId: booking.ticketId, phone: booking.passengerInfo.phone };
      return [
        { label: 'refunded', status: 200, url: path, payload: proof, anonymous: true },
        { label: 'cancelled since', status: 404, url: path, payload: proof, anonymous: true },
        {
          label: 'no phone',
          status: 400,
          url: path,
          payload: { ticketId: booking.ticketId },
          anonymous: true,
        },
      ];
    },
    'POST /api/bookings/requestCode': async (path) => [
      { label: 'sent', status: 202, url: path, payload: { phone: '0912000999' }, anonymous: true },
      { label: 'no phone', status: 400, url: path, payload: {}, anonymous: true },
    ],
    'POST /api/bookings/myBookings': async (path) => {
      await book();
      const phone = PASSENGER.phone;
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/requestCode',
        payload: { phone },
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const texted = await t.database.db
        .selectFrom('messages')
        .select('text')
        .where('kind', '=', 'access_code')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      const code = /\d{6}/.exec(texted.text)![0];
      const { requestId } = asked.json();
      // In order: a wrong code (counted against the request), the right one, and the right one again (used).
      const wrong = { phone, code: code === '000000' ? '000001' : '000000' };
      return [
        {
          label: 'wrong code',
          status: 400,
          url: path,
          payload: { ...wrong, requestId },
          anonymous: true,
          code: 'WRONG_CODE',
        },
        { label: 'found', status: 200, url: path, payload: { phone, code, requestId }, anonymous: true },
        {
          label: 'used',
          status: 400,
          url: path,
          payload: { phone, code, requestId },
          anonymous: true,
          code: 'CODE_EXPIRED',
        },
      ];
    },
    'GET /api/trips/passengers/:id': async (path) => [
      { label: 'list', status: 200, url: path.replace(':id', sale.trip._id) },
    ],
    'GET /api/dashboard/summary': async (path) => [{ label: 'summary', status: 200, url: path }],
    'GET /api/uploads/:name': async (path) => {
      const booking = await book({}, true);
      return [
        { label: 'a proof', status: 200, url: path.replace('/api/uploads/:name', booking.bankakScreenshot) },
      ];
    },
    'POST /api/bookings/createBooking': async (path) => {
      const form = (fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) => ({
        url: path,
        anonymous: true,
        ...multipart(fields, file),
      });
      const seat = nextSeat++;
      const cancelled = await makeTrip(t, t.token);
      await t.staff.patch(`/api/trips/cancelTrip/${cancelled.trip._id}`, { isCancelled: true });
      const keyed = bookingForm({ idempotencyKey: `contract-${Date.now()}` });
      return [
        { label: 'sold', status: 201, ...form(bookingForm({}, [seat])) },
        {
          label: 'with a proof',
          status: 201,
          ...form(bookingForm(), { filename: 'p.png', contentType: 'image/png', data: PNG }),
        },
        { label: 'seat taken', status: 409, ...form(bookingForm({}, [seat])) },
        { label: 'price changed', status: 409, ...form(bookingForm({ totalTicketPrice: '1' })) },
        { label: 'trip cancelled', status: 409, ...form(bookingFields(cancelled.trip, [1])) },
        { label: 'keyed', status: 201, ...form(keyed) },
        { label: 'key reused', status: 409, ...form({ ...keyed, seats: JSON.stringify([nextSeat++]) }) },
        { label: 'no such trip', status: 404, ...form(bookingForm({ tripId: 'no-such-trip' })) },
        { label: 'no passenger', status: 400, ...form(bookingForm({ passengerInfo: '{}' })) },
        {
          label: 'proof not an image',
          status: 415,
          ...form(bookingForm(), { filename: 'p.gif', contentType: 'image/gif', data: GIF }),
        },
      ];
    },
    'GET /api/bookings/filterBookings': async (path) => {
      const booking = await book();
      const query = new URLSearchParams({ ticketId: booking.ticketId, phone: booking.passengerInfo.phone });
      return [
        { label: 'found', status: 200, url: `${path}?${query}`, anonymous: true },
        { label: 'bad ticket id', status: 400, url: `${path}?ticketId=12&phone=0912345678`, anonymous: true },
      ];
    },
    'GET /api/bookings/changeQuote': async (path) => {
      const { booking, later } = await changeable();
      const proof = { ticketId: booking.ticketId, phone: booking.passengerInfo.phone };
      const query = (over: Record<string, string> = {}) =>
        `${path}?${new URLSearchParams({ ...proof, tripId: later._id, seats: '2', ...over })}`;
      return [
        { label: 'quoted', status: 200, url: query(), anonymous: true },
        {
          label: 'two seats for one',
          status: 409,
          url: query({ seats: '2,3' }),
          anonymous: true,
          code: 'SEAT_COUNT',
        },
        { label: 'no such ticket', status: 404, url: query({ ticketId: '0000000000000' }), anonymous: true },
        { label: 'no seats', status: 400, url: query({ seats: '' }), anonymous: true },
      ];
    },
    'POST /api/bookings/changeBooking': async (path) => {
      const { booking, later } = await changeable();
      const payload = {
        ticketId: booking.ticketId,
        phone: booking.passengerInfo.phone,
        tripId: later._id,
        seats: [2],
      };
      return [
        { label: 'awaits the difference', status: 200, url: path, payload, anonymous: true },
        { label: 'again', status: 409, url: path, payload, anonymous: true, code: 'CHANGE_PENDING' },
        {
          label: 'no such ticket',
          status: 404,
          url: path,
          payload: { ...payload, ticketId: '0000000000000' },
          anonymous: true,
        },
        { label: 'no seats', status: 400, url: path, payload: { ...payload, seats: [] }, anonymous: true },
      ];
    },
    'GET /api/bookings/cancellationQuote': async (path) => {
      const booking = await book();
      const query = new URLSearchParams({ ticketId: booking.ticketId, phone: booking.passengerInfo.phone });
      return [
        { label: 'quoted', status: 200, url: `${path}?${query}`, anonymous: true },
        {
          label: 'no such ticket',
          status: 404,
          url: `${path}?ticketId=0000000000000&phone=0912345678`,
          anonymous: true,
        },
        { label: 'bad phone', status: 400, url: `${path}?ticketId=0000000000000&phone=1`, anonymous: true },
        {
          label: 'a seat not its own',
          status: 409,
          url: `${path}?${query}&seats=${booking.seats[0]},999`,
          anonymous: true,
        },
      ];
    },
    'GET /api/bookings/ticket': async (path) => {
      const booking = await book();
      const query = new URLSearchParams({ ticketId: booking.ticketId, phone: booking.passengerInfo.phone });
      return [
        { label: 'the PDF', status: 200, url: `${path}?${query}`, anonymous: true },
        {
          label: 'no such ticket',
          status: 404,
          url: `${path}?ticketId=0000000000000&phone=0912345678`,
          anonymous: true,
        },
        { label: 'no phone', status: 400, url: `${path}?ticketId=0000000000000`, anonymous: true },
      ];
    },
    'PATCH /api/bookings/cancelBooking/:id': async (path) => {
      const booking = await book();
      const url = path.replace(':id', booking._id);
      const proof = { ticketId: booking.ticketId, phone: booking.passengerInfo.phone };
      return [
        {
          label: 'not theirs',
          status: 403,
          url,
          payload: { ...proof, phone: '0999999999' },
          anonymous: true,
        },
        { label: 'by the traveller', status: 200, url, payload: proof, anonymous: true },
        { label: 'again, by staff', status: 409, url, payload: {} },
      ];
    },
    'PATCH /api/bookings/cancelSeats/:id': async (path) => {
      const seats = [nextSeat++, nextSeat++];
      const booking = await book({}, false, seats);
      const url = path.replace(':id', booking._id);
      const proof = { ticketId: booking.ticketId, phone: booking.passengerInfo.phone };
      return [
        {
          label: 'not theirs',
          status: 403,
          url,
          payload: { ...proof, phone: '0999999999', seats: [seats[0]] },
          anonymous: true,
        },
        { label: 'no seat', status: 400, url, payload: { ...proof, seats: [] }, anonymous: true },
        { label: 'not its seat', status: 409, url, payload: { ...proof, seats: [999] }, anonymous: true },
        { label: 'one seat', status: 200, url, payload: { ...proof, seats: [seats[0]] }, anonymous: true },
        {
          label: 'no such booking, by staff',
          status: 404,
          url: path.replace(':id', 'nope'),
          payload: { seats: [1] },
        },
      ];
    },
    'DELETE /api/bookings/deleteBooking/:id': async (path) => [
      { label: 'deleted', status: 200, url: path.replace(':id', (await book())._id) },
    ],
    'POST /api/bookings/submitProof': async (path) => {
      const booking = await book();
      const fields = {
        ticketId: booking.ticketId,
        phone: booking.passengerInfo.phone,
        paymentReference: 'CT-LATER-1',
        paymentMethod: 'bankak',
      };
      const form = (values: Record<string, string>, data?: Buffer, contentType = 'image/png') => ({
        url: path,
        anonymous: true,
        ...multipart(values, data && { filename: 'proof', contentType, data }),
      });
      const image = makePng(2, 2, [201, ++proofs % 256, 14]);
      const gone = await cancelled(await book());
      const goneFields = { ...fields, ticketId: gone.ticketId, phone: gone.passengerInfo.phone };
      return [
        {
          label: 'a cancelled booking',
          status: 409,
          ...form(goneFields, makePng(2, 2, [202, proofs % 256, 15])),
          code: 'PROOF_NOT_WANTED',
          body: { paymentStatus: 'cancelled' },
        },
        { label: 'not an image', status: 415, ...form(fields, GIF, 'image/gif') },
        { label: 'sent later', status: 200, ...form(fields, image) },
        { label: 'again', status: 409, ...form(fields, image) },
        { label: 'no such booking', status: 404, ...form({ ...fields, ticketId: '0000000000000' }, image) },
        { label: 'no screenshot', status: 400, ...form(fields) },
      ];
    },
    'PATCH /api/bookings/verifyPayment/:id': async (path) => {
      const url = (booking: Doc) => path.replace(':id', booking._id);
      const paid = await bookWithProof();
      await bookWithProof('CT-TWIN-1');
      const twin = await bookWithProof('ct twin 1');
      const gone = await cancelled(await bookWithProof());
      return [
        { label: 'verified', status: 200, url: url(paid) },
        { label: 'again', status: 409, url: url(paid), payload: {} },
        { label: "another booking's reference", status: 409, url: url(twin), payload: {} },
        { label: 'an override without a note', status: 400, url: url(twin), payload: { override: true } },
        {
          label: 'overridden, with a note',
          status: 200,
          url: url(twin),
          payload: { override: true, note: 'Checked the bank app with the traveller' },
        },
        { label: 'cancelled', status: 409, url: url(gone), payload: {} },
      ];
    },
    'PATCH /api/bookings/payInCash/:id': async (path) => {
      const url = (booking: Doc) => path.replace(':id', booking._id);
      const held = await book();
      const price = held.totalTicketPrice[0];
      const proven = await bookWithProof();
      return [
        { label: 'no amount', status: 400, url: url(held), payload: {} },
        { label: 'another amount', status: 409, url: url(held), payload: { totalTicketPrice: price + 1 } },
        { label: 'paid in cash', status: 200, url: url(held), payload: { totalTicketPrice: price } },
        { label: 'again', status: 409, url: url(held), payload: { totalTicketPrice: price } },
        { label: 'a proof waits', status: 409, url: url(proven), payload: { totalTicketPrice: price } },
        {
          label: 'no such booking',
          status: 404,
          url: path.replace(':id', 'nobody'),
          payload: { totalTicketPrice: 1 },
        },
      ];
    },
    'PATCH /api/bookings/rejectPayment/:id': async (path) => {
      const url = (booking: Doc) => path.replace(':id', booking._id);
      const proofed = await bookWithProof();
      const waiting = await book();
      const gone = await cancelled(await bookWithProof());
      const reason = { reason: 'amount_wrong', note: 'Paid 40,000 of 45,000' };
      return [
        { label: 'rejected', status: 200, url: url(proofed), payload: reason },
        { label: 'again', status: 409, url: url(proofed), payload: reason },
        {
          label: 'no proof yet',
          status: 409,
          url: url(waiting),
          payload: { reason: 'other' },
          code: 'NO_PROOF',
        },
        { label: 'a reason not known', status: 400, url: url(proofed), payload: { reason: 'looks fake' } },
        { label: 'cancelled', status: 409, url: url(gone), payload: { reason: 'other' } },
      ];
    },
    'POST /api/bookings/counterSale': async (path) => {
      const sold = counterBody();
      return [
        { label: 'sold', status: 201, url: path, payload: sold },
        { label: 'seat taken', status: 409, url: path, payload: sold },
        { label: 'price changed', status: 409, url: path, payload: counterBody({ totalTicketPrice: 1 }) },
        { label: 'no such trip', status: 404, url: path, payload: counterBody({ tripId: 'no-such-trip' }) },
        {
          label: 'a method not known',
          status: 400,
          url: path,
          payload: counterBody({ paymentMethod: 'gold' }),
        },
      ];
    },
    'GET /api/payments/getQueue': async (path) => {
      await bookWithProof();
      return [
        { label: 'a page', status: 200, url: `${path}?_start=0&_end=10` },
        { label: 'the first page', status: 200, url: path },
        { label: 'an end before the start', status: 200, url: `${path}?_start=5&_end=2`, body: [] },
        { label: 'a bad page', status: 400, url: `${path}?_start=first` },
      ];
    },
    'GET /api/payments/getPayment/:id': async (path) => {
      await bookWithProof('CT-SHARED-1');
      const flagged = await bookWithProof('CT-SHARED-1');
      return [{ label: 'flagged', status: 200, url: path.replace(':id', flagged._id) }];
    },
    'GET /api/payments/getRefunds': async (path) => {
      await refundOwed();
      const repaid = await refundOwed();
      const paid = await t.staff.patch(`/api/payments/markRefundPaid/${repaid._id}`, {
        refundReference: 'CT-REFUND-1',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      return [
        { label: 'owed', status: 200, url: `${path}?_start=0&_end=10` },
        { label: 'paid', status: 200, url: `${path}?status=paid` },
        { label: 'an end before the start', status: 200, url: `${path}?_start=3&_end=0`, body: [] },
        { label: 'a status not known', status: 400, url: `${path}?status=owed` },
      ];
    },
    'GET /api/payments/getCancelledProofs': async (path) => {
      await cancelled(await bookWithProof());
      return [
        { label: 'a page', status: 200, url: `${path}?_start=0&_end=10` },
        { label: 'an end before the start', status: 200, url: `${path}?_start=5&_end=2`, body: [] },
        { label: 'a bad page', status: 400, url: `${path}?_start=first` },
      ];
    },
    'PATCH /api/payments/checkCancelledProof/:id': async (path) => {
      const url = (booking: Doc) => path.replace(':id', booking._id);
      const gone = await cancelled(await bookWithProof());
      const missing = await cancelled(await bookWithProof());
      const live = await bookWithProof();
      const bare = await cancelled(await book());
      await bookWithProof('CT-GONE-TWIN');
      const twin = await cancelled(await bookWithProof('ct gone twin'));
      return [
        { label: 'arrived', status: 200, url: url(gone), payload: { moneyArrived: true } },
        { label: 'did not arrive', status: 200, url: url(missing), payload: { moneyArrived: false } },
        {
          label: 'again',
          status: 409,
          url: url(gone),
          payload: { moneyArrived: false },
          code: 'ALREADY_DECIDED',
        },
        { label: 'live', status: 409, url: url(live), payload: { moneyArrived: true }, code: 'BOOKING_LIVE' },
        { label: 'no proof', status: 409, url: url(bare), payload: { moneyArrived: true }, code: 'NO_PROOF' },
        {
          label: 'flagged',
          status: 409,
          url: url(twin),
          payload: { moneyArrived: true },
          code: 'DUPLICATE_PROOF',
        },
        { label: 'no answer', status: 400, url: url(twin), payload: {} },
      ];
    },
    'PATCH /api/payments/markRefundPaid/:id': async (path) => {
      const url = path.replace(':id', (await refundOwed())._id);
      const unpaid = path.replace(':id', (await book())._id);
      return [
        { label: 'paid', status: 200, url, payload: { refundReference: 'CT-REFUND-2' } },
        { label: 'again', status: 409, url, payload: { refundReference: 'CT-REFUND-3' } },
        { label: 'nothing owed', status: 409, url: unpaid, payload: { refundReference: 'CT-REFUND-4' } },
        { label: 'no reference', status: 400, url, payload: {} },
        {
          label: 'cash, by a cashier: waits for a confirmation',
          status: 202,
          url: path.replace(':id', (await refundOwed())._id),
          payload: { refundMethod: 'cash' },
          headers: { authorization: `Bearer ${roleTokens.cashier}` },
        },
        {
          label: 'cash, by an admin: paid',
          status: 200,
          url: path.replace(':id', (await refundOwed())._id),
          payload: { refundMethod: 'cash' },
        },
      ];
    },
    'PATCH /api/payments/confirmCashRefund/:id': async (path) => {
      const owedInCash = await refundOwed();
      const recorded = await t.app.inject({
        method: 'PATCH',
        url: `/api/payments/markRefundPaid/${owedInCash._id}`,
        headers: { authorization: `Bearer ${roleTokens.cashier}` },
        payload: { refundMethod: 'cash' },
      });
      expect(recorded.statusCode, recorded.body).toBe(202);
      const url = path.replace(':id', owedInCash._id);
      return [
        {
          label: 'recorded again by a transfer',
          status: 409,
          url: `/api/payments/markRefundPaid/${owedInCash._id}`,
          payload: { refundReference: 'CT-REFUND-5' },
          code: 'REFUND_AWAITS_CONFIRMATION',
        },
        { label: 'confirmed', status: 200, url },
        { label: 'again', status: 409, url, code: 'REFUND_ALREADY_PAID' },
        { label: 'none recorded', status: 409, url: path.replace(':id', (await refundOwed())._id) },
      ];
    },
    'GET /api/messages/getAllMessages': async (path) => [
      { label: 'the outbox', status: 200, url: `${path}?failedFirst=true&_start=0&_end=5` },
      { label: 'a status that is none', status: 400, url: `${path}?status=lost` },
    ],
    'GET /api/messages/getMessage/:id': async (path) => [
      { label: 'found', status: 200, url: path.replace(':id', await aMessage('queued')) },
      { label: 'unknown', status: 404, url: path.replace(':id', 'no-such-message') },
    ],
    'PATCH /api/messages/resend/:id': async (path) => {
      const url = path.replace(':id', await aMessage('failed'));
      return [
        { label: 'sent again', status: 200, url },
        { label: 'still on its way', status: 409, url, code: 'MESSAGE_PENDING' },
        { label: 'unknown', status: 404, url: path.replace(':id', 'no-such-message') },
      ];
    },
    'POST /api/messages/broadcast': async (path) => {
      const payload = { tripId: sale.trip._id, text_en: 'The bus leaves late.', text_ar: 'يتأخر قيام البص.' };
      return [
        { label: 'a dry run', status: 200, url: path, payload: { ...payload, dryRun: true } },
        { label: 'queued', status: 202, url: path, payload },
        { label: 'no words', status: 400, url: path, payload: { ...payload, text_en: '' } },
        { label: 'no such trip', status: 404, url: path, payload: { ...payload, tripId: 'no-such-trip' } },
      ];
    },
    'PATCH /api/messages/preferences': async (path) => {
      const booking = await book({}, false);
      const proof = { ticketId: booking.ticketId, phone: booking.passengerInfo.phone };
      return [
        {
          label: 'no more reminders',
          status: 200,
          url: path,
          payload: { ...proof, optOut: true },
          anonymous: true,
        },
        { label: 'no choice given', status: 400, url: path, payload: proof, anonymous: true },
        {
          label: 'not theirs',
          status: 404,
          url: path,
          payload: { ...proof, phone: '0999999999', optOut: true },
          anonymous: true,
        },
      ];
    },
    'POST /api/messages/delivery': async (path) => {
      const id = await aMessage('sent');
      const headers = { authorization: `Bearer ${GATEWAY_TOKEN}` };
      return [
        {
          label: 'delivered',
          status: 200,
          url: path,
          payload: { id, status: 'delivered' },
          headers,
          anonymous: true,
        },
        {
          label: 'without the token',
          status: 401,
          url: path,
          payload: { id, status: 'delivered' },
          anonymous: true,
        },
        {
          label: 'unknown',
          status: 404,
          url: path,
          payload: { id: 'none', status: 'delivered' },
          headers,
          anonymous: true,
        },
      ];
    },
    'POST /api/messages/androidEvents': async (path) => {
      const id = await aMessage('sent');
      const payload = { event: 'sms:delivered', payload: { messageId: id } };
      const timestamp = String(Math.floor(t.app.clock.now().getTime() / 1000));
      const sign = (body: unknown) =>
        createHmac('sha256', ANDROID_KEY)
          .update(JSON.stringify(body) + timestamp)
          .digest('hex');
      const headers = (body: unknown) => ({ 'x-timestamp': timestamp, 'x-signature': sign(body) });
      return [
        { label: 'delivered', status: 200, url: path, payload, headers: headers(payload), anonymous: true },
        { label: 'unsigned', status: 401, url: path, payload, anonymous: true },
        {
          label: 'no message id',
          status: 400,
          url: path,
          payload: { event: 'sms:failed' },
          headers: headers({ event: 'sms:failed' }),
          anonymous: true,
        },
      ];
    },
    'POST /api/payments/importStatement': async (path) => {
      const good = await bookWithProof('CT-ST-1');
      await bookWithProof('CT-ST-2');
      const total = good.totalTicketPrice[0];
      const csv = [
        'Date;Reference;Amount',
        `2026-11-20;CT-ST-1;${total}`,
        '2026-11-20;ct st 2;1',
        `2026-11-20;NOPE-1;${total}`,
        `2026-11-20;CT-ST-1;${total}`,
      ].join('\n');
      const statement = {
        field: 'statement',
        filename: 'statement.csv',
        contentType: 'text/csv',
        data: Buffer.from(csv, 'utf8'),
      };
      const form = (fields: Record<string, string>, withFile = true) => ({
        url: path,
        ...multipart(fields, withFile ? statement : undefined),
      });
      const mapping = JSON.stringify({ reference: 'Reference', amount: 'Amount', date: 'Date' });
      return [
        { label: 'preview', status: 200, ...form({}) },
        { label: 'dry run', status: 200, ...form({ mapping, dryRun: 'true' }) },
        { label: 'imported', status: 200, ...form({ mapping }) },
        { label: 'imported again', status: 200, ...form({ mapping }) },
        {
          label: 'a column not there',
          status: 400,
          ...form({ mapping: JSON.stringify({ reference: 'Ref', amount: 'Amount' }) }),
        },
        { label: 'no file', status: 400, ...form({ mapping }, false) },
      ];
    },
    'GET /api/checkin/trip/:id': async (path) => [
      { label: 'the package', status: 200, url: path.replace(':id', sale.trip._id) },
    ],
    'POST /api/checkin/scans': async (path) => {
      const booking = await book();
      const scan = { tripId: sale.trip._id, scannedAt: new Date().toISOString(), deviceId: 'contract-phone' };
      return [
        {
          label: 'typed by hand',
          status: 200,
          url: path,
          payload: { scans: [{ ...scan, ticketId: booking.ticketId }] },
        },
        {
          label: 'a code not ours',
          status: 200,
          url: path,
          payload: { scans: [{ ...scan, qr: 'not-a-code' }] },
        },
        { label: 'no scans', status: 400, url: path, payload: { scans: [] } },
      ];
    },
    'GET /api/bookings/getPassengers/:id': async (path) => [
      { label: 'its travellers', status: 200, url: path.replace(':id', (await book())._id) },
    ],
    'PATCH /api/bookings/updatePassengers/:id': async (path) => {
      const booking = await book();
      const url = path.replace(':id', booking._id);
      const seat = booking.seats[0] as number;
      return [
        {
          label: 'completed',
          status: 200,
          url,
          payload: {
            passengers: [{ seat, fullName: 'Amna Osman', idType: 'passport', idNumber: 'P01234567' }],
          },
        },
        {
          label: 'a seat not booked',
          status: 400,
          url,
          payload: { passengers: [{ seat: 999, fullName: 'X Y' }] },
        },
      ];
    },
    'GET /api/trips/manifest/:id': async (path) => {
      const url = path.replace(':id', sale.trip._id);
      return ['csv', 'xlsx', 'pdf']
        .map((format) => ({ label: format, status: 200, url: `${url}?format=${format}` }))
        .concat([{ label: 'a format not known', status: 400, url: `${url}?format=docx` }]);
    },
    'GET /api/analytics/occupancy': async (path) => report(path, sale.trip.trip_date),
    // Money is counted by the day it moved: the sale was made today.
    'GET /api/analytics/sales': async (path) => report(path, khartoumToday()),
    'GET /api/analytics/settlement': async (path) => report(path, khartoumToday()),
    'POST /api/shifts/openShift': async (path) => {
      // The staff account's shift (useTestApp) is closed first, so that one opens; it is open again after.
      const open = await openShift(t, t.token);
      expect((await t.staff.patch(`/api/shifts/closeShift/${open}`, { counted: 0 })).statusCode).toBe(200);
      return [
        { label: 'opened', status: 201, url: path, payload: { float: 1500 } },
        { label: 'already open', status: 409, url: path, payload: { float: 1 }, code: 'SHIFT_ALREADY_OPEN' },
        { label: 'a negative float', status: 400, url: path, payload: { float: -1 } },
      ];
    },
    'PATCH /api/shifts/closeShift/:id': async (path) => {
      const url = path.replace(':id', await openShift(t, roleTokens.cashier, 200));
      return [
        { label: 'closed by an admin', status: 200, url, payload: { counted: 150 }, body: { variance: -50 } },
        { label: 'closed already', status: 409, url, payload: { counted: 150 }, code: 'SHIFT_CLOSED' },
        { label: 'no amount', status: 400, url, payload: {} },
        { label: 'unknown', status: 404, url: path.replace(':id', 'no-such-shift'), payload: { counted: 1 } },
      ];
    },
    'GET /api/shifts/getAllShifts': async (path) => [
      { label: 'shifts', status: 200, url: `${path}?_start=0&_end=5` },
      { label: 'a status that is none', status: 400, url: `${path}?status=lost` },
    ],
    'GET /api/shifts/getShift/:id': async (path) => [
      { label: 'found', status: 200, url: path.replace(':id', await openShift(t, t.token)) },
      { label: 'unknown', status: 404, url: path.replace(':id', 'no-such-shift') },
    ],
    'POST /api/conductors/assign': async (path) => {
      const conductor = await accountId(t, roleTokens.conductor);
      const payload = { userId: conductor, tripId: sale.trip._id };
      return [
        { label: 'assigned', status: 201, url: path, payload },
        { label: 'assigned already', status: 200, url: path, payload },
        {
          label: 'not a conductor',
          status: 409,
          url: path,
          payload: { ...payload, userId: await accountId(t, roleTokens.cashier) },
          code: 'NOT_A_CONDUCTOR',
        },
        { label: 'unknown trip', status: 404, url: path, payload: { ...payload, tripId: 'no-such-trip' } },
        { label: 'no trip nor day', status: 400, url: path, payload: { userId: conductor } },
      ];
    },
    'DELETE /api/conductors/unassign/:id': async (path) => {
      const bus = await t.database.db
        .selectFrom('buses')
        .select('bus_owner_companyId')
        .where('id', '=', sale.bus._id)
        .executeTakeFirstOrThrow();
      const id = await assignConductor(t, t.token, roleTokens.conductor, {
        companyId: bus.bus_owner_companyId,
        date: sale.trip.trip_date,
      });
      return [
        { label: 'taken back', status: 200, url: path.replace(':id', id) },
        { label: 'unknown', status: 404, url: path.replace(':id', 'no-such-assignment') },
      ];
    },
    'GET /api/conductors/getAssignments': async (path) => [
      { label: "a trip's", status: 200, url: `${path}?tripId=${sale.trip._id}` },
      { label: 'a page past the end', status: 400, url: `${path}?_start=-1` },
    ],
    'GET /api/conductors/getConductors': async (path) => [
      { label: 'conductors', status: 200, url: path },
      { label: 'a bad page', status: 400, url: `${path}?_end=x` },
    ],
    'PATCH /api/buses/updateBus/:id': async (path) => [
      // The sale's trip has sold seats above 2.
      {
        label: 'shrunk below a sold seat',
        status: 409,
        url: path.replace(':id', sale.bus._id),
        payload: { bus_number_of_seats: 2 },
      },
    ],
  };

  /**
   * Whether a route reads a request body: its schema declares one (a JSON body, or a form its handler reads),
   * which the OpenAPI document shows as its requestBody. A route without one never reads what is sent.
   */
  const takesBody = (endpoint: Endpoint) => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> })
      .paths;
    return !!paths[endpoint.route.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()]?.requestBody;
  };

  /** Errors every route can be asked for, from what the route tree says of it. */
  async function probes(endpoint: Endpoint): Promise<Call[]> {
    const calls: Call[] = [];
    const payload = endpoint.hasBody ? (endpoint.sampleBody ?? {}) : undefined;
    if (endpoint.access === 'staff') {
      calls.push({ label: 'no token', status: 401, url: endpoint.url(), payload, anonymous: true });
      const refused = REFUSED_ROLES.find((role) => endpoint.capability && !can(role, endpoint.capability));
      if (refused)
        calls.push({
          label: `a ${refused}`,
          status: 403,
          url: endpoint.url(),
          payload,
          headers: { authorization: `Bearer ${roleTokens[refused]}` },
        });
    }
    if (/:(id|name)\b/.test(endpoint.route)) {
      calls.push({ label: 'an _id too long', status: 400, url: endpoint.url('x'.repeat(65)), payload });
      calls.push({ label: 'an unknown _id', status: 404, url: endpoint.url(), payload });
    }
    if (endpoint.hasBody) {
      const raw = (label: string, status: number, body: string, type: string) =>
        calls.push({ label, status, url: endpoint.url(), payload: body, headers: { 'content-type': type } });
      if (takesBody(endpoint)) {
        raw('unreadable JSON', 400, '{', 'application/json');
        raw('a body too large', 413, TOO_LARGE, 'application/json');
      } else {
        // Never read: the route answers as it does to the same call without a body.
        const bodiless = await send({ label: 'no body', status: 0, url: endpoint.url() }, endpoint.method);
        raw('unreadable JSON it never reads', bodiless.statusCode, '{', 'application/json');
        raw('a body too large it never reads', bodiless.statusCode, TOO_LARGE, 'application/json');
      }
      raw('an unsupported content type', 415, '<trip/>', 'application/xml');
    }
    return calls;
  }

  async function callsOf(endpoint: Endpoint): Promise<Call[]> {
    const route = `${endpoint.method} ${endpoint.route}`;
    const own = customCalls[route] ? await customCalls[route](endpoint.route) : [];
    for (const def of resources) {
      for (const [op, contract] of Object.entries(crudContract(def))) {
        if (key(contract) === route) own.unshift(...(await crudCalls(def, op as Operation, contract.path)));
      }
    }
    return [...own, ...(await probes(endpoint))];
  }

  beforeAll(async () => {
    undeclaredFields.clear();
    staffId = (await t.staff.get('/api/auth/user')).json()._id;
    for (const role of REFUSED_ROLES)
      roleTokens[role] = await staffToken(
        t,
        { email: `${role}.contract@rihla.test`, password: STRONG },
        role,
      );
    refs = await makeReferences(t, t.token);
    sale = await makeTrip(t, t.token, { seats: 60 });
    nextSeat = 3;
    await book({}, false); // seat 3: the bus cannot shrink below it
    const employee = await fresh('employees');
    Object.assign(referred, {
      companies: sale.company._id,
      buses: sale.bus._id,
      origins: sale.origin._id,
      destinations: sale.destination._id,
      prices: sale.price._id,
      trips: sale.trip._id,
      positions: employee.positionId._id,
    });
  });

  it('every route of the app has a contract, and every contract a route', () => {
    const routes = listEndpoints(t.app)
      .filter((e) => e.answer !== 'docs')
      .map(key);
    expect(
      routes.filter((route) => !contracts.has(route)),
      'routes without a contract',
    ).toEqual([]);
    expect(
      [...contracts.keys()].filter((route) => !routes.includes(route)),
      'contracts without a route',
    ).toEqual([]);
  });

  it(
    'every answer of every route matches what its contract declares for its status',
    { timeout: 120_000 },
    async () => {
      const found: string[] = [];
      const endpoints = listEndpoints(t.app).filter((e) => e.answer !== 'docs');
      for (const endpoint of endpoints) {
        const contract = contracts.get(key(endpoint))!;
        const statuses: number[] = [];
        for (const call of await callsOf(endpoint)) {
          const response = await send(call, endpoint.method);
          statuses.push(response.statusCode);
          found.push(...problems(contract, call, response));
        }
        done.set(key(endpoint), statuses);
      }
      expect(found).toEqual([]);
      expect([...undeclaredFields], 'fields beyond the schema').toEqual([]);
    },
  );

  it('reached a success on every route, and an error on every route that declares one', () => {
    for (const [route, statuses] of done) {
      const errors = Object.keys(contracts.get(route)!.responses).filter((s) => s !== '500');
      expect(
        statuses.some((s) => s < 300),
        `${route}: ${statuses}`,
      ).toBe(true);
      if (errors.some((s) => Number(s) >= 400))
        expect(
          statuses.some((s) => s >= 400),
          `${route}: ${statuses}`,
        ).toBe(true);
    }
    const all = [...done.values()].flat();
    for (const status of [200, 201, 400, 401, 403, 404, 409, 413, 415]) expect(all).toContain(status);
  });

  it('a wrong schema fails the check: a trip whose price is text, a search that answers one trip', async () => {
    const wrongPrice = {
      ...tripContract.getTrip,
      responses: {
        ...tripContract.getTrip.responses,
        200: z.object({ trip_ticket_priceId: z.object({ price: z.string() }) }),
      },
    };
    const call: Call = { label: 'found', status: 200, url: `/api/trips/getTrip/${sale.trip._id}` };
    expect(problems(wrongPrice, call, await send(call, 'GET')).join()).toMatch(/price/);
    const notDeclared = { ...tripContract.getTrip, responses: { 404: tripContract.getTrip.responses[404] } };
    expect(problems(notDeclared, call, await send(call, 'GET')).join()).toMatch(/does not declare/);
  });
});

describe('the serializer', () => {
  const serialize = projectingSerializerCompiler({
    schema: userDocument,
    method: 'GET',
    url: '/test/user',
    httpStatus: '200',
  });

  it('sends only the fields the schema declares, and reports the others', () => {
    undeclaredFields.clear();
    const user = {
      _id: 'u1',
      username: 'amna',
      first_name: 'Amna',
      last_name: 'Osman',
      phone_number: '0912345678',
    };
    const sent = JSON.parse(
      serialize({ ...user, email: 'a@b.sd', full_name: 'Amna Osman', password_hash: '$argon2id$…' }),
    );
    expect(sent).toEqual({ ...user, email: 'a@b.sd', full_name: 'Amna Osman' });
    expect([...undeclaredFields]).toEqual(['GET /test/user 200: password_hash']);
  });

  it('keeps what records, unions and nested lists declare, and leaves dates to their own JSON', () => {
    const schema = z.object({
      list: z.array(z.union([z.object({ a: z.number() }), z.object({ b: z.string() })])),
      record: z.record(z.string(), z.object({ n: z.number() })),
      when: z.date(),
      loose: z.unknown(),
    });
    const serializeMixed = projectingSerializerCompiler({
      schema,
      method: 'GET',
      url: '/mixed',
      httpStatus: '200',
    });
    const when = new Date('2026-11-23T10:00:00Z');
    const sent = JSON.parse(
      serializeMixed({
        list: [{ a: 1, secret: 1 }, { b: 'x' }],
        record: { k: { n: 1, hidden: true } },
        when,
        loose: { anything: [1] },
      }),
    );
    expect(sent).toEqual({
      list: [{ a: 1 }, { b: 'x' }],
      record: { k: { n: 1 } },
      when: when.toISOString(),
      loose: { anything: [1] },
    });
  });
});
