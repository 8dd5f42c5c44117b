// Payment proofs live in the database, written in the transaction of the booking (or proof) they belong to:
// every API node serves them without a shared disk, a failed booking leaves nothing behind, a backup carries
// them. Each is recognised by its bytes, stored under a generated name, and hashed so that the same image sent
// for two bookings is flagged. Files that older versions kept under DATA_DIR/uploads move in at start.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { newId } from '../../db/ids.ts';
import type { Db } from '../../db/schema.ts';
import { type AcceptedMime, isTooLarge, recogniseImage } from '../bookings/image-check.ts';

export const UPLOAD_URL_PREFIX = '/api/uploads/';
export const UPLOAD_NAME_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|heic)$/;

export interface Proof {
  name: string;
  url: string;
  mime: AcceptedMime;
  sha256: string;
  bytes: Buffer;
}

export type ProofCheck = { proof: Proof } | { refused: 'PROOF_NOT_IMAGE' | 'PROOF_TOO_LARGE' };

/** Recognises an uploaded image by its bytes and names it; nothing is stored yet. */
export async function checkProof(bytes: Buffer): Promise<ProofCheck> {
  const image = await recogniseImage(bytes);
  if (!image) return { refused: 'PROOF_NOT_IMAGE' };
  if (isTooLarge(bytes, image.mime)) return { refused: 'PROOF_TOO_LARGE' };
  const name = `${randomUUID()}.${image.ext}`;
  return {
    proof: {
      name,
      url: UPLOAD_URL_PREFIX + name,
      mime: image.mime,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes,
    },
  };
}

/** Stores a proof for a booking; call inside the transaction that makes or updates the booking. */
export async function insertProof(db: Db, bookingId: string, proof: Proof, now: Date) {
  await db
    .insertInto('payment_proofs')
    .values({
      id: newId(),
      name: proof.name,
      bookingId,
      mime: proof.mime,
      size: proof.bytes.length,
      sha256: proof.sha256,
      bytes: proof.bytes,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The proofs a booking was sent, newest first (without their bytes). */
export async function proofsOf(db: Db, bookingId: string) {
  const rows = await db
    .selectFrom('payment_proofs')
    .select(['name', 'mime', 'size', 'created_at'])
    .where('bookingId', '=', bookingId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, size: Number(row.size), url: UPLOAD_URL_PREFIX + row.name }));
}

export async function findProof(db: Db, name: string) {
  if (!UPLOAD_NAME_PATTERN.test(name)) return undefined;
  const row = await db
    .selectFrom('payment_proofs')
    .select(['mime', 'bytes', 'size'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row && { mime: row.mime, bytes: Buffer.from(row.bytes), size: Number(row.size) };
}

/**
 * Moves proofs that older versions wrote under DATA_DIR/uploads into the database (each in one transaction
 * with its booking's row), then removes the files; files no booking refers to are removed. Safe to run again
 * and on several nodes: a name already stored is skipped.
 */
export async function importProofFiles(db: Db, dataDir: string): Promise<{ moved: number; removed: number }> {
  const dir = path.join(dataDir, 'uploads');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let moved = 0;
  let removed = 0;
  for (const name of names) {
    if (!UPLOAD_NAME_PATTERN.test(name)) continue;
    const file = path.join(dir, name);
    const owner = await db
      .selectFrom('bookings')
      .select('id')
      .where('bankakScreenshot', '=', UPLOAD_URL_PREFIX + name)
      .executeTakeFirst();
    const stored = await db
      .selectFrom('payment_proofs')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
    if (owner && !stored) {
      const bytes = await fs.readFile(file);
      const image = await recogniseImage(bytes);
      if (image) {
        const stat = await fs.stat(file);
        await insertProof(
          db,
          owner.id,
          {
            name,
            url: UPLOAD_URL_PREFIX + name,
            mime: image.mime,
            sha256: createHash('sha256').update(bytes).digest('hex'),
            bytes,
          },
          stat.mtime,
        );
        moved++;
      }
    } else if (!owner) removed++;
    await fs.rm(file, { force: true });
  }
  return { moved, removed };
}
