// /api/auth sessions: login, refresh rotation and reuse, logout, the current user, and tokens that must fail.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { expectNoPasswordMaterial, newUserBody } from './helpers/fixtures.ts';
import { client, dialects, STAFF } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const REFRESH = 'rihla_refresh';
const HINT = 'rihla_staff';

describe.each(dialects)('auth sessions (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const login = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
  const refresh = (cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: cookie === undefined ? {} : { [REFRESH]: cookie },
    });
  const refreshCookie = (response: Awaited<ReturnType<typeof login>>) =>
    response.cookies.find((c) => c.name === REFRESH);

  describe('login', () => {
    it('answers 200 {access_token, user} and sets an httpOnly SameSite=Strict refresh cookie', async () => {
      const response = await login(STAFF);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['access_token', 'user']);
      expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.user).toEqual({
        _id: expect.any(String),
        full_name: 'Amna Osman',
        username: 'staff',
        first_name: 'Amna',
        last_name: 'Osman',
        email: STAFF.email,
        phone_number: '0912345678',
        role: 'admin',
        // A platform account (issue 24): no company.
        companyId: null,
      });
      const cookie = refreshCookie(response)!;
      expect(cookie.value.length).toBeGreaterThanOrEqual(32);
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Strict');
      expect(cookie.path).toBe('/api/auth');
      // 30 days.
      expect(cookie.maxAge).toBe(30 * 24 * 60 * 60);
      const hint = response.cookies.find((c) => c.name === HINT)!;
      expect(hint.value).toBe('1');
      expect(hint.httpOnly).toBeFalsy();
      expect(hint.path).toBe('/');
      expectNoPasswordMaterial(response.body, STAFF.password);
    });

    it('answers an access token that opens staff calls', async () => {
      const { access_token } = (await login(STAFF)).json();
      const response = await client(t, access_token).get('/api/companies/getAllCompanies');
      expect(response.statusCode).toBe(200);
    });

    it('accepts the email in any case and with spaces around it', async () => {
      const response = await login({ email: `  ${STAFF.email.toUpperCase()} `, password: STAFF.password });
      expect(response.statusCode).toBe(200);
    });

    it('answers 401 with the same message for a wrong password and an unknown email, and sets no cookie', async () => {
      const wrong = await login({ email: STAFF.email, password: 'wrong-password' });
      const unknown = await login({ email: 'nobody@rihla.test', password: STAFF.password });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().message).toBeTruthy();
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.cookies).toEqual([]);
      expect(unknown.cookies).toEqual([]);
      expect(wrong.json()).not.toHaveProperty('access_token');
    });

    it.each([
      [{ password: 'secret123' }, 'Email is required.'],
      [{ email: '   ', password: 'secret123' }, 'Email is required.'],
      [{ email: 'not-an-email', password: 'secret123' }, 'Please enter a valid email address.'],
      [{ email: 'staff@rihla.test' }, 'Password is required.'],
      [{ email: 'staff@rihla.test', password: '' }, 'Password is required.'],
      [{ email: 'staff@rihla.test', password: '12345' }, 'Password must be at least 6 characters long.'],
    ])('answers 400 with the spec message for %j', async (payload, message) => {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });
  });

  describe('refresh', () => {
    it('answers 401 without a cookie or with an unknown one', async () => {
      expect((await refresh()).statusCode).toBe(401);
      const unknown = await refresh('not-a-real-token');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().message).toBeTruthy();
    });

    it('answers a new access token and user, and rotates the refresh cookie', async () => {
      const first = refreshCookie(await login(STAFF))!.value;
      const response = await refresh(first);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.access_token).toEqual(expect.any(String));
      expect(body.user.email).toBe(STAFF.email);
      expect(body.user.full_name).toBe('Amna Osman');
      expectNoPasswordMaterial(response.body, STAFF.password);
      const rotated = refreshCookie(response)!;
      expect(rotated.value).not.toBe(first);
      expect(rotated.httpOnly).toBe(true);
      expect(rotated.sameSite).toBe('Strict');
      expect(rotated.path).toBe('/api/auth');
      // The new access token works.
      expect((await client(t, body.access_token).get('/api/auth/user')).statusCode).toBe(200);
      // The rotated cookie refreshes again.
      expect((await refresh(rotated.value)).statusCode).toBe(200);
    });

    it('refuses a refresh token used twice and ends that whole session', async () => {
      const first = refreshCookie(await login(STAFF))!.value;
      const second = refreshCookie(await refresh(first))!.value;
      const reuse = await refresh(first);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json().message).toBeTruthy();
      // The reuse clears the cookie...
      const cleared = refreshCookie(reuse);
      expect(cleared?.value).toBe('');
      // ...and the token issued by the honest rotation is refused too.
      expect((await refresh(second)).statusCode).toBe(401);
    });

    it('ends only the reused session, not the user’s other sign-ins', async () => {
      const other = refreshCookie(await login(STAFF))!.value;
      const first = refreshCookie(await login(STAFF))!.value;
      await refresh(first);
      expect((await refresh(first)).statusCode).toBe(401);
      expect((await refresh(other)).statusCode).toBe(200);
    });

    it('stores refresh tokens hashed, never as they are sent', async () => {
      const cookie = refreshCookie(await login(STAFF))!.value;
      const rows = await t.database.db.selectFrom('refresh_tokens').selectAll().execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain(cookie);
    });
  });

  describe('logout', () => {
    it('revokes the refresh token and clears both cookies', async () => {
      const cookie = refreshCookie(await login(STAFF))!.value;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { [REFRESH]: cookie },
      });
      expect(response.statusCode).toBe(200);
      const cleared = refreshCookie(response)!;
      expect(cleared.value).toBe('');
      expect(cleared.path).toBe('/api/auth');
      expect(cleared.expires!.getTime()).toBeLessThanOrEqual(Date.now());
      const hint = response.cookies.find((c) => c.name === HINT)!;
      expect(hint.value).toBe('');
      expect((await refresh(cookie)).statusCode).toBe(401);
    });

    it('ends the session: its access token answers 401 at once', async () => {
      const signedIn = await login(STAFF);
      const token = signedIn.json().access_token;
      expect((await client(t, token).get('/api/auth/user')).statusCode).toBe(200);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { [REFRESH]: refreshCookie(signedIn)!.value },
      });
      expect(out.statusCode).toBe(200);
      expect((await client(t, token).get('/api/auth/user')).statusCode).toBe(401);
      expect((await client(t, token).get('/api/companies/getAllCompanies')).statusCode).toBe(401);
      // Other sessions of the same account go on.
      expect((await t.staff.get('/api/auth/user')).statusCode).toBe(200);
    });

    it('answers 200 without a cookie (nothing to revoke)', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('calls on the session cookie alone (refresh, logout) refuse other sites', () => {
    const call = (url: string, cookie: string, headers: Record<string, string>, payload?: string) =>
      t.app.inject({ method: 'POST', url, cookies: { [REFRESH]: cookie }, headers, payload });

    it.each([
      ['another Origin', { origin: 'https://evil.example' }, 403],
      ['our host under another scheme', { origin: 'https://localhost:80' }, 403],
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, 403],
      ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }, 403],
      ['a text/plain body', { 'content-type': 'text/plain' }, 415],
      ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
    ] as const)('answers %s with %i, and the session goes on', async (_label, headers, status) => {
      for (const url of ['/api/auth/refresh', '/api/auth/logout']) {
        const signedIn = await login(STAFF);
        const cookie = refreshCookie(signedIn)!.value;
        const token = signedIn.json().access_token;
        const refused = await call(url, cookie, headers, 'content-type' in headers ? 'x=1' : undefined);
        expect(refused.statusCode, url).toBe(status);
        expect(refused.json().message, url).toBeTruthy();
        expect(refused.json(), url).not.toHaveProperty('access_token');
        expect(refreshCookie(refused), url).toBeUndefined();
        // Nothing was done: the access token still works, the cookie still refreshes.
        expect((await client(t, token).get('/api/auth/user')).statusCode, url).toBe(200);
        expect((await refresh(cookie)).statusCode, url).toBe(200);
      }
    });

    it('accepts our own pages: same-origin, a direct visit (none), our own Origin, a JSON body', async () => {
      const own: Record<string, string>[] = [
        { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' },
        { 'sec-fetch-site': 'none' },
        { 'content-type': 'application/json' },
      ];
      for (const headers of own) {
        const cookie = refreshCookie(await login(STAFF))!.value;
        const payload = 'content-type' in headers ? '{}' : undefined;
        const refreshed = await call('/api/auth/refresh', cookie, headers, payload);
        expect(refreshed.statusCode, JSON.stringify(headers)).toBe(200);
        const out = await call('/api/auth/logout', refreshCookie(refreshed)!.value, headers, payload);
        expect(out.statusCode, JSON.stringify(headers)).toBe(200);
      }
    });
  });

  describe("changePassword (one's own, with the current one)", () => {
    const STRONG = 'dune-camel-lantern-48';
    const account = async () => {
      const body = newUserBody();
      expect((await t.staff.post('/api/auth/register', body)).statusCode).toBe(201);
      const signedIn = await login({ email: body.email, password: body.password });
      return { body, token: signedIn.json().access_token as string };
    };
    const change = (token: string | undefined, payload: object) =>
      client(t, token).patch('/api/auth/changePassword', payload);

    it('sets the new password: it signs in, the old one no longer does, this session goes on, others end', async () => {
      const { body, token } = await account();
      const other = (await login({ email: body.email, password: body.password })).json().access_token;
      const response = await change(token, {
        current_password: body.password,
        password: STRONG,
        password_confirm: STRONG,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ email: body.email, role: 'conductor' });
      expectNoPasswordMaterial(response.body, STRONG);
      expect((await login({ email: body.email, password: STRONG })).statusCode).toBe(200);
      expect((await login({ email: body.email, password: body.password })).statusCode).toBe(401);
      expect((await client(t, token).get('/api/auth/user')).statusCode).toBe(200);
      expect((await client(t, other).get('/api/auth/user')).statusCode).toBe(401);
    });

    it.each([
      ['a wrong current password', 'current_password', { current_password: 'not-the-password' }],
      ['no current password', 'current_password', { current_password: undefined }],
      [
        'a new password under 10 characters',
        'password',
        { password: 'Kx9#mQ2', password_confirm: 'Kx9#mQ2' },
      ],
      ['a common new password', 'password', { password: 'password123', password_confirm: 'password123' }],
      [
        "the account's own e-mail as new password",
        'password',
        { password: 'EMAIL', password_confirm: 'EMAIL' },
      ],
      ['a confirmation that differs', 'password_confirm', { password_confirm: `${STRONG}x` }],
    ])(
      'answers 400 for %s (errors.%s), and the old password still works',
      async (_label, field, override) => {
        const { body, token } = await account();
        const payload: Record<string, unknown> = {
          current_password: body.password,
          password: STRONG,
          password_confirm: STRONG,
          ...override,
        };
        for (const key of ['password', 'password_confirm'])
          if (payload[key] === 'EMAIL') payload[key] = body.email;
        const response = await change(token, payload);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().message).toBeTruthy();
        expect(response.json().errors).toHaveProperty(field);
        expect((await login({ email: body.email, password: body.password })).statusCode).toBe(200);
        expect((await client(t, token).get('/api/auth/user')).statusCode).toBe(200);
      },
    );

    it('answers 401 without a token, and with the token of a signed-out session', async () => {
      expect(
        (await change(undefined, { current_password: 'x', password: STRONG, password_confirm: STRONG }))
          .statusCode,
      ).toBe(401);
      const signedIn = await login(STAFF);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { [REFRESH]: refreshCookie(signedIn)!.value },
      });
      const response = await change(signedIn.json().access_token, {
        current_password: STAFF.password,
        password: STRONG,
        password_confirm: STRONG,
      });
      expect(response.statusCode).toBe(401);
      expect((await login(STAFF)).statusCode).toBe(200);
    });
  });

  describe('current user', () => {
    it('answers _id, full_name, username, first_name, last_name, email, phone_number, role, companyId', async () => {
      const response = await t.staff.get('/api/auth/user');
      expect(response.statusCode).toBe(200);
      const user = response.json();
      expect(Object.keys(user).sort()).toEqual(
        [
          '_id',
          'companyId',
          'email',
          'first_name',
          'full_name',
          'last_name',
          'phone_number',
          'role',
          'username',
        ].sort(),
      );
      expect(user.full_name).toBe('Amna Osman');
      expect(user.role).toBe('admin');
      expectNoPasswordMaterial(response.body, STAFF.password);
    });

    it('answers 401 without a token', async () => {
      const response = await client(t).get('/api/auth/user');
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBeTruthy();
    });
  });

  describe('tokens that must fail', () => {
    /** The session of the signed-in staff token: forged tokens name it, so only the key or expiry is wrong. */
    const sid = () => JSON.parse(Buffer.from(t.token.split('.')[1], 'base64url').toString()).sid as string;
    const sign = (secret: string, sub: string, expiresIn = '15m') =>
      new SignJWT({ sid: sid() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(new TextEncoder().encode(secret));

    it('refuses a malformed token, a token signed with another key, an expired one and a refresh token', async () => {
      const me = (await t.staff.get('/api/auth/user')).json();
      const loginResponse = await login(STAFF);
      const candidates = [
        'garbage',
        `${t.token}x`,
        await sign('another-secret-entirely-another-secret', me._id),
        await new SignJWT({ sid: sid() })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(me._id)
          .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
          .sign(t.app.jwtSecret),
        refreshCookie(loginResponse)!.value,
      ];
      for (const candidate of candidates) {
        const response = await client(t, candidate).get('/api/auth/user');
        expect(response.statusCode, candidate).toBe(401);
      }
      // The same call with the real token works, so it is the token that is refused.
      expect((await t.staff.get('/api/auth/user')).statusCode).toBe(200);
    });

    it('access tokens live 15 minutes and name their session', async () => {
      const [, payload] = t.token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      expect(claims.exp - claims.iat).toBe(15 * 60);
      expect(claims.sid).toEqual(expect.any(String));
      const session = await t.database.db
        .selectFrom('sessions')
        .select('user_id')
        .where('id', '=', claims.sid)
        .executeTakeFirstOrThrow();
      expect(session.user_id).toBe(claims.sub);
    });

    it('a token signed with the right key, for the right user, with the session of another user is refused', async () => {
      const body = newUserBody();
      expect((await t.staff.post('/api/auth/register', body)).statusCode).toBe(201);
      const theirs = (await login({ email: body.email, password: body.password })).json().access_token;
      const theirSession = JSON.parse(Buffer.from(theirs.split('.')[1], 'base64url').toString()).sid;
      const me = (await t.staff.get('/api/auth/user')).json();
      const mixed = await new SignJWT({ sid: theirSession })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(me._id)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(t.app.jwtSecret);
      expect((await client(t, mixed).get('/api/auth/user')).statusCode).toBe(401);
    });

    it('refuses the token and the refresh cookie of a user who was deleted', async () => {
      const body = newUserBody();
      const created = await t.staff.post('/api/auth/register', body);
      expect(created.statusCode).toBe(201);
      const session = await login({ email: body.email, password: body.password });
      const theirToken = session.json().access_token;
      expect((await client(t, theirToken).get('/api/auth/user')).statusCode).toBe(200);
      const removed = await t.staff.delete(`/api/auth/deleteUser/${created.json()._id}`);
      expect(removed.statusCode).toBe(200);
      const after = await client(t, theirToken).get('/api/auth/user');
      expect(after.statusCode).toBe(401);
      expect((await client(t, theirToken).get('/api/companies/getAllCompanies')).statusCode).toBe(401);
      expect((await refresh(refreshCookie(session)!.value)).statusCode).toBe(401);
    });
  });
});
