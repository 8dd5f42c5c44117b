// The auth matrix: every staff endpoint of the running app × every kind of bad credential answers 401 with a
// JSON message, and 403 to a role its capability (shared/roles.ts) does not list; refresh-token reuse and
// signing out end the session; login is rate-limited per IP and per account and address; cookies, security
// headers (HSTS over HTTPS only) and CORS are what a browser needs to keep a staff session safe.
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { futureDate, makeTrip, newUserBody } from './helpers/fixtures.ts';
import { type Endpoint, listEndpoints, registryPublicRoutes } from './helpers/endpoints.ts';
import { can } from '../../shared/roles.ts';
import { client, dialects, STAFF, staffToken, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** The claims of a token we issued (its session, `sid`). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/**
 * A token as the server would sign it, but for what `options` changes: each bad credential below is wrong in
 * one way only (it names a live session unless told otherwise).
 */
function sign(
  secret: Uint8Array,
  sub: string,
  options: { exp?: number | null; alg?: string; sid?: string | null } = {},
) {
  const jwt = new SignJWT(options.sid === null ? {} : { sid: options.sid })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setSubject(sub)
    .setIssuedAt(now() - 60);
  if (options.exp !== null) jwt.setExpirationTime(options.exp ?? now() + 600);
  return jwt.sign(secret);
}

interface Cookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

/** The Set-Cookie headers of an answer, parsed by hand (not by the test client) so nothing is assumed. */
function setCookies(response: LightMyRequestResponse): Cookie[] {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return lines.map((line) => {
    const [pair, ...rest] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const attribute of rest) {
      const at = attribute.indexOf('=');
      if (at < 0) attributes[attribute.toLowerCase()] = true;
      else attributes[attribute.slice(0, at).toLowerCase()] = attribute.slice(at + 1);
    }
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
  });
}

const cookie = (response: LightMyRequestResponse, name: string) =>
  setCookies(response).find((c) => c.name === name);

function expectJsonMessage(response: LightMyRequestResponse, label = '') {
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  expect(typeof response.json().message, label).toBe('string');
  expect(response.json().message.length, label).toBeGreaterThan(0);
}

const login = (t: TestApp, body: object, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress, headers });

const refresh = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { rihla_refresh: token } });

describe.each(dialects)('auth matrix (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let staffId: string;
  let endpoints: Endpoint[];
  let staffEndpoints: Endpoint[];
  const badCredentials: { label: string; authorization?: string }[] = [];

  beforeAll(async () => {
    staffId = (await t.staff.get('/api/auth/user')).json()._id;
    endpoints = listEndpoints(t.app);
    staffEndpoints = endpoints.filter((e) => e.access === 'staff');

    // A colleague who signs in, then has their account deleted: their still-unexpired token must die too.
    const colleague = newUserBody();
    expect((await t.staff.post('/api/auth/register', colleague)).statusCode).toBe(201);
    const colleagueLogin = await login(t, { email: colleague.email, password: colleague.password });
    const colleagueToken = colleagueLogin.json().access_token as string;
    const colleagueId = colleagueLogin.json().user._id as string;
    expect((await client(t, colleagueToken).get('/api/auth/user')).statusCode).toBe(200);
    expect((await t.staff.delete(`/api/auth/deleteUser/${colleagueId}`)).statusCode).toBe(200);

    // A session signed out since: its access token, still unexpired, must die with it.
    const signedOut = await login(t, STAFF);
    const signedOutToken = signedOut.json().access_token as string;
    expect((await client(t, signedOutToken).get('/api/auth/user')).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { rihla_refresh: cookie(signedOut, 'rihla_refresh')!.value },
    });
    expect(logout.statusCode).toBe(200);

    // An account that exists and is live, for a token naming it with another account's session.
    const bystander = await t.staff.post('/api/auth/register', newUserBody());
    expect(bystander.statusCode).toBe(201);

    const otherKey = randomBytes(48);
    const [header, payload] = t.token.split('.');
    const sid = claimsOf(t.token).sid as string;
    // The forged tokens below carry a live session of the right user: only what their label says is wrong.
    expect(
      (await client(t, await sign(t.app.jwtSecret, staffId, { sid })).get('/api/auth/user')).statusCode,
    ).toBe(200);
    badCredentials.push(
      { label: 'no token' },
      { label: 'malformed token', authorization: 'Bearer not.a.jwt' },
      { label: 'garbage after Bearer', authorization: `Bearer ${'A'.repeat(4000)}` },
      { label: 'token without the Bearer scheme', authorization: t.token },
      { label: 'Basic scheme', authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
      { label: 'tampered signature', authorization: `Bearer ${header}.${payload}.${'A'.repeat(43)}` },
      {
        label: 'expired token',
        authorization: `Bearer ${await sign(t.app.jwtSecret, staffId, { sid, exp: now() - 60 })}`,
      },
      {
        label: 'token without an expiry',
        authorization: `Bearer ${await sign(t.app.jwtSecret, staffId, { sid, exp: null })}`,
      },
      {
        label: 'token without a session',
        authorization: `Bearer ${await sign(t.app.jwtSecret, staffId, { sid: null })}`,
      },
      {
        label: 'token naming a session that does not exist',
        authorization: `Bearer ${await sign(t.app.jwtSecret, staffId, { sid: 'no-such-session' })}`,
      },
      {
        label: 'token of the session of another user',
        authorization: `Bearer ${await sign(t.app.jwtSecret, bystander.json()._id, { sid })}`,
      },
      {
        label: 'token signed with another key',
        authorization: `Bearer ${await sign(otherKey, staffId, { sid })}`,
      },
      { label: 'unsigned token (alg none)', authorization: `Bearer ${b64({ alg: 'none' })}.${payload}.` },
      {
        label: 'token signed with the right key but HS512',
        authorization: `Bearer ${await sign(t.app.jwtSecret, staffId, { sid, alg: 'HS512' })}`,
      },
      { label: 'token of a user deleted since', authorization: `Bearer ${colleagueToken}` },
      { label: 'token of a session signed out since', authorization: `Bearer ${signedOutToken}` },
      {
        label: 'valid signature, unknown subject',
        authorization: `Bearer ${await sign(t.app.jwtSecret, 'nobody', { sid })}`,
      },
    );
  });

  it('reads every endpoint from the app and classifies it', () => {
    const routes = (list: Endpoint[]) => list.map((e) => `${e.method} ${e.route}`);
    expect(staffEndpoints.length).toBeGreaterThan(60);
    expect(routes(staffEndpoints)).toEqual(
      expect.arrayContaining([
        'GET /api/dashboard/summary',
        'GET /api/uploads/:name',
        'DELETE /api/bookings/deleteBooking/:id',
        'GET /api/bookings/getAllBookings',
        'GET /api/trips/passengers/:id',
        'PATCH /api/trips/cancelTrip/:id',
        'GET /api/auth/user',
        'PATCH /api/auth/changePassword',
        'POST /api/auth/register',
        'GET /api/auth/getAllusers',
        'GET /api/activity/getAllActivity',
        'GET /api/activity/getActivity/:id',
        // The API's map is for staff (PUBLIC_API_DOCS=1 opens it: tests/server/openapi.test.ts).
        'GET /api/docs/json',
      ]),
    );
    for (const route of registryPublicRoutes()) expect(routes(endpoints)).toContain(route);
    expect(routes(endpoints.filter((e) => e.access === 'traveller'))).toEqual([
      'PATCH /api/bookings/cancelBooking/:id',
      'PATCH /api/bookings/cancelSeats/:id',
      'POST /api/bookings/changeBooking',
      'POST /api/bookings/moveBooking',
      'POST /api/bookings/requestRefund',
    ]);
  });

  it('each staff endpoint declares the capability shared/roles.ts gives it, and nothing else does', () => {
    const declared = new Map(
      t.app.routeAccess.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    const wrong: string[] = [];
    for (const endpoint of endpoints) {
      const key = `${endpoint.method} ${endpoint.route}`;
      const expected = endpoint.access === 'staff' ? endpoint.capability : 'public';
      if (expected === undefined) wrong.push(`${key}: a staff route the tests know no capability of`);
      else if (declared.get(key) !== expected)
        wrong.push(`${key}: declares ${declared.get(key)}, not ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the valid token is accepted everywhere (so the 401s below mean something)', async () => {
    for (const endpoint of staffEndpoints) {
      const response = await t.app.inject({
        method: endpoint.method,
        url: endpoint.url(),
        payload: endpoint.hasBody ? {} : undefined,
        headers: { authorization: `Bearer ${t.token}` },
      });
      expect(response.statusCode, `${endpoint.method} ${endpoint.route}`).not.toBe(401);
      expect(response.statusCode, `${endpoint.method} ${endpoint.route}`).toBeLessThan(500);
    }
  });

  it('public endpoints really are open: no 401 without a token', async () => {
    for (const endpoint of endpoints.filter((e) => e.access === 'public' && e.method === 'GET')) {
      const response = await t.app.inject({ method: 'GET', url: endpoint.url() });
      expect(response.statusCode, endpoint.route).not.toBe(401);
      expect(response.statusCode, endpoint.route).toBeLessThan(500);
    }
  });

  it('every staff endpoint × every bad credential answers 401 with a JSON message', async () => {
    let checked = 0;
    for (const endpoint of staffEndpoints) {
      for (const { label, authorization } of badCredentials) {
        const response = await t.app.inject({
          method: endpoint.method,
          url: endpoint.url(),
          // A body the endpoint would refuse: the guard must answer before validation does.
          payload: endpoint.hasBody ? { unexpected: ['x'] } : undefined,
          headers: authorization ? { authorization } : {},
        });
        const what = `${endpoint.method} ${endpoint.route} with ${label}`;
        expect(response.statusCode, what).toBe(401);
        expectJsonMessage(response, what);
        expect(response.body, what).not.toMatch(/staff@rihla|argon2|password_hash|\bat \w+ \(/);
        checked++;
      }
    }
    expect(checked).toBe(staffEndpoints.length * badCredentials.length);
  });

  it("every staff endpoint a conductor's role does not allow answers 403 with a JSON message, before reading the body", async () => {
    const conductor = await staffToken(
      t,
      { email: 'conductor.matrix@rihla.test', password: 'dune-camel-lantern-48' },
      'conductor',
    );
    const allowed: string[] = [];
    for (const endpoint of staffEndpoints) {
      const what = `${endpoint.method} ${endpoint.route}`;
      const response = await t.app.inject({
        method: endpoint.method,
        url: endpoint.url(),
        payload: endpoint.hasBody ? { unexpected: ['x'] } : undefined,
        headers: { authorization: `Bearer ${conductor}` },
      });
      if (can('conductor', endpoint.capability!)) {
        allowed.push(what);
        expect([401, 403], `${what}: ${response.body}`).not.toContain(response.statusCode);
        expect(response.statusCode, what).toBeLessThan(500);
        continue;
      }
      expect(response.statusCode, `${what}: ${response.body}`).toBe(403);
      expectJsonMessage(response, what);
      expect(response.body, what).not.toMatch(/errors|unexpected|argon2|password_hash/);
    }
    // The policy, said once more by hand: a conductor reads trips, their passengers and what a trip shows,
    // completes who sits where, and boards travellers.
    expect(allowed.filter((what) => !what.startsWith('GET /api/docs')).sort()).toEqual(
      [
        'GET /api/auth/user',
        'PATCH /api/auth/changePassword',
        'GET /api/trips/getAllTrips',
        'GET /api/timetables/getAllTimetables',
        'GET /api/timetables/getTimetable/:id',
        'GET /api/trips/passengers/:id',
        'GET /api/trips/manifest/:id',
        'GET /api/bookings/getPassengers/:id',
        'PATCH /api/bookings/updatePassengers/:id',
        'GET /api/checkin/trip/:id',
        'POST /api/checkin/scans',
        'GET /api/companies/getAllCompanies',
        'GET /api/companies/getCompany/:id',
        'GET /api/buses/getAllBuses',
        'GET /api/buses/getBus/:id',
        'GET /api/origins/getOrigin/:id',
        'GET /api/destination/getDestination/:id',
        'GET /api/prices/getAllPrices',
        'GET /api/prices/getPrice/:id',
      ].sort(),
    );
    // Nothing was changed by the refused writes.
    expect((await t.staff.get('/api/auth/user')).json().role).toBe('admin');
  });

  it('a bad token never counts as staff where travellers may also call (cancelBooking → 403)', async () => {
    const { trip } = await makeTrip(t, t.token, { date: futureDate(9) });
    const created = await client(t).post('/api/bookings/createBooking', {
      tripId: trip._id,
      seats: [1],
      passengerInfo: { firstName: 'Hiba', lastName: 'Omer', phone: '0911222333' },
      totalTicketPrice: trip.trip_ticket_priceId.price,
      bookingDate: new Date().toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json().booking;
    for (const { label, authorization } of badCredentials) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/cancelBooking/${booking._id}`,
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, label).toBe(403);
      expectJsonMessage(response, label);
    }
    expect((await t.staff.get(`/api/bookings/getBooking/${booking._id}`)).json().isCancelled).toBe(false);
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/cancelBooking/${booking._id}`,
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().isCancelled).toBe(true);
  });

  describe('refresh tokens', () => {
    it('rotates on use; a token used twice is refused and ends the whole session', async () => {
      const first = await login(t, STAFF);
      const r1 = cookie(first, 'rihla_refresh')!.value;
      expect(first.body).not.toContain(r1);

      const rotated = await refresh(t, r1);
      expect(rotated.statusCode).toBe(200);
      expect(rotated.json().access_token).toEqual(expect.any(String));
      const r2 = cookie(rotated, 'rihla_refresh')!.value;
      expect(r2).not.toBe(r1);

      const reused = await refresh(t, r1);
      expect(reused.statusCode).toBe(401);
      expectJsonMessage(reused);
      const cleared = cookie(reused, 'rihla_refresh')!;
      expect(cleared.value).toBe('');
      expect(cleared.attributes.path).toBe('/api/auth');

      // The legitimate holder's newer token died with the session.
      const afterReuse = await refresh(t, r2);
      expect(afterReuse.statusCode).toBe(401);
      expectJsonMessage(afterReuse);
    });

    it('two concurrent refreshes with one token: at most one wins, and the session ends', async () => {
      const r1 = cookie(await login(t, STAFF), 'rihla_refresh')!.value;
      const answers = await Promise.all([refresh(t, r1), refresh(t, r1)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
      const winner = answers.find((a) => a.statusCode === 200)!;
      expect((await refresh(t, cookie(winner, 'rihla_refresh')!.value)).statusCode).toBe(401);
    });

    it('logout revokes the refresh token; unknown and missing cookies answer 401', async () => {
      const r1 = cookie(await login(t, STAFF), 'rihla_refresh')!.value;
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { rihla_refresh: r1 },
      });
      expect(out.statusCode).toBe(200);
      expect(cookie(out, 'rihla_refresh')).toMatchObject({ value: '', attributes: { path: '/api/auth' } });
      expect(cookie(out, 'rihla_staff')).toMatchObject({ value: '', attributes: { path: '/' } });
      expect((await refresh(t, r1)).statusCode).toBe(401);
      for (const bad of [randomBytes(32).toString('base64url'), "' OR 1=1 --", 'x'.repeat(5000)]) {
        const response = await refresh(t, bad);
        expect(response.statusCode).toBe(401);
        expectJsonMessage(response);
      }
      const none = await t.app.inject({ method: 'POST', url: '/api/auth/refresh' });
      expect(none.statusCode).toBe(401);
      expectJsonMessage(none);
    });

    it('a deleted user’s refresh token is refused', async () => {
      const body = newUserBody();
      await t.staff.post('/api/auth/register', body);
      const signedIn = await login(t, { email: body.email, password: body.password });
      const r1 = cookie(signedIn, 'rihla_refresh')!.value;
      await t.staff.delete(`/api/auth/deleteUser/${signedIn.json().user._id}`);
      expect((await refresh(t, r1)).statusCode).toBe(401);
    });
  });

  describe('cookies', () => {
    it('the refresh cookie is httpOnly, SameSite=Strict, scoped to /api/auth; the hint carries no secret', async () => {
      const response = await login(t, STAFF);
      expect(response.statusCode).toBe(200);
      const refreshCookie = cookie(response, 'rihla_refresh')!;
      expect(refreshCookie.value.length).toBeGreaterThanOrEqual(40);
      expect(refreshCookie.attributes.httponly).toBe(true);
      expect(String(refreshCookie.attributes.samesite).toLowerCase()).toBe('strict');
      expect(refreshCookie.attributes.path).toBe('/api/auth');
      expect(Number(refreshCookie.attributes['max-age'])).toBe(30 * 24 * 60 * 60);
      const hint = cookie(response, 'rihla_staff')!;
      expect(hint.value).toBe('1');
      expect(String(hint.attributes.samesite).toLowerCase()).toBe('strict');
      expect(hint.attributes.path).toBe('/');
      // The browser is remembered for this account (a lock-out on the account does not stop it): a signed
      // value no script can read, sent only to /api/auth.
      const device = cookie(response, 'rihla_device')!;
      expect(device.attributes.httponly).toBe(true);
      expect(String(device.attributes.samesite).toLowerCase()).toBe('strict');
      expect(device.attributes.path).toBe('/api/auth');
      expect(Number(device.attributes['max-age'])).toBe(365 * 24 * 60 * 60);
      expect(device.value).not.toContain(STAFF.password);
      expect(device.value).not.toBe(refreshCookie.value);
      // The access token lives in the client's memory, never in a cookie.
      expect(
        setCookies(response)
          .map((c) => c.name)
          .sort(),
      ).toEqual(['rihla_device', 'rihla_refresh', 'rihla_staff']);

      const rotated = cookie(await refresh(t, refreshCookie.value), 'rihla_refresh')!;
      expect(rotated.attributes).toMatchObject({ httponly: true, path: '/api/auth' });
      expect(String(rotated.attributes.samesite).toLowerCase()).toBe('strict');
    });

    it('answers holding tokens or the account are never cached (Cache-Control: no-store)', async () => {
      const signedIn = await login(t, STAFF);
      const answers = [
        signedIn,
        await refresh(t, cookie(signedIn, 'rihla_refresh')!.value),
        await t.staff.get('/api/auth/user'),
        await login(t, { email: STAFF.email, password: 'wrong-password' }),
      ];
      for (const response of answers) {
        expect(response.headers['cache-control'], response.body.slice(0, 80)).toBe('no-store');
      }
    });

    it('a JSON login cannot be forged by a cross-site HTML form (text/plain, urlencoded bodies are not read as JSON)', async () => {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': contentType },
          payload: JSON.stringify(STAFF),
        });
        expect([400, 415], contentType).toContain(response.statusCode);
        expectJsonMessage(response, contentType);
        expect(cookie(response, 'rihla_refresh')).toBeUndefined();
      }
    });
  });

  describe('security headers and CORS', () => {
    // The same app behind a TLS-terminating proxy (TRUST_PROXY=1), asked over HTTPS (X-Forwarded-Proto):
    // HSTS is sent over HTTPS only.
    const secure = useTestApp(dialect, { env: { TRUST_PROXY: '1' } });
    const OVER_HTTPS = { 'x-forwarded-proto': 'https' };

    const requests = (app: TestApp & { token: string } = t) => [
      { label: 'health', method: 'GET' as const, url: '/api/health' },
      { label: '404', method: 'GET' as const, url: '/api/no/such/call' },
      { label: '400', method: 'GET' as const, url: '/api/trips/filterTrips' },
      { label: 'staff list', method: 'GET' as const, url: '/api/trips/getAllTrips', token: app.token },
      {
        label: 'login refused',
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: { email: 'a@b.cd', password: 'wrong-pass' },
      },
    ];

    /** The access guard's refusals: no session (401), a role that may not (403). */
    const refusals = async (app: TestApp = t) => [
      { label: '401 without a token', method: 'GET' as const, url: '/api/dashboard/summary' },
      {
        label: '401 with a bad token',
        method: 'GET' as const,
        url: '/api/dashboard/summary',
        token: 'not.a.token',
      },
      {
        label: '403 to a conductor',
        method: 'GET' as const,
        url: '/api/dashboard/summary',
        token: await staffToken(
          app,
          { email: 'conductor.headers@rihla.test', password: 'dune-camel-lantern-48' },
          'conductor',
        ),
      },
    ];

    /**
     * An API answer is never a page: nothing in it may load or run, nothing may frame it, no other site may
     * read it; the headers that only mean something to a page are not sent (420 bytes on every answer).
     */
    function expectSecurityHeaders(response: LightMyRequestResponse, label: string, https = false) {
      const h = response.headers;
      expect(h['content-security-policy'], label).toBe("default-src 'none';frame-ancestors 'none'");
      expect(h['x-content-type-options'], label).toBe('nosniff');
      expect(h['x-frame-options'], label).toBe('DENY');
      expect(h['cross-origin-resource-policy'], label).toBe('same-origin');
      expect(h['referrer-policy'], label).toBe('no-referrer');
      for (const pageOnly of ['cross-origin-opener-policy', 'x-xss-protection', 'x-download-options'])
        expect(h[pageOnly], `${label}: ${pageOnly}`).toBeUndefined();
      expectTransportHeaders(response, label, https);
    }

    function expectTransportHeaders(response: LightMyRequestResponse, label: string, https: boolean) {
      const h = response.headers;
      if (https) expect(String(h['strict-transport-security']), label).toMatch(/max-age=\d{7,}/);
      else expect(h['strict-transport-security'], `${label} over HTTP`).toBeUndefined();
      expect(h['x-powered-by'], label).toBeUndefined();
    }

    // The headers follow the route a request reaches, as the access guard does, not how its path is spelt.
    it('an API route reached by an encoded path or an absolute target gets the API headers and no-store', async () => {
      for (const url of ['/%61pi/health', '/ap%69/trips/getAllTrips', 'http://localhost/api/health']) {
        const response = await t.app.inject({ url, headers: { authorization: `Bearer ${t.token}` } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe('no-store');
        expectSecurityHeaders(response, url);
      }
    });

    // Fastify answers these itself (frameworkErrors), before any hook: the answer sets the same headers.
    it('an address the router cannot read is answered as an API error, with the API headers', async () => {
      for (const url of ['/api/trips/getTrip/%E0%A4%A', '/api/bookings/getBooking/%zz']) {
        const response = await t.app.inject({ url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toEqual({ message: 'This address is not valid.' });
        expect(response.headers['cache-control'], url).toBe('no-store');
        expectSecurityHeaders(response, url);
      }
    });

    it('the OpenAPI explorer is a page that no one keeps a copy of', async () => {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const response = await t.app.inject({ url, headers: { authorization: `Bearer ${t.token}` } });
        expect(response.statusCode, url).toBeLessThan(400);
        expect(response.headers['cache-control'], url).toBe('no-store');
        expect(String(response.headers['content-security-policy']), url).not.toBe(
          "default-src 'none';frame-ancestors 'none'",
        );
      }
    });

    it('a page carries the policy both front ends run under, and the headers of a page', async () => {
      for (const https of [false, true]) {
        const app = https ? secure : t;
        for (const url of ['/', '/admin/', '/no/such/page']) {
          const response = await app.app.inject({ url, headers: https ? OVER_HTTPS : {} });
          const h = response.headers;
          const csp = String(h['content-security-policy']);
          expect(csp, url).toContain("default-src 'self'");
          expect(csp, url).toContain("object-src 'none'");
          expect(csp, url).toMatch(/script-src 'self'(;|$)/);
          expect(csp, url).toContain("frame-ancestors 'none'");
          expect(h['x-content-type-options'], url).toBe('nosniff');
          expect(h['x-frame-options'], url).toBe('DENY');
          expect(h['cross-origin-opener-policy'], url).toBe('same-origin');
          expect(h['referrer-policy'], url).toBe('no-referrer');
          expectTransportHeaders(response, url, https);
        }
      }
    });

    it('every API answer carries the strictest CSP, nosniff, frame protection, referrer policy, and HSTS over HTTPS', async () => {
      for (const https of [false, true]) {
        const app = https ? secure : t;
        for (const { label, method, url, token: bearer, payload } of requests(app)) {
          const response = await app.app.inject({
            method,
            url,
            payload,
            headers: {
              ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
              ...(https ? OVER_HTTPS : {}),
            },
          });
          expectSecurityHeaders(response, label, https);
        }
      }
    });

    // Its refusals leave before any later onRequest hook runs: the headers must be set before it.
    it('the access guard’s 401 and 403 answers carry the security headers too', async () => {
      for (const https of [false, true]) {
        const app = https ? secure : t;
        for (const { label, method, url, token: bearer } of await refusals(app)) {
          const response = await app.app.inject({
            method,
            url,
            headers: {
              ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
              ...(https ? OVER_HTTPS : {}),
            },
          });
          expect(response.statusCode, label).toBe(Number(label.slice(0, 3)));
          expectSecurityHeaders(response, label, https);
        }
      }
    });

    it('a cross-origin request gets no Access-Control-Allow-Origin, whatever it asks', async () => {
      for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
        for (const { label, method, url, token: bearer, payload } of [
          ...requests(),
          ...(await refusals()),
        ] as { label: string; method: 'GET' | 'POST'; url: string; token?: string; payload?: object }[]) {
          const response = await t.app.inject({
            method,
            url,
            payload,
            headers: { origin, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
          });
          expect(response.headers['access-control-allow-origin'], `${label} from ${origin}`).toBeUndefined();
          expect(response.headers['access-control-allow-credentials'], label).toBeUndefined();
        }
      }
    });

    it('a preflight from another origin is not granted', async () => {
      for (const url of [
        '/api/auth/login',
        '/api/auth/refresh',
        '/api/bookings/createBooking',
        '/api/trips/getAllTrips',
      ]) {
        const response = await t.app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin: 'https://evil.example',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type, authorization',
          },
        });
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
        expect(response.headers['access-control-allow-methods'], url).toBeUndefined();
        expect(response.headers['access-control-allow-headers'], url).toBeUndefined();
        expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
      }
    });
  });
});

describe.each(dialects)('login rate limits (%s)', (dialect) => {
  describe('per IP', () => {
    // Signing in creates the account (one attempt from 127.0.0.1).
    const t = useTestApp(dialect, {
      env: { LOGIN_RATE_LIMIT_PER_IP: '3', LOGIN_RATE_LIMIT_PER_EMAIL: '1000' },
    });

    it('answers 429 with a JSON message after the limit, even for the right password, and X-Forwarded-For does not reset it', async () => {
      const ip = '10.1.2.3';
      for (let i = 0; i < 3; i++) {
        const response = await login(t, { email: `someone${i}@example.com`, password: 'wrong-password' }, ip);
        expect(response.statusCode).toBe(401);
      }
      const limited = await login(t, STAFF, ip);
      expect(limited.statusCode).toBe(429);
      expectJsonMessage(limited);
      expect(cookie(limited, 'rihla_refresh')).toBeUndefined();
      const spoofed = await login(t, STAFF, ip, { 'x-forwarded-for': '203.0.113.9' });
      expect(spoofed.statusCode).toBe(429);
      // Another address is not affected.
      expect((await login(t, STAFF, '10.9.9.9')).statusCode).toBe(200);
    });
  });

  describe('per account and address', () => {
    // Only failures count (signing in to make the account does not).
    const t = useTestApp(dialect, {
      env: { LOGIN_RATE_LIMIT_PER_IP: '1000', LOGIN_RATE_LIMIT_PER_EMAIL: '2' },
    });

    it('answers 429 for that account from that address in any letter case, not from other addresses nor for other accounts', async () => {
      for (let i = 0; i < 2; i++) {
        const wrong = await login(t, { email: STAFF.email, password: 'wrong-password' }, '10.0.0.1');
        expect(wrong.statusCode).toBe(401);
      }
      const limited = await login(t, STAFF, '10.0.0.1');
      expect(limited.statusCode).toBe(429);
      expectJsonMessage(limited);
      expect(cookie(limited, 'rihla_refresh')).toBeUndefined();
      const shouted = await login(t, { ...STAFF, email: STAFF.email.toUpperCase() }, '10.0.0.1');
      expect(shouted.statusCode).toBe(429);
      const elsewhere = await login(t, STAFF, '10.0.0.2');
      expect(elsewhere.statusCode).toBe(200);
      const other = await login(t, { email: 'other@rihla.test', password: 'wrong-password' }, '10.0.0.1');
      expect(other.statusCode).toBe(401);
    });
  });

  describe('Secure cookies', () => {
    const t = useTestApp(dialect, { env: { SECURE_COOKIES: '1' }, signIn: false });

    it('SECURE_COOKIES=1 marks both cookies Secure', async () => {
      await staffToken(t);
      const response = await login(t, STAFF);
      expect(cookie(response, 'rihla_refresh')!.attributes.secure).toBe(true);
      expect(cookie(response, 'rihla_staff')!.attributes.secure).toBe(true);
    });
  });
});

describe('CORS_ORIGINS', () => {
  it('grants only the configured origin, with preflight', async () => {
    const { createTestApp: create } = await import('./helpers/test-app.ts');
    const t = await create('sqlite', { CORS_ORIGINS: 'https://partner.example' });
    try {
      const ok = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/trips/filterTrips',
        headers: { origin: 'https://partner.example' },
      });
      expect(ok.statusCode).toBe(204);
      expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
      const evil = await t.app.inject({
        method: 'GET',
        url: '/api/origins/getAllOrigins',
        headers: { origin: 'https://evil.example' },
      });
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
