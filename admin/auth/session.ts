// The staff session. The access token lives in this module's memory only (never in storage); the httpOnly
// refresh cookie renews it. Every API call goes through `fetch`, which refreshes once on a 401 and retries;
// concurrent refreshes share one request, because the server treats a reused refresh token as theft. A 403 is
// the role's answer ("Your role does not allow this."): a new token would not change it, so it is not retried.
import { authPath } from '../../shared/api-paths.ts';

export interface StaffUser {
  _id: string;
  full_name: string;
  username?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  phone_number?: string;
  /** shared/roles.ts; absent from servers that predate roles. */
  role?: string;
  /** The company of a company's staff (its _id, or the company itself); null for the platform's staff. */
  companyId?: string | { _id: string } | null;
}

/** The company a staff account belongs to, as an id (null: the platform's staff). */
export const companyOf = (user: StaffUser | null | undefined): string | null => {
  const value = user?.companyId;
  if (value == null || value === '') return null;
  return typeof value === 'string' ? value : value._id;
};

/** A failed sign-in: the server's message when it sent one. */
export class LoginError extends Error {
  constructor(
    readonly serverMessage: string | null,
    readonly status = 0,
  ) {
    super(serverMessage ?? 'login failed');
  }
}

export interface SessionOptions {
  fetch?: typeof globalThis.fetch;
  /** True when the server's hint cookie says a staff session may exist (skips a useless refresh). */
  hasSessionHint?: () => boolean;
}

const readHintCookie = () =>
  typeof document !== 'undefined' && /(?:^|;\s*)rihla_staff=1/.test(document.cookie);

export type Session = ReturnType<typeof createSession>;

export function createSession({
  fetch = globalThis.fetch.bind(globalThis),
  hasSessionHint = readHintCookie,
}: SessionOptions = {}) {
  let accessToken: string | null = null;
  let user: StaffUser | null = null;
  let refreshing: Promise<boolean> | null = null;
  const listeners = new Set<() => void>();

  const notify = () => listeners.forEach((listener) => listener());
  const signIn = (answer: { access_token: string; user?: StaffUser }) => {
    accessToken = answer.access_token;
    if (answer.user) user = answer.user;
    notify();
  };
  const clear = () => {
    const wasSignedIn = accessToken !== null;
    accessToken = null;
    user = null;
    if (wasSignedIn) notify();
  };
  const post = (call: 'login' | 'refresh' | 'logout', body?: unknown) =>
    fetch(authPath(call), {
      method: 'POST',
      credentials: 'include',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function refreshOnce(): Promise<boolean> {
    try {
      const response = await post('refresh');
      if (!response.ok) {
        clear();
        return false;
      }
      signIn(await response.json());
      return true;
    } catch {
      return false;
    }
  }

  const session = {
    token: () => accessToken,
    user: () => user,
    isSignedIn: () => accessToken !== null,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async login(email: string, password: string): Promise<StaffUser | null> {
      let response: Response;
      try {
        response = await post('login', { email, password });
      } catch {
        throw new LoginError(null);
      }
      const body = await response.json().catch(() => null);
      if (!response.ok)
        throw new LoginError(typeof body?.message === 'string' ? body.message : null, response.status);
      signIn(body);
      return user;
    },

    /** One refresh at a time; callers arriving meanwhile wait for the same answer. */
    refresh(): Promise<boolean> {
      refreshing ??= refreshOnce().finally(() => (refreshing = null));
      return refreshing;
    },

    /** Silent restore at start-up: failure is ignored (the visitor simply is not signed in). */
    async restore(): Promise<boolean> {
      if (accessToken) return true;
      if (!hasSessionHint()) return false;
      return session.refresh();
    },

    async logout(): Promise<void> {
      clear();
      await post('logout').catch(() => undefined);
    },

    /** fetch with the bearer token; on 401 refresh once and retry with the new token. */
    async fetch(url: string, init: RequestInit = {}): Promise<Response> {
      const send = () => {
        const headers = new Headers(init.headers);
        if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
        return fetch(url, { ...init, headers, credentials: 'include' });
      };
      const response = await send();
      if (response.status !== 401) return response;
      return (await session.refresh()) ? send() : response;
    },

    /** The signed-in user, from the sign-in answer or else from /api/auth/user. */
    async loadUser(): Promise<StaffUser | null> {
      if (user || !accessToken) return user;
      const response = await session.fetch(authPath('user'));
      if (response.ok) {
        user = await response.json();
        notify();
      }
      return user;
    },
  };
  return session;
}

/** The app's one session. */
export const session = createSession();
