// The JWT signing key: JWT_SECRET when set; otherwise generated once and kept where every node finds it
// (a file in DATA_DIR for SQLite; the database itself for PostgreSQL, shared by all API nodes).
import type { Db } from '../db/schema.ts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { type Database, ownerOnly } from '../db/database.ts';

export async function loadJwtSecret(config: Config, database: Database): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const generated = randomBytes(48).toString('base64url');
  if (database.dialect === 'sqlite') {
    const file = path.join(config.dataDir, 'jwt-secret');
    try {
      fs.writeFileSync(file, generated, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A secret written by hand, or by an older version under a looser umask, becomes private too.
    ownerOnly(file);
    return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
  }
  await database.db
    .insertInto('app_secrets')
    .values({ name: 'jwt', value: generated })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await database.db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'jwt')
    .executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}

/** Health: the database answers a query (the secrets table always exists). */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.selectFrom('app_secrets').select('name').limit(1).execute();
}
