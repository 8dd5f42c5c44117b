// "Find my bookings" by phone (issue 22): a 6-digit code texted to the phone proves it, once, for 10 minutes.
// Everything is counted in the database under a per-phone lock (PostgreSQL's advisory lock; SQLite has one
// writer), so several nodes count the same codes and tries: at most 5 codes a phone an hour, and 5 wrong codes
// lock the phone for 15 minutes. Only a code's hash is kept. Whether the phone has bookings changes nothing in
// the answers: the code is texted only to a phone with a booking live, paid or owed a refund (no SMS to
// strangers' phones), but is counted and answered the same for any phone.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ACCESS_CODE_LENGTH,
  ACCESS_CODE_LOCK_MINUTES,
  ACCESS_CODE_MINUTES,
  ACCESS_CODE_WRONG_TRIES,
  ACCESS_CODES_PER_HOUR,
} from '../../../shared/access-codes.ts';
import { ACCESS_CODE_TEMPLATES, type MessageLanguage } from '../../../shared/messages.ts';
import { newId } from '../../db/ids.ts';
import { lockName } from '../../db/locks.ts';
import type { Db } from '../../db/schema.ts';
import { enqueue } from '../../messages/outbox.repository.ts';

const MINUTE = 60_000;

export type CodeRefusal =
  | { refused: 'LOCKED'; until: Date }
  | { refused: 'TOO_MANY_CODES'; until: Date }
  | { refused: 'WRONG_CODE'; triesLeft: number };

const hashOf = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** The phone's lock, when it holds at `now`. */
async function lockOf(trx: Db, phone: string, now: Date) {
  const row = await trx
    .selectFrom('access_code_phones')
    .selectAll()
    .where('phone', '=', phone)
    .executeTakeFirst();
  const until = row?.locked_until ? new Date(row.locked_until) : undefined;
  return { wrongTries: Number(row?.wrong_tries ?? 0), until: until && until > now ? until : undefined };
}

/** Every code of the phone still waiting is spent (a right code, or the lock). */
const spendCodes = (trx: Db, phone: string, now: Date) =>
  trx
    .updateTable('access_codes')
    .set({ used_at: now.toISOString() })
    .where('phone', '=', phone)
    .where('used_at', 'is', null)
    .execute();

async function setTries(trx: Db, phone: string, wrongTries: number, lockedUntil: Date | null) {
  const values = { wrong_tries: wrongTries, locked_until: lockedUntil?.toISOString() ?? null };
  await trx
    .insertInto('access_code_phones')
    .values({ phone, ...values })
    .onConflict((oc) => oc.column('phone').doUpdateSet(values))
    .execute();
}

/**
 * Makes a code for the phone and queues its text (to a phone with bookings only), in one transaction; or says
 * why not (locked, or 5 codes in the last hour). `phone` is as bookings keep it (10 digits).
 */
export async function requestCode(
  db: Db,
  phone: string,
  language: MessageLanguage,
  now: Date,
): Promise<{ expiresAt: Date } | Exclude<CodeRefusal, { refused: 'WRONG_CODE' }>> {
  return db.transaction().execute(async (trx) => {
    await lockName(trx, `access-code:${phone}`);
    const lock = await lockOf(trx, phone, now);
    if (lock.until) return { refused: 'LOCKED' as const, until: lock.until };
    const hourAgo = new Date(now.getTime() - 60 * MINUTE).toISOString();
    const recent = await trx
      .selectFrom('access_codes')
      .select('created_at')
      .where('phone', '=', phone)
      .where('created_at', '>', hourAgo)
      .orderBy('created_at')
      .execute();
    if (recent.length >= ACCESS_CODES_PER_HOUR) {
      const until = new Date(
        Date.parse(recent[recent.length - ACCESS_CODES_PER_HOUR].created_at) + 60 * MINUTE,
      );
      return { refused: 'TOO_MANY_CODES' as const, until };
    }
    const code = String(randomInt(0, 10 ** ACCESS_CODE_LENGTH)).padStart(ACCESS_CODE_LENGTH, '0');
    const expiresAt = new Date(now.getTime() + ACCESS_CODE_MINUTES * MINUTE);
    const id = newId();
    await trx
      .insertInto('access_codes')
      .values({
        id,
        phone,
        code_hash: hashOf(phone, code),
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
    return { expiresAt };
  });
}

/**
 * Spends a right code (every code of the phone then), or counts a wrong one: the fifth wrong one locks the phone
 * and spends its codes. A code is good from its sending until `ACCESS_CODE_MINUTES` later, exclusive.
 */
export async function checkCode(
  db: Db,
  phone: string,
  code: string,
  now: Date,
): Promise<{ proven: true } | CodeRefusal> {
  return db.transaction().execute(async (trx) => {
    await lockName(trx, `access-code:${phone}`);
    const lock = await lockOf(trx, phone, now);
    if (lock.until) return { refused: 'LOCKED' as const, until: lock.until };
    const waiting = await trx
      .selectFrom('access_codes')
      .select('code_hash')
      .where('phone', '=', phone)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .execute();
    const hash = hashOf(phone, code);
    if (waiting.some((row) => sameHash(row.code_hash, hash))) {
      await spendCodes(trx, phone, now);
      await setTries(trx, phone, 0, null);
      return { proven: true as const };
    }
    const wrongTries = lock.wrongTries + 1;
    if (wrongTries < ACCESS_CODE_WRONG_TRIES) {
      await setTries(trx, phone, wrongTries, null);
      return { refused: 'WRONG_CODE' as const, triesLeft: ACCESS_CODE_WRONG_TRIES - wrongTries };
    }
    const until = new Date(now.getTime() + ACCESS_CODE_LOCK_MINUTES * MINUTE);
    await spendCodes(trx, phone, now);
    await setTries(trx, phone, 0, until);
    return { refused: 'LOCKED' as const, until };
  });
}
