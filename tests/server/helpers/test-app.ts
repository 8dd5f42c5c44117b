// Builds the real app on a fresh real database for a test file: SQLite in a temporary DATA_DIR, and
// PostgreSQL (a new database on the server at TEST_DATABASE_URL) when that variable is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { createUser } from '../../../server/auth/users.repository.ts';
import type { Clock } from '../../../server/clock.ts';
import type { Role } from '../../../shared/roles.ts';
import { loadConfig } from '../../../server/config.ts';
import { type Database, type Dialect, openDatabase } from '../../../server/db/database.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { createPostgresDatabase } from '../../helpers/postgres.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. RIHLA_TEST_DIALECTS=postgres narrows (CI's second run). */
export const dialects: Dialect[] = (() => {
  const available: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const wanted = process.env.RIHLA_TEST_DIALECTS?.split(',');
  return wanted ? available.filter((dialect) => wanted.includes(dialect)) : available;
})();

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  databaseUrl?: string;
  close(): Promise<void>;
}

export { createPostgresDatabase };

export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  { clock }: { clock?: Clock } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-test-'));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase({ migrated: true }) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url,
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
    LOOKUP_RATE_LIMIT_PER_IP: '1000',
    BOOKING_RATE_LIMIT_PER_IP: '1000',
    // Tests book again and again with one phone; the limits on unpaid holds have tests of their own.
    MAX_UNPAID_BOOKINGS_PER_PHONE: '100000',
    MAX_UNPAID_BOOKINGS_PER_ADDRESS: '100000',
    MAX_UNPAID_SEATS_PER_ADDRESS_PER_TRIP: '100000',
    MAX_UNPAID_BOOKINGS_PER_DEVICE: '100000',
    MAX_UNPAID_SHARE: '1',
    // Tests send form after form with one phone (helpers/fixtures.ts); the per-phone limit has tests of its own
    // (hardening-public-forms.test.ts), and everyone's hour keeps its default.
    PUBLIC_FORMS_PER_PHONE_PER_DAY: '100000',
    PROOF_BYTES_PER_IP_PER_HOUR: '1000000000',
    LOG_LEVEL: 'silent',
    // Tickets render on the main thread in tests (a worker per test app would cost a font load each);
    // tests/server/ticket-pool.test.ts covers the worker pool.
    TICKET_WORKERS: '0',
    // Searches likewise (search-workers.test.ts runs the search on its worker threads, both databases).
    SEARCH_WORKERS: '0',
    // Tests that write through a second connection to the SQLite file read at once after; the interval the
    // server waits between looks has its own test (changes.test.ts), and cache-model.test.ts runs with it.
    OUTSIDE_WRITES_CHECK_MS: '0',
    ...env,
  });
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false, clock });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    databaseUrl: postgres?.url,
    close: async () => {
      await app.close();
      await database.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const STAFF = { email: 'staff@rihla.test', password: 'secret123' };

/** Creates a staff account (an admin unless told) and answers an access token for it. */
/** A staff account's access token (made with `role` if new; of `companyId`'s desk when given). */
export async function staffToken(
  t: TestApp,
  who = STAFF,
  role: Role = 'admin',
  companyId?: string,
): Promise<string> {
  const exists = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', who.email)
    .executeTakeFirst();
  if (!exists) {
    await createUser(
      t.database.db,
      {
        username: who.email.split('@')[0],
        first_name: 'Amna',
        last_name: 'Osman',
        phone_number: '0912345678',
        email: who.email,
        password: who.password,
        role,
      },
      t.app.clock.now(),
    );
  }
  if (companyId)
    await t.database.db.updateTable('users').set({ companyId }).where('email', '=', who.email).execute();
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: who });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().access_token;
}

/** inject() with a bearer token and JSON. */
export function client(t: TestApp, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: unknown) =>
      t.app.inject({ method: 'POST', url, headers, payload: payload as object }),
    patch: (url: string, payload?: unknown) =>
      t.app.inject({ method: 'PATCH', url, headers, payload: payload as object }),
    delete: (url: string) => t.app.inject({ method: 'DELETE', url, headers }),
  };
}
