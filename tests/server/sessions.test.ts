// Findings of the attack test, each a test that failed before: access tokens that outlived their session,
// a lock-out anyone could trigger, weak new passwords, cookie-only calls accepted from other sites.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { newUserBody } from './helpers/fixtures.ts';
import { client, dialects, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const STRONG = 'nile-ferry-acacia-42';
const DAY = 86_400_000;

function cookieOf(response: { cookies: { name: string; value: string }[] }, name: string) {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

async function signIn(t: TestApp, email: string, password: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers,
  });
  return {
    response,
    token: response.json().access_token as string,
    refresh: cookieOf(response, 'rihla_refresh')!,
    device: cookieOf(response, 'rihla_device'),
  };
}

const asUser = (t: TestApp, token: string) => client(t, token).get('/api/auth/user');
const refresh = (t: TestApp, cookie: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { rihla_refresh: cookie }, headers });

describe.each(dialects)('sessions and sign-in (%s)', (dialect) => {
  const clock = new ManualClock();
  const t = useTestApp(dialect, { clock, env: { LOGIN_RATE_LIMIT_PER_EMAIL: '5' } });

  async function account(role = 'cashier') {
    const body = { ...newUserBody(STRONG), role };
    const created = await t.staff.post('/api/auth/register', body);
    expect(created.statusCode, created.body).toBe(201);
    return { id: created.json()._id as string, email: body.email };
  }

  it('ends the access token with its session: sign-out', async () => {
    const { email } = await account();
    const session = await signIn(t, email, STRONG);
    expect((await asUser(t, session.token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { rihla_refresh: session.refresh },
    });
    expect(out.statusCode).toBe(200);
    expect((await asUser(t, session.token)).statusCode).toBe(401);
    expect((await refresh(t, session.refresh)).statusCode).toBe(401);
  });

  it('ends the access token when a reused refresh token revokes the session', async () => {
    const { email } = await account();
    const session = await signIn(t, email, STRONG);
    const first = await refresh(t, session.refresh);
    expect(first.statusCode).toBe(200);
    const reused = await refresh(t, session.refresh);
    expect(reused.statusCode).toBe(401);
    expect((await asUser(t, session.token)).statusCode).toBe(401);
    expect((await asUser(t, first.json().access_token)).statusCode).toBe(401);
  });

  it('ends every session of an account whose password, role or e-mail an admin changes', async () => {
    for (const change of [
      { password: `${STRONG}-2`, password_confirm: `${STRONG}-2` },
      { role: 'manager' },
      {},
    ]) {
      const { id, email } = await account();
      const stolen = await signIn(t, email, STRONG);
      const body = Object.keys(change).length ? change : { email: `moved.${email}` };
      const updated = await t.staff.patch(`/api/auth/updateUser/${id}`, body);
      expect(updated.statusCode, updated.body).toBe(200);
      expect((await asUser(t, stolen.token)).statusCode, JSON.stringify(body)).toBe(401);
      expect((await refresh(t, stolen.refresh)).statusCode).toBe(401);
    }
  });

  it('lets a person change their own password with the current one; their other sessions end', async () => {
    const { email } = await account();
    const here = await signIn(t, email, STRONG);
    const elsewhere = await signIn(t, email, STRONG);
    const change = (body: object) => client(t, here.token).patch('/api/auth/changePassword', body);
    const wrong = await change({
      current_password: 'not-it-at-all',
      password: `${STRONG}!`,
      password_confirm: `${STRONG}!`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toBeDefined();
    const weak = await change({
      current_password: STRONG,
      password: 'password12',
      password_confirm: 'password12',
    });
    expect(weak.statusCode).toBe(400);
    const done = await change({
      current_password: STRONG,
      password: `${STRONG}!`,
      password_confirm: `${STRONG}!`,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await asUser(t, here.token)).statusCode).toBe(200);
    expect((await asUser(t, elsewhere.token)).statusCode).toBe(401);
    expect((await signIn(t, email, `${STRONG}!`)).response.statusCode).toBe(200);
  });

  it('refuses tokens without an expiry or a session, and ends sessions 30 days after sign-in however often refreshed', async () => {
    const { id, email } = await account();
    const secret = t.app.jwtSecret;
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .sign(secret);
    expect((await asUser(t, forged)).statusCode).toBe(401);
    const noSession = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setExpirationTime('10m')
      .sign(secret);
    expect((await asUser(t, noSession)).statusCode).toBe(401);

    const started = clock.now();
    let cookie = (await signIn(t, email, STRONG)).refresh;
    for (let day = 0; day < 29; day += 7) {
      clock.advance(7 * DAY);
      const rotated = await refresh(t, cookie);
      if (clock.now().getTime() - started.getTime() < 30 * DAY) {
        expect(rotated.statusCode, `day ${day + 7}`).toBe(200);
        cookie = cookieOf(rotated, 'rihla_refresh')!;
      } else expect(rotated.statusCode).toBe(401);
    }
    clock.set(new Date(started.getTime() + 30 * DAY + 1));
    expect((await refresh(t, cookie)).statusCode).toBe(401);
    clock.set(started);
  });

  it('counts only failures, per account and address: others cannot lock a person out', async () => {
    const { email } = await account();
    for (let i = 0; i < 5; i++)
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password: 'wrong-pass' },
            remoteAddress: '10.0.0.9',
          })
        ).statusCode,
      ).toBe(401);
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG },
      remoteAddress: '10.0.0.9',
    });
    expect(locked.statusCode).toBe(429);
    // From the person's own address the account still opens; successes never count.
    for (let i = 0; i < 8; i++)
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password: STRONG },
            remoteAddress: '10.0.0.1',
          })
        ).statusCode,
      ).toBe(200);
  });

  it('lets a browser that signed in before through the lock with the right password', async () => {
    const { email } = await account();
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG },
      remoteAddress: '10.0.1.1',
    });
    const device = cookieOf(own, 'rihla_device')!;
    for (let i = 0; i < 5; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-pass' },
        remoteAddress: '10.0.1.1',
      });
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG },
      remoteAddress: '10.0.1.1',
    });
    expect(stranger.statusCode).toBe(429);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG },
      remoteAddress: '10.0.1.1',
      cookies: { rihla_device: device },
    });
    expect(known.statusCode).toBe(200);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG },
      remoteAddress: '10.0.1.1',
      cookies: { rihla_device: `${device.slice(0, -2)}xx` },
    });
    expect(forged.statusCode).toBe(429);
  });

  it('asks new passwords to be at least 10 characters and not common; signing in keeps the 6-character check', async () => {
    for (const password of ['123456', 'secret123', 'password123', 'qwertyuiop12']) {
      const refused = await t.staff.post('/api/auth/register', newUserBody(password));
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json().errors.password).toBeDefined();
    }
    expect((await t.staff.post('/api/auth/register', newUserBody(STRONG))).statusCode).toBe(201);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.sd', password: '12345' },
    });
    expect(short.json().message).toBe('Password must be at least 6 characters long.');
  });

  it('refuses cookie-only calls from other sites', async () => {
    const { email } = await account();
    const session = await signIn(t, email, STRONG);
    expect((await refresh(t, session.refresh, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await refresh(t, session.refresh, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { rihla_refresh: session.refresh },
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(plain.statusCode).toBe(415);
    expect((await asUser(t, session.token)).statusCode).toBe(200);
    const own = await refresh(t, session.refresh, {
      'sec-fetch-site': 'same-origin',
      origin: 'http://localhost:80',
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('protects admins from themselves: no self-delete or self-demotion; two admins demoting each other keep one', async () => {
    const me = (await t.staff.get('/api/auth/user')).json();
    const own = await t.staff.delete(`/api/auth/deleteUser/${me._id}`);
    expect(own.json().code).toBe('OWN_ACCOUNT');
    expect((await t.staff.patch(`/api/auth/updateUser/${me._id}`, { role: 'cashier' })).json().code).toBe(
      'OWN_ACCOUNT',
    );
    // Only two admins: each demotes the other at the same moment; one must stay an admin.
    const a = await account('admin');
    const b = await account('admin');
    const others = (await t.staff.get('/api/auth/getAllusers?role=admin')).json() as { _id: string }[];
    for (const user of others)
      if (![a.id, b.id].includes(user._id))
        await t.database.db
          .updateTable('users')
          .set({ role: 'manager' })
          .where('id', '=', user._id)
          .execute();
    const [asA, asB] = [await signIn(t, a.email, STRONG), await signIn(t, b.email, STRONG)];
    const answers = await Promise.all([
      client(t, asA.token).patch(`/api/auth/updateUser/${b.id}`, { role: 'manager' }),
      client(t, asB.token).patch(`/api/auth/updateUser/${a.id}`, { role: 'manager' }),
    ]);
    const admins = await t.database.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins, answers.map((answer) => answer.body).join('\n')).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.find((answer) => answer.statusCode !== 200)!;
    expect([401, 403, 409]).toContain(refused.statusCode);
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', me._id).execute();
  });
});
