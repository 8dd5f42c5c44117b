// Access tokens (JWT, 15 minutes, in the client's memory) and refresh tokens (random, 30 days, stored
// hashed, rotated on every use; a token used twice ends its whole session family).
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { newId } from '../db/ids.ts';
import { lockRow } from '../db/locks.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60 * 1000;

// jose imports a raw secret into a WebCrypto key on every call (a third of verifying a token): import each
// secret once.
const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(secret: Uint8Array, userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(await hmacKey(secret));
}

/** The user id of a valid access token, or undefined. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: ['HS256'] });
    return typeof payload.sub === 'string' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueRefreshToken(
  db: Kysely<any>,
  userId: string,
  familyId = newId(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('refresh_tokens')
    .values({
      id: newId(),
      token_hash: sha256(token),
      family_id: familyId,
      user_id: userId,
      expires_at: Date.now() + REFRESH_TOKEN_MS,
    })
    .execute();
  return token;
}

export type RotateResult = { userId: string; token: string } | { reused: true } | undefined;

/**
 * Exchanges a refresh token for a new one, in one transaction with the old token's row locked: a concurrent
 * refresh with the same token waits until this one has marked it used and issued its successor, then sees a
 * used token, treats it as reuse and revokes the whole family, the successor included.
 */
export async function rotateRefreshToken(db: Kysely<any>, token: string): Promise<RotateResult> {
  const now = Date.now();
  const found = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!found) return undefined;
  return db.transaction().execute(async (trx): Promise<RotateResult> => {
    const row = await lockRow(trx, 'refresh_tokens', found.id, 'update');
    if (!row || row.revoked_at != null || Number(row.expires_at) <= now) return undefined;
    if (row.used_at != null) {
      await revokeFamily(trx, String(row.family_id));
      return { reused: true };
    }
    await trx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', row.id).execute();
    const userId = String(row.user_id);
    return { userId, token: await issueRefreshToken(trx, userId, String(row.family_id)) };
  });
}

export async function revokeFamily(db: Kysely<any>, familyId: string) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: Date.now() })
    .where('family_id', '=', familyId)
    .execute();
}

export async function revokeRefreshToken(db: Kysely<any>, token: string) {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (row) await revokeFamily(db, row.family_id);
}
