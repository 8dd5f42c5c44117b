// Payment proofs on disk under DATA_DIR/uploads, each under a generated name (never the client's). A file is
// written before its booking's transaction and removed if that fails; files a crash left without a booking
// are swept at start-up.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';

export const UPLOAD_URL_PREFIX = '/api/uploads/';
export const UPLOAD_NAME_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|heic)$/;

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

export async function storeUpload(
  dataDir: string,
  bytes: Buffer,
  ext: string,
): Promise<{ file: string; url: string }> {
  const dir = uploadsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${ext}`;
  const file = path.join(dir, name);
  await fs.writeFile(file, bytes, { flag: 'wx', mode: 0o640 });
  return { file, url: UPLOAD_URL_PREFIX + name };
}

export async function removeUpload(dataDir: string, url: string | null | undefined) {
  const name = url?.startsWith(UPLOAD_URL_PREFIX) ? url.slice(UPLOAD_URL_PREFIX.length) : undefined;
  if (name && UPLOAD_NAME_PATTERN.test(name))
    await fs.rm(path.join(uploadsDir(dataDir), name), { force: true });
}

/** Removes uploads older than `graceMs` that no booking refers to (left by a crash mid-booking). */
export async function sweepOrphanUploads(
  db: Kysely<any>,
  dataDir: string,
  graceMs = 10 * 60_000,
): Promise<number> {
  const dir = uploadsDir(dataDir);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!UPLOAD_NAME_PATTERN.test(name)) continue;
    const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (!stat || Date.now() - stat.mtimeMs < graceMs) continue;
    const owner = await db
      .selectFrom('bookings')
      .select('id')
      .where('bankakScreenshot', '=', UPLOAD_URL_PREFIX + name)
      .executeTakeFirst();
    if (!owner) {
      await fs.rm(path.join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}
