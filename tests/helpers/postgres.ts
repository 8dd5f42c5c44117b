// A new PostgreSQL database on the test server at TEST_DATABASE_URL, so that every test app or server process
// starts from nothing, as it does on SQLite with a fresh DATA_DIR: empty, or with every migration already run.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

export interface PostgresDatabase {
  url: string;
  drop: () => Promise<void>;
}

const adminUrl = () => process.env.TEST_DATABASE_URL!;
const urlOf = (name: string) => {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * `migrated`: a copy of a database on which every migration has run (CREATE DATABASE … TEMPLATE), instead of
 * running the 43 migrations again: ~0.1 s rather than ~0.6 s a test app, on each of the PostgreSQL run's ~150.
 * The empty one stays the default: what a first start does to an empty database has tests of its own
 * (crash, two-nodes, settings).
 */
export async function createPostgresDatabase({ migrated = false } = {}): Promise<PostgresDatabase> {
  const name = `rihla_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = migrated ? await migratedTemplate() : undefined;
  await asAdmin((admin) => admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return {
    url: urlOf(name),
    drop: async () =>
      void (await asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/db');

/**
 * The migrated template, named by a hash of the migrations' code, so an edited or added migration makes a new
 * one. Built once per PostgreSQL server: every test process takes the same advisory lock, and the first builds
 * it under a temporary name and renames it when complete (a process killed midway leaves no half-built
 * template under the real name).
 */
let template: Promise<string> | undefined;
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    const files = [
      'migrate.ts',
      ...fs.readdirSync(path.join(MIGRATIONS, 'migrations')).map((file) => `migrations/${file}`),
    ].sort();
    for (const file of files) hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS, file)));
    const name = `rihla_template_${hash.digest('hex').slice(0, 16)}`;
    await asAdmin(async (admin) => {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['rihla test template']);
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-template-'));
      const database = openDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: urlOf(building) }));
      try {
        await migrateToLatest(database.db);
      } finally {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
      // A template must have nobody connected, and a closed pool's sessions may take a moment to end.
      for (let tries = 0; ; tries++) {
        try {
          await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || tries === 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      // Templates of earlier migrations are of no further use here: without this, a developer's long-lived
      // PostgreSQL keeps one per edit of a migration. One being copied at this moment (another checkout's run)
      // refuses to go, and stays.
      const stale = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'rihla\\_template\\_%' AND datname <> $1",
        [name],
      );
      for (const { datname } of stale.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
    });
    return name;
  })();
  return template;
}
