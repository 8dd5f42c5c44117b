// The conductor's session. The access token lives in memory only; the httpOnly refresh cookie renews it (one
// refresh at a time: the server takes a reused refresh token for theft). The user who signed in is remembered
// on the phone (no token), so downloaded trips open and scans are judged with no connection at all; calls wait
// for a connection and for a live session, and a session that has ended asks for a new sign-in.
import { authPath } from '../../../shared/api-paths.ts';
import { can } from '../../../shared/roles.ts';
import type { RememberedUser } from './types.ts';

/** An answer other than 2xx; status 0: the request never reached the server. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's refusal: its message, its code, and the trip it names (a batch of scans refused). */
    readonly body: { message?: string; code?: string; tripId?: string } | null = null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}

export type LoginProblem = 'wrong' | 'tooMany' | 'offline' | 'failed' | 'notAllowed';

export class LoginError extends Error {
  constructor(readonly problem: LoginProblem) {
    super(problem);
  }
}

export const mayCheckTickets = (user: RememberedUser | null | undefined) => can(user?.role, 'boarding.scan');

export type RefreshResult = 'ok' | 'ended' | 'offline';

export function createSession(fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  let token: string | null = null;
  let refreshing: Promise<RefreshResult> | null = null;
  let ended = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const post = (call: 'login' | 'refresh' | 'logout', body?: unknown) =>
    fetchImpl(authPath(call), {
      method: 'POST',
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function refreshOnce(): Promise<RefreshResult> {
    let response: Response;
    try {
      response = await post('refresh');
    } catch {
      return 'offline';
    }
    if (response.status === 401 || response.status === 403) {
      token = null;
      ended = true;
      notify();
      return 'ended';
    }
    if (!response.ok) return 'offline';
    token = ((await response.json()) as { access_token: string }).access_token;
    ended = false;
    notify();
    return 'ok';
  }

  const session = {
    hasToken: () => token !== null,
    /** The server said the session is over: a new sign-in is needed to send anything. */
    hasEnded: () => ended,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async login(email: string, password: string): Promise<RememberedUser> {
      let response: Response;
      try {
        response = await post('login', { email, password });
      } catch {
        throw new LoginError('offline');
      }
      if (response.status === 401 || response.status === 400) throw new LoginError('wrong');
      if (response.status === 429) throw new LoginError('tooMany');
      if (!response.ok) throw new LoginError('failed');
      const answer = (await response.json()) as { access_token: string; user: RememberedUser };
      if (!mayCheckTickets(answer.user)) {
        await post('logout').catch(() => undefined);
        throw new LoginError('notAllowed');
      }
      token = answer.access_token;
      ended = false;
      notify();
      const { _id, full_name, email: address, role } = answer.user;
      return { _id, full_name, email: address, role };
    },

    refresh(): Promise<RefreshResult> {
      refreshing ??= refreshOnce().finally(() => (refreshing = null));
      return refreshing;
    },

    async logout() {
      token = null;
      notify();
      await post('logout').catch(() => undefined);
    },

    /** fetch with the bearer token (refreshed first when missing, and once more after a 401). */
    async fetch(url: string, init: RequestInit = {}): Promise<Response> {
      const send = () => {
        const headers = new Headers(init.headers);
        headers.set('Accept', 'application/json');
        if (token) headers.set('Authorization', `Bearer ${token}`);
        return fetchImpl(url, { ...init, headers, credentials: 'same-origin' });
      };
      if (!token) {
        const refreshed = await session.refresh();
        if (refreshed === 'offline') throw new ApiError(0);
        if (refreshed === 'ended') throw new ApiError(401);
      }
      let response: Response;
      try {
        response = await send();
        if (response.status === 401) {
          const refreshed = await session.refresh();
          if (refreshed === 'ok') response = await send();
          else if (refreshed === 'offline') throw new ApiError(0);
        }
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError(0);
      }
      if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
      return response;
    },

    async json<T>(url: string, init?: RequestInit): Promise<T> {
      return (await (await session.fetch(url, init)).json()) as T;
    },
  };
  return session;
}

export type Session = ReturnType<typeof createSession>;
