// Keeps the search caches of several API nodes on one PostgreSQL in step: every invalidation is also sent
// with NOTIFY, and every node LISTENs and applies it. While the listening connection is down, the cache is
// bypassed, so no node can serve an answer it was not told is stale. SQLite is one process: nothing to sync.
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { SearchCache } from './search-cache.ts';

const CHANNEL = 'rihla_search_cache';
const EVERYTHING = '*';

export function publishInvalidations(cache: SearchCache, db: Kysely<any>, log: FastifyBaseLogger) {
  const notify = (payload: string) =>
    sql`select pg_notify(${CHANNEL}, ${payload})`
      .execute(db)
      .catch((error) => log.error({ err: error }, 'cache notify failed'));
  cache.onInvalidate = (tripId) => void notify(tripId ?? EVERYTHING);
}

export async function listenForInvalidations(
  cache: SearchCache,
  databaseUrl: string,
  log: FastifyBaseLogger,
) {
  let client: pg.Client | undefined;
  let stopped = false;

  const connect = async () => {
    cache.enabled = false;
    cache.clear();
    try {
      client = new pg.Client({ connectionString: databaseUrl });
      client.on('notification', (message) => {
        if (message.payload === EVERYTHING) cache.clear(false);
        else if (message.payload) cache.invalidateTrip(message.payload, false);
      });
      client.on('error', (error) => {
        log.warn({ err: error }, 'search cache listener lost; cache off until it reconnects');
        retry();
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      cache.enabled = true;
    } catch (error) {
      log.warn({ err: error }, 'search cache listener could not connect');
      retry();
    }
  };
  const retry = () => {
    cache.enabled = false;
    client?.removeAllListeners();
    client?.end().catch(() => undefined);
    client = undefined;
    if (!stopped) setTimeout(connect, 1000).unref();
  };
  await connect();
  return async () => {
    stopped = true;
    cache.enabled = false;
    await client?.end().catch(() => undefined);
  };
}
