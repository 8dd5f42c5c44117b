// The first staff account a fresh install creates must sign in exactly as it was printed or configured
// (tests/e2e/first-start.spec.ts starts the real server as the README says and signs in in a browser).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../server/auth/users.repository.ts';
import { ensureFirstStaffAccount, FIRST_ADMIN_EMAIL } from '../../server/bootstrap.ts';
import { createTestApp, dialects, type TestApp } from './helpers/test-app.ts';

describe.each(dialects)('the first staff account (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
    t = undefined;
  });

  async function firstStart(env: Record<string, string> = {}) {
    t = await createTestApp(dialect, env);
    const printed = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await ensureFirstStaffAccount(t.database.db, t.app.config, t.app.log, t.app.clock.now());
    return printed.mock.calls.flat().join('\n');
  }

  const signIn = (email: string, password: string) =>
    t!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('without ADMIN_EMAIL and ADMIN_PASSWORD, signs in with exactly what it printed', async () => {
    const output = await firstStart();
    const [, email, password] = /First staff account created: (\S+) {2}password: (\S+)/.exec(output) ?? [];
    expect(email).toBe(FIRST_ADMIN_EMAIL);
    const response = await signIn(email, password);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.role).toBe('admin');
  });

  it('stores ADMIN_EMAIL as the sign-in looks it up: typed with capitals and spaces, it signs in', async () => {
    await firstStart({ ADMIN_EMAIL: ' Boss@Rihla.SD ', ADMIN_PASSWORD: 'nile-ferry-acacia-7' });
    expect((await signIn('Boss@Rihla.SD', 'nile-ferry-acacia-7')).statusCode).toBe(200);
    expect((await signIn('boss@rihla.sd', 'nile-ferry-acacia-7')).statusCode).toBe(200);
  });

  it('refuses to start with an ADMIN_EMAIL or ADMIN_PASSWORD the sign-in would refuse, and creates nobody', async () => {
    await expect(firstStart({ ADMIN_EMAIL: 'root@localhost' })).rejects.toThrow(
      'ADMIN_EMAIL: Please enter a valid email address.',
    );
    const users = () => t!.database.db.selectFrom('users').select('id').execute();
    expect(await users()).toEqual([]);
    await t!.close();
    await expect(firstStart({ ADMIN_PASSWORD: 'short' })).rejects.toThrow(
      'ADMIN_PASSWORD: Password must be at least 6 characters long.',
    );
    expect(await users()).toEqual([]);
  });

  it("gives an earlier install's first account, which could not sign in, an address that can", async () => {
    t = await createTestApp(dialect);
    await createUser(
      t.database.db,
      {
        username: 'admin',
        first_name: 'Rihla',
        last_name: 'Admin',
        phone_number: '0000000000',
        email: 'admin@localhost',
        password: 'printed-long-ago',
        role: 'admin',
      },
      t.app.clock.now(),
    );
    const warn = vi.spyOn(t.app.log, 'warn');
    await ensureFirstStaffAccount(t.database.db, t.app.config, t.app.log, t.app.clock.now());
    expect(warn.mock.calls.flat().join()).toContain(FIRST_ADMIN_EMAIL);
    expect((await signIn(FIRST_ADMIN_EMAIL, 'printed-long-ago')).statusCode).toBe(200);
    // Once: another start changes nothing.
    await ensureFirstStaffAccount(t.database.db, t.app.config, t.app.log, t.app.clock.now());
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
