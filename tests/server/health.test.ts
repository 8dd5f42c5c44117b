import { describe, expect, it } from 'vitest';
import { dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('health and unknown calls (%s)', (dialect) => {
  const t = useTestApp(dialect, { signIn: false });

  it('answers ok once the database is ready', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 404 JSON with a message for an unknown /api path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/No such call/);
  });

  it('serves the OpenAPI document generated from the zod schemas to signed-in staff', async () => {
    const token = await staffToken(
      t,
      { email: 'conductor.health@rihla.test', password: 'dune-camel-lantern-48' },
      'conductor',
    );
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toContain('/api/companies/createCompany');
    expect(paths).toContain('/api/auth/getAllusers');
    expect(paths).toContain('/api/destination/getAllDestinations');
  });
});
