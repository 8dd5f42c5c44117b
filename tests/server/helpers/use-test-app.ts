// One real app for a describe block: `const t = useTestApp(dialect)` registers the beforeAll that builds it
// and signs the staff account in, and the afterAll that closes it. The handle is a TestApp (every helper
// that takes one takes it) whose fields read the app the hook built, so it can be made at collection time.
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../../server/clock.ts';
import type { Dialect } from '../../../server/db/database.ts';
import { openShift } from './shifts.ts';
import { client, createTestApp, staffToken, type TestApp } from './test-app.ts';

export interface TestAppHandle extends TestApp {
  /** An access token of the staff account (STAFF). */
  readonly token: string;
  /** inject() with that token. */
  readonly staff: ReturnType<typeof client>;
}

export interface TestAppOptions {
  /** Environment variables over the tests' defaults (rate limits, cookies…). */
  env?: Record<string, string>;
  /** false: no staff account and no sign-in before the tests (a test that counts logins or sessions). */
  signIn?: boolean;
  /** The app's clock (a ManualClock the tests move). */
  clock?: Clock;
  /**
   * false: the signed-in account has no open shift (cash-up). By default it has one, as staff selling at the
   * counter do, so counter sales work.
   */
  shift?: boolean;
}

export function useTestApp(
  dialect: Dialect,
  { env, signIn = true, clock, shift = true }: TestAppOptions = {},
): TestAppHandle {
  let built: { t: TestApp; token?: string } | undefined;
  beforeAll(async () => {
    built = { t: await createTestApp(dialect, env, { clock }) };
    if (signIn) built.token = await staffToken(built.t);
    if (signIn && shift) await openShift(built.t, built.token!);
  });
  afterAll(() => built?.t.close());

  const current = () => {
    if (!built)
      throw new Error('useTestApp: the app exists once its beforeAll has run (inside tests and hooks)');
    return built;
  };
  return {
    get app() {
      return current().t.app;
    },
    get database() {
      return current().t.database;
    },
    get dataDir() {
      return current().t.dataDir;
    },
    get databaseUrl() {
      return current().t.databaseUrl;
    },
    close: () => current().t.close(),
    get token() {
      const { token } = current();
      if (token === undefined) throw new Error('useTestApp: no staff token with { signIn: false }');
      return token;
    },
    get staff() {
      return client(this, this.token);
    },
  };
}
