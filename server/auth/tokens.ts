// Access tokens (JWT, 15 minutes, in the client's memory) and refresh tokens (random, 30 days, stored
// hashed, rotated on every use; a token used twice ends its whole session family).
import type { Db } from '../db/schema.ts';
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
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

/** An access token for a user in a session: it is good only while that session is (staff-guard.ts checks). */
export async function signAccessToken(
  secret: Uint8Array,
  userId: string,
  sessionId: string,
): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(await hmacKey(secret));
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** The user and session of a valid access token (signed by us, unexpired, with both named), or undefined. */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return undefined;
  }
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new sign-in: its session (ending absolutely after REFRESH_TOKEN_MS) and its first refresh token. */
export async function startSession(db: Db, userId: string, ip: string, now = Date.now()) {
  const sessionId = newId();
  const expiresAt = now + REFRESH_TOKEN_MS;
  await db
    .insertInto('sessions')
    .values({ id: sessionId, user_id: userId, created_at: now, expires_at: expiresAt, ip })
    .execute();
  return { sessionId, refreshToken: await issueRefreshToken(db, userId, sessionId, expiresAt) };
}

async function issueRefreshToken(db: Db, userId: string, sessionId: string, expiresAt: number) {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('refresh_tokens')
    .values({
      id: newId(),
      token_hash: sha256(token),
      family_id: sessionId,
      user_id: userId,
      expires_at: expiresAt,
    })
    .execute();
  return token;
}

export type RotateResult =
  | { userId: string; sessionId: string; token: string }
  | { reused: true; userId: string; sessionId: string }
  | undefined;

/**
 * Exchanges a refresh token for a new one in the same session (whose end does not move), in one transaction
 * with the old token's row locked: a concurrent refresh with the same token waits until this one has marked
 * it used and issued its successor, then sees a used token, treats it as reuse and ends the whole session.
 */
export async function rotateRefreshToken(db: Db, token: string, now = Date.now()): Promise<RotateResult> {
  const found = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!found) return undefined;
  return db.transaction().execute(async (trx): Promise<RotateResult> => {
    const row = await lockRow(trx, 'refresh_tokens', found.id, 'update');
    if (!row || row.revoked_at != null || Number(row.expires_at) <= now) return undefined;
    const userId = String(row.user_id);
    const sessionId = String(row.family_id);
    const session = await trx
      .selectFrom('sessions')
      .select(['expires_at', 'revoked_at'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    if (!session || session.revoked_at != null || Number(session.expires_at) <= now) return undefined;
    if (row.used_at != null) {
      await endSession(trx, sessionId, now);
      return { reused: true, userId, sessionId };
    }
    await trx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', row.id).execute();
    return {
      userId,
      sessionId,
      token: await issueRefreshToken(trx, userId, sessionId, Number(session.expires_at)),
    };
  });
}

/** Ends a session: its access tokens stop working at once, its refresh tokens too. */
export async function endSession(db: Db, sessionId: string, now = Date.now()) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', sessionId)
    .execute();
}

/**
 * Ends every session of a user (a password, role or e-mail change; a deleted account's go with it), but
 * `except` one (the session that just changed its own password, having proved it).
 */
export async function endUserSessions(db: Db, userId: string, now = Date.now(), except = '') {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '<>', except)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('family_id', '<>', except)
    .execute();
}

/** The session a refresh token belongs to (for signing out with the cookie alone). */
export async function sessionOfRefreshToken(db: Db, token: string) {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'user_id'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  return row && { sessionId: String(row.family_id), userId: String(row.user_id) };
}
