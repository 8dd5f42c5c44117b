// Rate-limit counters kept in the database, so that several API nodes on one PostgreSQL count together.
// Plugs into @fastify/rate-limit as its `store`, and serves hand-made limits (login per email) directly.
// Windows are read on the app's clock (`now`, ms), which tests move: a window ends when the clock says so.
import type { Db } from '../db/schema.ts';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';

export interface Hit {
  current: number;
  ttl: number;
}

/** Counts `amount` (one hit, or bytes) of `key` in a fixed window and answers the count so far and the time left. */
export async function hit(db: Db, key: string, windowMs: number, now: number, amount = 1): Promise<Hit> {
  const resetAt = now + windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: amount, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.reset_at <= ${now} then ${amount} else rate_limits.count + ${amount} end`,
        reset_at: sql`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  if (Math.random() < 0.01) {
    await db.deleteFrom('rate_limits').where('reset_at', '<', now).execute();
  }
  return { current: Number(row.count), ttl: Math.max(0, Number(row.reset_at) - now) };
}

/** The count of `key` in its current window, without counting (0 when none or expired). */
export async function failures(db: Db, key: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  return row && Number(row.reset_at) > now ? Number(row.count) : 0;
}

/** Forgets the count of `key` (a correct password clears that account's failures from that address). */
export async function forget(db: Db, key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

type Callback = (error: Error | null, result: Hit) => void;
interface StoreOptions {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** A @fastify/rate-limit store class bound to one database and the app's clock. */
export function databaseStore(db: Db, clock: Clock, prefix = 'global') {
  return class DatabaseRateLimitStore {
    constructor(readonly options: StoreOptions = {}) {}

    private key(ip: string) {
      const route = this.options.routeInfo;
      const scope = this.options.groupId ?? (route?.url ? `${route.method}:${route.url}` : prefix);
      return `${scope}|${ip}`;
    }

    incr(ip: string, callback: Callback, timeWindow: number) {
      hit(db, this.key(ip), timeWindow, clock.now().getTime()).then(
        (result) => callback(null, result),
        (error: Error) => callback(error, { current: 0, ttl: 0 }),
      );
    }

    child(options: unknown) {
      return new DatabaseRateLimitStore(options as StoreOptions);
    }
  };
}
