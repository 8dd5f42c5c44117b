// Payment proofs live in the database, written in the transaction of the booking (or proof) they belong to:
// every API node serves them without a shared disk, a failed booking leaves nothing behind, a backup carries
// them. Each is recognised by its bytes, stored under a generated name, and hashed so that the same image sent
// for two bookings is flagged. Files that older versions kept under DATA_DIR/uploads move in at start.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { newId } from '../db/ids.ts';
import type { Db } from '../db/schema.ts';
import { type AcceptedMime, isTooLarge, recogniseImage } from './image-check.ts';

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

/** Who sent a proof (their rejected proofs count against them), when known. */
export interface ProofSender {
  address: string | null;
  device: string | null;
}

/** Stores a proof for a booking; call inside the transaction that makes or updates the booking. */
export async function insertProof(
  db: Db,
  bookingId: string,
  proof: Proof,
  now: Date,
  sender: ProofSender = { address: null, device: null },
) {
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
      clientAddress: sender.address,
      deviceId: sender.device,
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
 * Moves proofs that older versions wrote under DATA_DIR/uploads into the database, then removes the files;
 * files no booking refers to are removed. A referenced file that is not a recognisable image is left where it
 * is (nothing is thrown away that a person may need). Safe to run again, and on several nodes at once: a name
 * already stored, or a file another node already moved, is skipped.
 */
export async function importProofFiles(
  db: Db,
  dataDir: string,
): Promise<{ moved: number; removed: number; kept: number }> {
  const dir = path.join(dataDir, 'uploads');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const counts = { moved: 0, removed: 0, kept: 0 };
  for (const name of names) {
    if (!UPLOAD_NAME_PATTERN.test(name)) continue;
    const file = path.join(dir, name);
    const owner = await db
      .selectFrom('bookings')
      .select('id')
      .where('bankakScreenshot', '=', UPLOAD_URL_PREFIX + name)
      .executeTakeFirst();
    if (owner) {
      const bytes = await fs.readFile(file).catch(() => undefined);
      if (!bytes) continue; // another node moved it meanwhile
      const image = await recogniseImage(bytes);
      if (!image) {
        counts.kept++;
        continue;
      }
      const mtime = (await fs.stat(file).catch(() => undefined))?.mtime ?? new Date();
      const inserted = await db
        .insertInto('payment_proofs')
        .values({
          id: newId(),
          name,
          bookingId: owner.id,
          mime: image.mime,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          bytes,
          created_at: mtime.toISOString(),
        })
        .onConflict((oc) => oc.column('name').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) counts.moved++;
    } else counts.removed++;
    await fs.rm(file, { force: true });
  }
  return counts;
}
