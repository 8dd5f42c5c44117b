// Keeps the caches of several API nodes on one PostgreSQL in step: the write layer sends every change with
// NOTIFY inside the writing transaction (server/db/changes.ts), and every node LISTENs and applies what the
// others wrote. While the listening connection is down, the cache is bypassed, so no node can serve an answer
// it was not told is stale. SQLite is one process: nothing to sync.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { decodeChanges, NOTIFY_CHANNEL, type ChangeFeed } from '../db/changes.ts';
import type { ReadCache } from './read-cache.ts';

export async function listenForChanges(
  cache: ReadCache,
  feed: ChangeFeed,
  databaseUrl: string,
  log: FastifyBaseLogger,
) {
  let client: pg.Client | undefined;
  let stopped = false;

  const connect = async () => {
    cache.enabled = false;
    cache.dropAll();
    try {
      client = new pg.Client({ connectionString: databaseUrl });
      client.on('notification', (message) => {
        const decoded = message.payload ? decodeChanges(message.payload) : undefined;
        if (!decoded) cache.dropAll();
        else if (decoded.nodeId !== feed.nodeId) cache.apply(decoded.changes);
      });
      client.on('error', (error) => {
        log.warn({ err: error }, 'change listener lost; cache off until it reconnects');
        retry();
      });
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      cache.enabled = true;
    } catch (error) {
      log.warn({ err: error }, 'change listener could not connect');
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
