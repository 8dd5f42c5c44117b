// Login is rate-limited per IP and per email (429), on an app built with low limits.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, STAFF, staffToken, type TestApp } from './helpers/test-app.ts';

describe.each(dialects)('login rate limits (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const login = (app: TestApp, email: string, password: string, ip = '127.0.0.1') =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('answers 429 once one IP has tried more than the limit, whatever the email; other IPs still sign in', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_LIMIT_PER_IP: '3' });
    await staffToken(t, { email: 'seed@rihla.test', password: 'secret123' }); // one attempt from 127.0.0.1
    const first = await login(t, 'a@rihla.test', 'wrong-pass', '10.0.0.1');
    const second = await login(t, 'b@rihla.test', 'wrong-pass', '10.0.0.1');
    const third = await login(t, 'c@rihla.test', 'wrong-pass', '10.0.0.1');
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([401, 401, 401]);
    const limited = await login(t, 'seed@rihla.test', 'secret123', '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBeTruthy();
    expect(limited.json()).not.toHaveProperty('access_token');
    // Another IP is not affected.
    expect((await login(t, 'seed@rihla.test', 'secret123', '10.0.0.2')).statusCode).toBe(200);
  });

  it('answers 429 once one email has been tried more than the limit, from any IP; other emails still sign in', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_LIMIT_PER_EMAIL: '2' });
    await staffToken(t, { email: 'other@rihla.test', password: 'secret123' });
    await staffToken(t, { email: 'target@rihla.test', password: 'secret123' }); // one attempt for target
    expect((await login(t, 'target@rihla.test', 'wrong-pass', '10.0.0.3')).statusCode).toBe(401);
    const limited = await login(t, 'TARGET@rihla.test', 'secret123', '10.0.0.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBeTruthy();
    // Even the right password is refused while the limit holds, so guessing cannot continue.
    expect((await login(t, 'target@rihla.test', 'secret123', '10.0.0.5')).statusCode).toBe(429);
    expect((await login(t, 'other@rihla.test', 'secret123', '10.0.0.4')).statusCode).toBe(200);
  });

  it('does not limit staff calls other than login', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_LIMIT_PER_IP: '1' });
    const token = await staffToken(t, STAFF);
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
    }
  });
});
