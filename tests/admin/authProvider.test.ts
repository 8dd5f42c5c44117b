// The staff session and react-admin's authProvider: a 401 refreshes once and retries (a 403 does not), concurrent
// failures share one refresh, a signed-out visit goes to /login?redirect=<full path>, and the silent restore
// at start-up ignores failure. The network is a fake fetch.
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../admin/auth/authProvider.ts';
import { afterLoginPath, loginPathFor } from '../../admin/auth/redirects.ts';
import { createSession, LoginError } from '../../admin/auth/session.ts';
import { fakeFetch, signedIn } from './helpers/fakeFetch.ts';

/** A server whose access tokens are "token-<n>"; `valid` is the one it currently accepts. */
function server(options: { refreshWorks?: boolean; failWith?: 401 | 403 } = {}) {
  const state = { valid: 'token-1', issued: 1, refreshes: 0 };
  const fake = fakeFetch({
    'POST /api/auth/login': (call) =>
      (call.body as { password: string }).password === 'secret123'
        ? signedIn(state.valid)
        : { status: 401, body: { message: 'Invalid email or password.' } },
    'POST /api/auth/refresh': async () => {
      state.refreshes += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (options.refreshWorks === false) return { status: 401, body: { message: 'No session to refresh.' } };
      state.valid = `token-${++state.issued}`;
      return signedIn(state.valid);
    },
    'POST /api/auth/logout': () => ({ body: { message: 'Signed out.' } }),
    'GET /api/auth/user': (call) =>
      call.headers.get('Authorization') === `Bearer ${state.valid}`
        ? { body: { _id: 'u1', full_name: 'Amna Osman' } }
        : { status: 401, body: { message: 'Please sign in to continue.' } },
    'GET /api/companies/getAllCompanies': (call) =>
      call.headers.get('Authorization') === `Bearer ${state.valid}`
        ? { body: [], headers: { 'X-Total-Count': '0' } }
        : { status: options.failWith ?? 401, body: { message: 'Please sign in to continue.' } },
  });
  return { ...fake, state };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('refresh once and retry', () => {
  it('retries a 401 once with the refreshed token', async () => {
    const api = server({ failWith: 401 });
    const session = createSession({ fetch: api.fetch, hasSessionHint: () => true });
    await session.login('amna@rihla.test', 'secret123');
    api.state.valid = 'token-expired-meanwhile'; // the server no longer accepts token-1
    const response = await session.fetch('/api/companies/getAllCompanies');
    expect(response.status).toBe(200);
    const seen = api.calls.map((c) => `${c.method} ${c.path} ${c.headers.get('Authorization') ?? ''}`.trim());
    expect(seen.slice(1)).toEqual([
      'GET /api/companies/getAllCompanies Bearer token-1',
      'POST /api/auth/refresh',
      'GET /api/companies/getAllCompanies Bearer token-2',
    ]);
    expect(api.calls.find((c) => c.path === '/api/auth/refresh')?.credentials).toBe('include');
  });

  it('does not refresh on a 403: the role refuses, and a new token would not change that', async () => {
    const api = server({ failWith: 403 });
    const session = createSession({ fetch: api.fetch, hasSessionHint: () => true });
    await session.login('amna@rihla.test', 'secret123');
    api.state.valid = 'another-token';
    const response = await session.fetch('/api/companies/getAllCompanies');
    expect(response.status).toBe(403);
    expect(api.state.refreshes).toBe(0);
    expect(session.isSignedIn()).toBe(true);
  });

  it('does not retry a second time when the refresh fails, and signs out', async () => {
    const api = server({ refreshWorks: false });
    const session = createSession({ fetch: api.fetch, hasSessionHint: () => true });
    await session.login('amna@rihla.test', 'secret123');
    api.state.valid = 'gone';
    const response = await session.fetch('/api/companies/getAllCompanies');
    expect(response.status).toBe(401);
    expect(api.calls.filter((c) => c.path === '/api/companies/getAllCompanies')).toHaveLength(1);
    expect(api.state.refreshes).toBe(1);
    expect(session.isSignedIn()).toBe(false);
  });

  it('concurrent failures share one refresh (a reused refresh token would end the session)', async () => {
    const api = server();
    const session = createSession({ fetch: api.fetch, hasSessionHint: () => true });
    await session.login('amna@rihla.test', 'secret123');
    api.state.valid = 'stale';
    const answers = await Promise.all([1, 2, 3].map(() => session.fetch('/api/companies/getAllCompanies')));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(api.state.refreshes).toBe(1);
  });
});

describe('silent restore at start-up', () => {
  it('restores a session from the refresh cookie', async () => {
    const api = server();
    const session = createSession({ fetch: api.fetch, hasSessionHint: () => true });
    expect(await session.restore()).toBe(true);
    expect(session.token()).toBe('token-2');
    expect(session.user()?.full_name).toBe('Amna Osman');
  });

  it('ignores a failed restore', async () => {
    const api = server({ refreshWorks: false });
    const session = createSession({ fetch: api.fetch, hasSessionHint: () => true });
    await expect(session.restore()).resolves.toBe(false);
    expect(session.isSignedIn()).toBe(false);
  });

  it('ignores a network failure', async () => {
    const session = createSession({
      fetch: () => Promise.reject(new TypeError('offline')),
      hasSessionHint: () => true,
    });
    await expect(session.restore()).resolves.toBe(false);
  });

  it('skips the call when no staff session hint cookie exists', async () => {
    const api = server();
    const session = createSession({ fetch: api.fetch, hasSessionHint: () => false });
    expect(await session.restore()).toBe(false);
    expect(api.calls).toHaveLength(0);
  });

  it('reads the hint from the rihla_staff cookie by default', async () => {
    const api = server();
    document.cookie = 'rihla_staff=1; path=/';
    const session = createSession({ fetch: api.fetch });
    expect(await session.restore()).toBe(true);
    document.cookie = 'rihla_staff=; path=/; max-age=0';
  });
});

describe('authProvider', () => {
  it('logs in with e-mail and password; the token stays in memory only', async () => {
    const api = server();
    const session = createSession({ fetch: api.fetch, hasSessionHint: () => false });
    const auth = createAuthProvider(session);
    await auth.login({ email: 'amna@rihla.test', password: 'secret123' });
    expect(api.calls[0].body).toEqual({ email: 'amna@rihla.test', password: 'secret123' });
    expect(session.token()).toBe('token-1');
    expect(JSON.stringify({ ...localStorage })).not.toContain('token-1');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('token-1');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(await auth.getIdentity!()).toEqual({ id: 'u1', fullName: 'Amna Osman', companyId: null });
  });

  it('a bad password rejects with the server message', async () => {
    const session = createSession({ fetch: server().fetch, hasSessionHint: () => false });
    const error = await createAuthProvider(session)
      .login({ email: 'amna@rihla.test', password: 'wrong-one' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(LoginError);
    expect(error.serverMessage).toBe('Invalid email or password.');
    expect(error.status).toBe(401);
  });

  it('identity comes from /api/auth/user when the session answer carries no user', async () => {
    const api = server();
    const withoutUser = (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/refresh')
        ? Promise.resolve(new Response(JSON.stringify({ access_token: 'token-1' }), { status: 200 }))
        : api.fetch(input, init);
    const session = createSession({ fetch: withoutUser, hasSessionHint: () => true });
    await session.restore();
    expect(session.user()).toBeNull();
    expect(await createAuthProvider(session).getIdentity!()).toEqual({
      id: 'u1',
      fullName: 'Amna Osman',
      companyId: null,
    });
    expect(api.calls.at(-1)).toMatchObject({ method: 'GET', path: '/api/auth/user' });
  });

  it('a signed-out visit is sent to /login?redirect=<the full original path>', async () => {
    window.history.replaceState(null, '', '/trips/abc/show?tab=2#top');
    const session = createSession({
      fetch: server({ refreshWorks: false }).fetch,
      hasSessionHint: () => false,
    });
    const error = await createAuthProvider(session)
      .checkAuth({})
      .catch((e) => e);
    expect(error.redirectTo).toBe(`/login?redirect=${encodeURIComponent('/trips/abc/show?tab=2#top')}`);
  });

  it('a 401 that survived the retry sends to login with the redirect; other errors do not', async () => {
    window.history.replaceState(null, '', '/companies');
    const auth = createAuthProvider(createSession({ fetch: server().fetch, hasSessionHint: () => false }));
    await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({
      redirectTo: '/login?redirect=%2Fcompanies',
    });
    await expect(auth.checkError({ status: 409 })).resolves.toBeUndefined();
  });

  it('logout revokes the session on the server and forgets the token', async () => {
    const api = server();
    const session = createSession({ fetch: api.fetch, hasSessionHint: () => false });
    await session.login('amna@rihla.test', 'secret123');
    await createAuthProvider(session).logout({});
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/auth/logout',
      credentials: 'include',
    });
    expect(session.isSignedIn()).toBe(false);
  });
});

describe('redirect after login', () => {
  it('goes back to the redirect path, or /dashboard', () => {
    expect(afterLoginPath(`?redirect=${encodeURIComponent('/trips?page=2')}`)).toBe('/trips?page=2');
    expect(afterLoginPath('')).toBe('/dashboard');
  });

  it('never leaves the site or loops back to the login page', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/login?redirect=/x',
      'trips',
    ])
      expect(afterLoginPath(`?redirect=${encodeURIComponent(target)}`)).toBe('/dashboard');
  });

  it('builds the login path', () => {
    expect(loginPathFor('/bookings?x=1')).toBe('/login?redirect=%2Fbookings%3Fx%3D1');
    expect(loginPathFor('/')).toBe('/login');
  });
});
