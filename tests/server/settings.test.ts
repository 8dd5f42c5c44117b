// The operator's settings (contact details, where travellers pay): the environment gives the first values, an
// admin changes them in the back-office, every node and the public answer follow at once, the activity log
// records who changed what, and nobody else can change them.
import { afterAll, describe, expect, it } from 'vitest';
import { login, startServer } from '../../bench/lib/server.ts';
import { client, createPostgresDatabase, createTestApp, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { SETTINGS_MESSAGES } from '../../shared/settings.ts';

const ENV = {
  OPERATOR_PHONE: '0155551234',
  OPERATOR_EMAIL: 'care@rihla.example',
  PAYMENT_BANKAK_ACCOUNT: '1234567',
  PAYMENT_ACCOUNT_NAME: 'Rihla Travel',
  PAYMENT_WALLETS: 'Fawry:0912345678',
};

const NEW = {
  operator_phone: '091 234 5678',
  operator_email: 'desk@rihla.example',
  operator_address: 'Khartoum land port, office 4',
  payment_bankak_account: '٣٣٣٤٤٤٥٥٥',
  payment_account_name: 'Rihla Travel Co.',
  payment_wallets: [
    { name: 'Fawry', number: '0998765432' },
    { name: 'Ocash', number: '0123456789' },
  ],
};

describe.each(dialects)('settings on %s', (dialect) => {
  const t = useTestApp(dialect, { env: ENV });

  it('starts with the environment’s values, for travellers and for admins', async () => {
    const answer = await client(t).get('/api/settings');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      operator: { phone: '0155551234', email: 'care@rihla.example', address: '' },
      payment: {
        bankakAccount: '1234567',
        accountName: 'Rihla Travel',
        wallets: [{ name: 'Fawry', number: '0912345678' }],
      },
    });
    const staff = await t.staff.get('/api/settings/getSettings');
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toBe('no-store');
    expect(staff.json()).toMatchObject({ _id: 'operator', operator_phone: '0155551234' });
  });

  it('an admin changes them: travellers read the new ones at once, cleaned; the log says who', async () => {
    const before = (await client(t).get('/api/settings')).json();
    const saved = await t.staff.patch('/api/settings/updateSettings', NEW);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      operator_phone: '0912345678',
      payment_bankak_account: '333444555',
    });
    const after = (await client(t).get('/api/settings')).json();
    expect(after).not.toEqual(before);
    expect(after.operator).toEqual({
      phone: '0912345678',
      email: 'desk@rihla.example',
      address: 'Khartoum land port, office 4',
    });
    expect(after.payment).toMatchObject({ bankakAccount: '333444555', wallets: NEW.payment_wallets });

    const log = await t.staff.get('/api/activity/getAllActivity?_start=0&_end=5&action=update_settings');
    const [entry] = log.json();
    expect(entry).toMatchObject({ resource: 'settings', userLabel: 'staff@rihla.test' });
    expect(JSON.parse(entry.diff).operator_phone).toEqual(['0155551234', '0912345678']);
  });

  it('bad values are refused with the field named, and change nothing', async () => {
    const current = (await t.staff.get('/api/settings/getSettings')).json();
    const cases: [Record<string, unknown>, string][] = [
      [{ operator_phone: '12345' }, 'operator_phone'],
      [{ operator_email: 'not-an-address' }, 'operator_email'],
      [{ payment_bankak_account: 'DROP TABLE' }, 'payment_bankak_account'],
      [{ operator_address: 'x'.repeat(201) }, 'operator_address'],
      [{ payment_account_name: 'Rihla\u202eevarT' }, 'payment_account_name'],
      [{ payment_wallets: Array.from({ length: 7 }, () => NEW.payment_wallets[0]) }, 'payment_wallets'],
      [{ payment_wallets: [{ name: '', number: '0912345678' }] }, 'payment_wallets'],
      [{ payment_wallets: 'Fawry:0912345678' }, 'payment_wallets'],
    ];
    for (const [change, field] of cases) {
      const answer = await t.staff.patch('/api/settings/updateSettings', { ...NEW, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json().errors).toHaveProperty(field);
    }
    expect((await t.staff.get('/api/settings/getSettings')).json()).toEqual(current);
    // In the words the back-office translates (rihla.validation.settings), not a library's.
    const phone = await t.staff.patch('/api/settings/updateSettings', { ...NEW, operator_phone: '12345' });
    expect(phone.json().errors.operator_phone).toBe(SETTINGS_MESSAGES.phone);
  });

  it('a name with markup is kept as text, never as HTML', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const saved = await t.staff.patch('/api/settings/updateSettings', { ...NEW, payment_account_name: name });
    expect(saved.statusCode).toBe(200);
    const answer = await client(t).get('/api/settings');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json().payment.accountName).toBe(name);
  });

  it('only admins change or read them as staff; anonymous callers neither', async () => {
    for (const role of ['manager', 'cashier', 'conductor'] as const) {
      const token = await staffToken(t, { email: `${role}@rihla.test`, password: 'secret123' }, role);
      const staff = client(t, token);
      expect((await staff.patch('/api/settings/updateSettings', NEW)).statusCode).toBe(403);
      expect((await staff.get('/api/settings/getSettings')).statusCode).toBe(403);
    }
    expect((await client(t).patch('/api/settings/updateSettings', NEW)).statusCode).toBe(401);
    expect((await client(t).get('/api/settings/getSettings')).statusCode).toBe(401);
  });
});

describe.each(dialects)('settings across restarts on %s', (dialect) => {
  it('the environment seeds an empty database once; an admin’s change outlives a restart with other values', async () => {
    const first = await createTestApp(dialect, ENV);
    try {
      const token = await staffToken(first);
      expect((await client(first, token).patch('/api/settings/updateSettings', NEW)).statusCode).toBe(200);
      // Same database, a restart with other variables: the admin's values stay.
      const { buildApp } = await import('../../server/app.ts');
      const { loadConfig } = await import('../../server/config.ts');
      const config = loadConfig({
        DATA_DIR: first.dataDir,
        DATABASE_URL: first.databaseUrl,
        LOG_LEVEL: 'silent',
        TICKET_WORKERS: '0',
        OPERATOR_PHONE: '0111111111',
      });
      const again = await buildApp({ config, database: first.database, logger: false });
      try {
        const answer = await again.inject({ method: 'GET', url: '/api/settings' });
        expect(answer.json().operator.phone).toBe('0912345678');
      } finally {
        await again.close();
      }
    } finally {
      await first.close();
    }
  });
});

describe.runIf(dialects.includes('postgres'))('settings on two nodes, one PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('a change made on one node is what the other answers next', { timeout: 120_000 }, async () => {
    const postgres = await createPostgresDatabase();
    cleanups.push(postgres.drop);
    const env = { DATABASE_URL: postgres.url, TICKET_WORKERS: '0', ...ENV };
    const a = await startServer(env);
    cleanups.push(a.stop);
    const b = await startServer(env);
    cleanups.push(b.stop);
    // Node b remembers the first values.
    const read = async () => (await (await fetch(`${b.url}/api/settings`)).json()).operator.phone;
    expect(await read()).toBe('0155551234');
    const token = await login(a.url);
    const saved = await fetch(`${a.url}/api/settings/updateSettings`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(NEW),
    });
    expect(saved.status).toBe(200);
    // The write's NOTIFY tells b's cache to forget the old values.
    await expect.poll(read, { timeout: 5000 }).toBe('0912345678');
  });
});
