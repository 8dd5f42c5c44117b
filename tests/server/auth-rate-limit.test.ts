// Login failures are counted per address and per account and address (successes never), on an app built
// with low limits: an office behind one address signs in all day, guessing from it stops.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, STAFF, staffToken, type TestApp } from './helpers/test-app.ts';

describe.each(dialects)('login rate limits (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const login = (app: TestApp, email: string, password: string, ip = '127.0.0.1', device?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
      cookies: device ? { rihla_device: device } : {},
    });

  it('an office behind one address signs in 30 times in 15 minutes with the limit at 20: successes are not counted', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_LIMIT_PER_IP: '20' });
    const staff = Array.from({ length: 6 }, (_, i) => ({
      email: `desk${i}@rihla.test`,
      password: 'secret123',
    }));
    for (const who of staff) await staffToken(t, who);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await login(t, staff[i % staff.length].email, 'secret123', '10.0.0.9')).statusCode);
    expect(statuses).toEqual(Array(30).fill(200));
  });

  it('failures from one address on many accounts stop it, whatever account; successes between do not reset it; a known device passes', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_LIMIT_PER_IP: '3' });
    await staffToken(t, { email: 'desk@rihla.test', password: 'secret123' });
    const first = await login(t, 'desk@rihla.test', 'secret123', '10.0.0.1');
    const device = first.cookies.find((cookie) => cookie.name === 'rihla_device')!.value;
    expect((await login(t, 'a@rihla.test', 'wrong-pass', '10.0.0.1')).statusCode).toBe(401);
    expect((await login(t, 'b@rihla.test', 'wrong-pass', '10.0.0.1')).statusCode).toBe(401);
    expect((await login(t, 'desk@rihla.test', 'secret123', '10.0.0.1')).statusCode).toBe(200);
    expect((await login(t, 'c@rihla.test', 'wrong-pass', '10.0.0.1')).statusCode).toBe(401);
    const limited = await login(t, 'desk@rihla.test', 'secret123', '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).not.toHaveProperty('access_token');
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await login(t, 'd@rihla.test', 'wrong-pass', '10.0.0.1')).statusCode).toBe(429);
    // The browser that signed in to this account before passes with the right password, and only that.
    expect((await login(t, 'desk@rihla.test', 'secret123', '10.0.0.1', device)).statusCode).toBe(200);
    expect((await login(t, 'desk@rihla.test', 'wrong-pass', '10.0.0.1', device)).statusCode).toBe(401);
    expect((await login(t, 'other@rihla.test', 'secret123', '10.0.0.1', device)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(t, 'desk@rihla.test', 'secret123', '10.0.0.2')).statusCode).toBe(200);
  });

  it('answers 429 once one IP has failed the limit, whatever the email; other IPs still sign in', async () => {
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

  it('answers 429 to an account from an address once it has failed there the limit, in any letter case; other addresses and accounts still sign in', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_LIMIT_PER_EMAIL: '2' });
    await staffToken(t, { email: 'other@rihla.test', password: 'secret123' });
    await staffToken(t, { email: 'target@rihla.test', password: 'secret123' });
    expect((await login(t, 'target@rihla.test', 'wrong-pass', '10.0.0.3')).statusCode).toBe(401);
    expect((await login(t, 'Target@rihla.test', 'wrong-pass', '10.0.0.3')).statusCode).toBe(401);
    const limited = await login(t, 'TARGET@rihla.test', 'secret123', '10.0.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBeTruthy();
    expect(limited.json()).not.toHaveProperty('access_token');
    expect(limited.cookies.map((cookie) => cookie.name)).not.toContain('rihla_refresh');
    // Even the right password is refused from there while the limit holds, so guessing cannot continue…
    expect((await login(t, 'target@rihla.test', 'secret123', '10.0.0.3')).statusCode).toBe(429);
    expect((await login(t, 'target@rihla.test', 'wrong-pass', '10.0.0.3')).statusCode).toBe(429);
    // …and a forwarded-for header does not move the caller to another address.
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'target@rihla.test', password: 'secret123' },
      remoteAddress: '10.0.0.3',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(spoofed.statusCode).toBe(429);
    // The failures of one address lock nobody out elsewhere, and no other account from that address.
    expect((await login(t, 'target@rihla.test', 'secret123', '10.0.0.4')).statusCode).toBe(200);
    expect((await login(t, 'other@rihla.test', 'secret123', '10.0.0.3')).statusCode).toBe(200);
  });

  it('counts failures per address: one failure from each of two addresses locks neither', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_LIMIT_PER_EMAIL: '2' });
    await staffToken(t, { email: 'target@rihla.test', password: 'secret123' });
    expect((await login(t, 'target@rihla.test', 'wrong-pass', '10.0.0.5')).statusCode).toBe(401);
    expect((await login(t, 'target@rihla.test', 'wrong-pass', '10.0.0.6')).statusCode).toBe(401);
    expect((await login(t, 'target@rihla.test', 'secret123', '10.0.0.5')).statusCode).toBe(200);
    expect((await login(t, 'target@rihla.test', 'secret123', '10.0.0.6')).statusCode).toBe(200);
  });

  it('never counts successful sign-ins', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_LIMIT_PER_EMAIL: '2' });
    await staffToken(t, { email: 'target@rihla.test', password: 'secret123' });
    for (let i = 0; i < 6; i++)
      expect((await login(t, 'target@rihla.test', 'secret123', '10.0.0.7')).statusCode, `sign-in ${i}`).toBe(
        200,
      );
  });

  it('locks an unknown e-mail like a real account (the answers tell neither apart)', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_LIMIT_PER_EMAIL: '2' });
    await staffToken(t, { email: 'target@rihla.test', password: 'secret123' });
    const answers = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await login(t!, email, 'wrong-pass', '10.0.0.8')).statusCode);
      return statuses;
    };
    expect(await answers('target@rihla.test')).toEqual([401, 401, 429]);
    expect(await answers('nobody@rihla.test')).toEqual([401, 401, 429]);
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
