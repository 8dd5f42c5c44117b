// Roles, generated from the live route tree: every API route declares who may call it, and each role gets
// 403 exactly where the capability it declares does not list that role (and never a 401 or 403 where it
// does). A few rules of the policy itself are spelled out by hand, and a route that declares nothing is
// refused to everyone.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, type Capability, ROLES, type Role } from '../../shared/roles.ts';
import { enforceAccess } from '../../server/auth/staff-guard.ts';
import { SAMPLE_ID, SAMPLE_UPLOAD } from './helpers/endpoints.ts';
import { dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const fill = (url: string) =>
  url.replace(':id', SAMPLE_ID).replace(':name', SAMPLE_UPLOAD).replace(/\*$/, 'index.html');

describe.each(dialects)('roles (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const tokens = {} as Record<Role, string>;
  const call = (role: Role | undefined, method: string, url: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: role ? { authorization: `Bearer ${tokens[role]}` } : {},
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });

  it('signs in one account of each role', async () => {
    for (const role of ROLES)
      tokens[role] = await staffToken(
        t,
        { email: `${role}@roles.rihla.test`, password: 'kassala-acacia-ferry' },
        role,
      );
    expect(Object.keys(tokens).sort()).toEqual([...ROLES].sort());
  });

  const apiRoutes = () =>
    t.app.routeAccess.filter(
      (route) => route.url.startsWith('/api') && !['HEAD', 'OPTIONS'].includes(route.method),
    );

  it('has every API route declare who may call it', () => {
    const undeclared = apiRoutes().filter((route) => route.access === undefined);
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(80);
  });

  it(
    'answers each role 403 exactly where its route’s capability does not list it',
    { timeout: 120_000 },
    async () => {
      const wrong: string[] = [];
      for (const route of apiRoutes()) {
        if (route.access === 'public') continue;
        const allowed = CAPABILITIES[route.access as Capability] as readonly string[];
        const url = fill(route.url);
        expect(
          (await call(undefined, route.method, url)).statusCode,
          `${route.method} ${route.url} anonymous`,
        ).toBe(401);
        for (const role of ROLES) {
          const status = (await call(role, route.method, url)).statusCode;
          const ok = allowed.includes(role) ? status !== 401 && status !== 403 : status === 403;
          if (!ok) wrong.push(`${role} ${route.method} ${route.url} (${route.access}) → ${status}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('keeps the policy: what each role may and may not do', async () => {
    const expectations: [Role, string, string, boolean][] = [
      ['cashier', 'GET', '/api/auth/getAllusers', false],
      ['manager', 'GET', '/api/auth/getAllusers', false],
      ['admin', 'GET', '/api/auth/getAllusers', true],
      ['manager', 'POST', '/api/auth/register', false],
      ['cashier', 'POST', '/api/bookings/counterSale', true],
      ['conductor', 'POST', '/api/bookings/counterSale', false],
      ['cashier', 'GET', '/api/payments/getQueue', true],
      ['conductor', 'PATCH', `/api/bookings/verifyPayment/${SAMPLE_ID}`, false],
      ['cashier', 'DELETE', `/api/bookings/deleteBooking/${SAMPLE_ID}`, false],
      ['manager', 'DELETE', `/api/bookings/deleteBooking/${SAMPLE_ID}`, true],
      ['cashier', 'GET', '/api/trips/getAllTrips', true],
      ['cashier', 'POST', '/api/trips/createTrip', false],
      ['conductor', 'GET', `/api/trips/passengers/${SAMPLE_ID}`, true],
      ['conductor', 'GET', '/api/bookings/getAllBookings', false],
      ['manager', 'GET', '/api/activity/getAllActivity', true],
      ['cashier', 'GET', '/api/activity/getAllActivity', false],
      ['conductor', 'GET', '/api/auth/user', true],
      ['cashier', 'GET', '/api/employees/getAllEmployees', false],
      ['manager', 'POST', '/api/companies/createCompany', true],
    ];
    for (const [role, method, url, may] of expectations) {
      const status = (await call(role, method, url)).statusCode;
      if (may) expect([401, 403], `${role} ${method} ${url} → ${status}`).not.toContain(status);
      else expect(status, `${role} ${method} ${url}`).toBe(403);
    }
  });

  it('lets a conductor read a trip’s passengers but not cancel its bookings', async () => {
    const cancel = await call('conductor', 'PATCH', `/api/bookings/cancelBooking/${SAMPLE_ID}`);
    // Without the ticket id and phone a conductor is a traveller who proves nothing.
    expect(cancel.statusCode).toBe(403);
  });
});

describe('a route that declares nothing', () => {
  it('is refused to everyone, whoever asks', async () => {
    const app = Fastify();
    enforceAccess(app, 'self');
    app.get('/api/undeclared', async () => ({ secret: true }));
    app.get('/api/open', { config: { access: 'public' } }, async () => ({ ok: true }));
    app.get('/page', async () => 'a front-end page');
    await app.ready();
    const undeclared = await app.inject({
      url: '/api/undeclared',
      headers: { authorization: 'Bearer whatever' },
    });
    expect(undeclared.statusCode).toBe(403);
    expect(undeclared.body).not.toContain('secret');
    expect((await app.inject({ url: '/api/open' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/page' })).statusCode).toBe(200);
    expect(app.routeAccess.find((route) => route.url === '/api/undeclared')?.access).toBeUndefined();
    await app.close();
  });
});
