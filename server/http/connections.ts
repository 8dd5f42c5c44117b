// How long a client may hold a connection, and how many it may hold. Fastify's defaults wait forever for a
// request that has sent its headers and then stalls: 50 such connections stayed open past 200 s. Now the
// whole request (headers and body) must arrive within REQUEST_TIMEOUT_MS, a connection silent that long is
// closed, and at most MAX_CONNECTIONS are open at once (more are refused as they come).
import type { ServerOptions } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Longer than the 60 s idle timeout of common proxies and load balancers, which must close first. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** How often Node looks for requests past their time (its default, 30 s, would let them overstay). */
const MAX_CHECKING_INTERVAL_MS = 1_000;

export function connectionOptions(config: Config): FastifyServerOptions & { http: ServerOptions } {
  const timeout = config.requestTimeoutMs;
  return {
    requestTimeout: timeout,
    connectionTimeout: timeout,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout: timeout,
      headersTimeout: timeout,
      connectionsCheckingInterval: Math.min(MAX_CHECKING_INTERVAL_MS, timeout),
    },
  };
}

export function capConnections(app: FastifyInstance, config: Config) {
  app.server.maxConnections = config.maxConnections;
}
