// Behind a reverse proxy (TRUST_PROXY, server/http/proxies.ts) a client's address is the one the trusted proxy
// saw: nginx appends it to whatever X-Forwarded-For the client sent, so made-up entries on the left change
// nothing. Before, TRUST_PROXY=1 believed the left-most entry: 60 wrong passwords, each "from" a new address,
// never met the limit.
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { parseTrustProxy, proxyTrust } from '../../server/http/proxies.ts';
import { createTestApp, dialects, staffToken, type TestApp } from './helpers/test-app.ts';

const PROXY = '10.0.0.10';
const CLIENT = '198.51.100.7';
const TARGET = { email: 'target@rihla.test', password: 'secret123' };

/** A made-up address for each attempt, as an attacker writes into its own X-Forwarded-For. */
const madeUp = (i: number) => `203.0.113.${i % 250}`;

describe('TRUST_PROXY', () => {
  it('reads a number of proxies, or their addresses; true is one proxy', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.10, 172.16.0.0/12,loopback')).toEqual([
      '10.0.0.10',
      '172.16.0.0/12',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('trusts a count of hops from the server, or the listed addresses only', () => {
    const one = proxyTrust(1)!;
    expect([one(PROXY, 0), one(CLIENT, 1)]).toEqual([true, false]);
    const listed = proxyTrust(['10.0.0.0/24'])!;
    expect([listed(PROXY, 0), listed(CLIENT, 0), listed('10.0.0.11', 1)]).toEqual([true, false, true]);
    expect(proxyTrust(false)).toBeUndefined();
    expect(() => proxyTrust(['not-an-address'])).toThrow();
  });
});

describe.each(dialects)('behind an appending proxy (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** A request as nginx forwards it: the client's own X-Forwarded-For, then the address nginx saw. */
  const viaProxy = (forwardedFor: string, proxy = PROXY) => ({
    remoteAddress: proxy,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  const login = (app: TestApp, password: string, forwardedFor: string, proxy = PROXY) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: TARGET.email, password },
      ...viaProxy(forwardedFor, proxy),
    });

  for (const setting of ['1', PROXY, '10.0.0.0/24,127.0.0.1']) {
    it(`TRUST_PROXY=${setting}: 60 wrong passwords with made-up X-Forwarded-For entries meet the limit`, async () => {
      t = await createTestApp(dialect, { TRUST_PROXY: setting, LOGIN_RATE_LIMIT_PER_EMAIL: '10' });
      await staffToken(t, TARGET);
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++)
        statuses.push((await login(t, 'wrong-pass', `${madeUp(i)}, ${CLIENT}`)).statusCode);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(50).fill(429));
      expect((await login(t, TARGET.password, `${madeUp(99)}, ${CLIENT}`)).statusCode).toBe(429);
      // The activity log names the address the proxy saw, never a made-up one.
      const rows = await t.database.db
        .selectFrom('audit_log')
        .select('ip')
        .where('action', '=', 'sign_in_failed')
        .execute();
      expect(new Set(rows.map((row) => row.ip))).toEqual(new Set([CLIENT]));
      // Another client behind the same proxy signs in.
      expect((await login(t, TARGET.password, '192.0.2.44')).statusCode).toBe(200);
    });
  }

  it('look-ups are counted per client behind the proxy, whatever the client claims', async () => {
    t = await createTestApp(dialect, { TRUST_PROXY: '1', LOOKUP_RATE_LIMIT_PER_IP: '5' });
    const lookUp = (forwardedFor: string) =>
      t!.app.inject({
        method: 'GET',
        url: '/api/bookings/filterBookings?ticketId=1234567890123&phone=0912345678',
        ...viaProxy(forwardedFor),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await lookUp(`${madeUp(i)}, ${CLIENT}`)).statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect((await lookUp('192.0.2.44')).statusCode).not.toBe(429);
  });

  it('two proxies in a row (TRUST_PROXY=2): the address the outer one saw', async () => {
    t = await createTestApp(dialect, { TRUST_PROXY: '2', LOGIN_RATE_LIMIT_PER_EMAIL: '3' });
    await staffToken(t, TARGET);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await login(t, 'wrong-pass', `${madeUp(i)}, ${CLIENT}, 10.0.0.20`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('a client that is not a listed proxy is taken at its own address', async () => {
    t = await createTestApp(dialect, { TRUST_PROXY: PROXY, LOGIN_RATE_LIMIT_PER_EMAIL: '3' });
    await staffToken(t, TARGET);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(t, 'wrong-pass', madeUp(i), CLIENT)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
