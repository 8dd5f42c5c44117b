// What the server keeps on disk is its own user's alone (DATA_DIR 0700; the SQLite files and the generated
// secret 0600, older looser files tightened at start), and HSTS is sent only over HTTPS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadJwtSecret } from '../../server/auth/secrets.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createTestApp, dialects, type TestApp } from './helpers/test-app.ts';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('file permissions (SQLite)', () => {
  const made: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-perm-'));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates DATA_DIR 0700 and rihla.db, -wal, -shm and jwt-secret 0600, whatever the umask', async () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const previous = process.umask(0o022);
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const database = openDatabase(config);
      await migrateToLatest(database.db);
      await loadJwtSecret(config, database);
      expect(mode(dataDir).toString(8)).toBe('700');
      for (const name of ['rihla.db', 'rihla.db-wal', 'rihla.db-shm', 'jwt-secret'])
        expect(mode(path.join(dataDir, name)).toString(8), name).toBe('600');
      await database.close();
    } finally {
      process.umask(previous);
    }
  });

  it('tightens the files an older version left readable by others', async () => {
    const dataDir = tempDir();
    const first = openDatabase({ dataDir });
    await migrateToLatest(first.db);
    await first.close();
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'an-old-secret-written-by-hand', { mode: 0o644 });
    for (const name of ['rihla.db', 'jwt-secret']) fs.chmodSync(path.join(dataDir, name), 0o644);

    const config = loadConfig({ DATA_DIR: dataDir });
    const database = openDatabase(config);
    const secret = await loadJwtSecret(config, database);
    expect(new TextDecoder().decode(secret)).toBe('an-old-secret-written-by-hand');
    for (const name of ['rihla.db', 'jwt-secret'])
      expect(mode(path.join(dataDir, name)).toString(8), name).toBe('600');
    await database.close();
  });
});

describe.each(dialects)('HSTS (%s)', (dialect) => {
  const apps: TestApp[] = [];
  const app = async (env: Record<string, string> = {}) => {
    const t = await createTestApp(dialect, env);
    apps.push(t);
    return t.app;
  };
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });
  const hsts = (response: { headers: Record<string, unknown> }) =>
    response.headers['strict-transport-security'];

  it('is not sent over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    const direct = await app();
    for (const url of ['/api/health', '/api/no-such-call', '/']) {
      expect(hsts(await direct.inject({ url })), url).toBeUndefined();
      const claimed = await direct.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(hsts(claimed), url).toBeUndefined();
      expect(claimed.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const proxied = await app({ TRUST_PROXY: '1' });
    expect(hsts(await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } }))).toBe(
      undefined,
    );
  });

  it('is sent over HTTPS behind a trusted proxy, on pages and API answers alike', async () => {
    const proxied = await app({ TRUST_PROXY: '1' });
    for (const url of ['/api/health', '/api/no-such-call', '/']) {
      const response = await proxied.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(String(hsts(response)), url).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
    }
  });
});
