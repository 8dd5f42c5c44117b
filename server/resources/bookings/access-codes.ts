// "Find my bookings" by phone (issue 22): a 6-digit code texted to the phone proves it, once, for 10 minutes.
// Each code belongs to the request that asked for it: the request's token (requestId, 128 random bits, given
// only to whoever asked and kept only as a hash) must come back with the code, the code is compared with that
// request's code alone, and wrong codes count against that request: its fifth spends it. Nothing counts against
// the phone but the codes sent to it: 5 an hour asked from one address (its /64), 15 an hour whoever asks. A
// stranger who knows a traveller's number spends only requests of their own and the codes of their own
// address; to keep the owner from a code for an hour they need three addresses besides the owner's (the 15 is
// what bounds the texts a phone can be sent for someone else). Counted in the database under a per-phone lock
// (PostgreSQL's advisory lock; SQLite has one writer), so several nodes count the same. Whether the phone has
// bookings changes nothing in the answers: the code is texted only to a phone with a booking live, paid or owed
// a refund (no SMS to strangers' phones), but is counted and answered the same for any phone.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ACCESS_CODE_LENGTH,
  ACCESS_CODE_MINUTES,
  ACCESS_CODE_WRONG_TRIES,
  ACCESS_CODES_PER_HOUR,
  ACCESS_CODES_PER_PHONE_HOUR,
} from '../../../shared/access-codes.ts';
import { ACCESS_CODE_TEMPLATES, type MessageLanguage } from '../../../shared/messages.ts';
import { newId } from '../../db/ids.ts';
import { lockName } from '../../db/locks.ts';
import type { Db } from '../../db/schema.ts';
import { enqueue } from '../../messages/outbox.repository.ts';

const MINUTE = 60_000;
/** Hours a code's row is kept: the hourly limit looks back one hour, nothing looks further. */
export const ACCESS_CODE_KEEP_HOURS = 24;

export type CodeRefusal =
  /** `scope`: whose hourly codes are spent, the asking address's for this phone, or the phone's own. */
  | { refused: 'TOO_MANY_CODES'; until: Date; scope: 'address' | 'phone' }
  | { refused: 'EXPIRED' }
  | { refused: 'WRONG_CODE'; triesLeft: number };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hashOf = (phone: string, code: string) => sha256(`${phone}:${code}`);

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

const phoneLock = (trx: Db, phone: string) => lockName(trx, `access-code:${phone}`);

/**
 * When the oldest of the last `limit` of these creation times leaves the hour: the next code may go then; null
 * while fewer than `limit` are in it.
 */
function fullUntil(times: string[], limit: number): Date | null {
  return times.length >= limit ? new Date(Date.parse(times[times.length - limit]) + 60 * MINUTE) : null;
}

/**
 * Makes a code for the phone and queues its text (to a phone with bookings only), in one transaction, and
 * answers the token of this request; or says why not (the address's 5 codes for this phone in the last hour,
 * or the phone's 15). `phone` is as bookings keep it (10 digits); `requester`, the address key of who asks
 * (clientAddressKey), kept only as a hash.
 */
export async function requestCode(
  db: Db,
  phone: string,
  language: MessageLanguage,
  now: Date,
  requester: string,
): Promise<{ expiresAt: Date; requestId: string } | Extract<CodeRefusal, { refused: 'TOO_MANY_CODES' }>> {
  const requesterHash = sha256(`access-code-requester:${requester}`);
  return db.transaction().execute(async (trx) => {
    await phoneLock(trx, phone);
    const hourAgo = new Date(now.getTime() - 60 * MINUTE).toISOString();
    const recent = await trx
      .selectFrom('access_codes')
      .select(['created_at', 'requester_hash'])
      .where('phone', '=', phone)
      .where('created_at', '>', hourAgo)
      .orderBy('created_at')
      .execute();
    const mine = recent.filter((row) => row.requester_hash === requesterHash).map((row) => row.created_at);
    const byAddress = fullUntil(mine, ACCESS_CODES_PER_HOUR);
    if (byAddress) return { refused: 'TOO_MANY_CODES' as const, until: byAddress, scope: 'address' as const };
    const byPhone = fullUntil(
      recent.map((row) => row.created_at),
      ACCESS_CODES_PER_PHONE_HOUR,
    );
    if (byPhone) return { refused: 'TOO_MANY_CODES' as const, until: byPhone, scope: 'phone' as const };
    const code = String(randomInt(0, 10 ** ACCESS_CODE_LENGTH)).padStart(ACCESS_CODE_LENGTH, '0');
    const requestId = randomBytes(16).toString('base64url');
    const expiresAt = new Date(now.getTime() + ACCESS_CODE_MINUTES * MINUTE);
    const id = newId();
    await trx
      .insertInto('access_codes')
      .values({
        id,
        phone,
        code_hash: hashOf(phone, code),
        request_hash: sha256(requestId),
        requester_hash: requesterHash,
        wrong_tries: 0,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        used_at: null,
      })
      .execute();
    // Texted only to a phone with something to find: a booking that is live, was paid, or is owed money back. A
    // hold that lapsed unpaid, or was cancelled unpaid, is not one: whoever once typed a stranger's phone into
    // a booking would otherwise have that phone texted 5 codes an hour for good.
    const booked = await trx
      .selectFrom('bookings')
      .select('id')
      .where('phone', '=', phone)
      .where((eb) =>
        eb.or([
          eb('paymentStatus', '=', 'verified'),
          eb('refundDue', 'is not', null),
          eb.and([eb('isCancelled', '=', 0), eb('paymentStatus', '!=', 'expired')]),
        ]),
      )
      .executeTakeFirst();
    if (booked) {
      const text = ACCESS_CODE_TEMPLATES[language](code, ACCESS_CODE_MINUTES);
      await enqueue(trx, { kind: 'access_code', phone, language, text, dedupeKey: `access_code:${id}` }, now);
    }
    return { expiresAt, requestId };
  });
}

/**
 * Checks a code against the one request `requestId` names (of this phone, not used, not expired; otherwise
 * EXPIRED, and nothing changes). A right code spends every code of the phone still waiting; a wrong one counts
 * against that request only, and the `ACCESS_CODE_WRONG_TRIES`th spends it. A code is good from its sending
 * until `ACCESS_CODE_MINUTES` later, exclusive.
 */
export async function checkCode(
  db: Db,
  request: { phone: string; requestId?: string; code: string },
  now: Date,
): Promise<{ proven: true } | Exclude<CodeRefusal, { refused: 'TOO_MANY_CODES' }>> {
  const { phone, requestId, code } = request;
  if (!requestId) return { refused: 'EXPIRED' };
  return db.transaction().execute(async (trx) => {
    await phoneLock(trx, phone);
    const row = await trx
      .selectFrom('access_codes')
      .select(['id', 'code_hash', 'wrong_tries'])
      .where('phone', '=', phone)
      .where('request_hash', '=', sha256(requestId))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (!row) return { refused: 'EXPIRED' as const };
    if (sameHash(row.code_hash, hashOf(phone, code))) {
      await trx
        .updateTable('access_codes')
        .set({ used_at: now.toISOString() })
        .where('phone', '=', phone)
        .where('used_at', 'is', null)
        .execute();
      return { proven: true as const };
    }
    const wrongTries = Number(row.wrong_tries) + 1;
    const spent = wrongTries >= ACCESS_CODE_WRONG_TRIES;
    await trx
      .updateTable('access_codes')
      .set({ wrong_tries: wrongTries, ...(spent ? { used_at: now.toISOString() } : {}) })
      .where('id', '=', row.id)
      .execute();
    return { refused: 'WRONG_CODE' as const, triesLeft: Math.max(0, ACCESS_CODE_WRONG_TRIES - wrongTries) };
  });
}

/** Deletes the codes sent more than `ACCESS_CODE_KEEP_HOURS` before `now` (a scheduled job); how many. */
export async function deleteOldCodes(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ACCESS_CODE_KEEP_HOURS * 60 * MINUTE).toISOString();
  const result = await db.deleteFrom('access_codes').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
