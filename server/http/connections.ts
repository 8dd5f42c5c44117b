// How long a client may hold a connection, and how many it may hold. Fastify's defaults wait forever for a
// request that has sent its headers and then stalls: 50 such connections stayed open past 200 s. Now the
// whole request (headers and body) must arrive within REQUEST_TIMEOUT_MS, a connection silent that long is
// closed, and at most MAX_CONNECTIONS are open at once (more are refused as they come).
//
// One address could still take them all (1,000 idle sockets, re-opened as they dropped: other clients' health
// checks succeeded 1 time in 116). So one address holds at most MAX_CONNECTIONS_PER_IP (an IPv6 client is
// counted by its /64, which is one subscriber's), and a connection idle between requests, or that has sent
// nothing yet, is closed after a few seconds rather than the request's timeout. Trusted proxies (TRUST_PROXY)
// are not counted: every client behind them arrives from their address, and the proxy limits its clients.
// The counts are this process's own connections: each node counts what it holds, which is all it can refuse.
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { proxyTrust } from './proxies.ts';

/** Behind a proxy: longer than the 60 s idle timeout of common proxies and load balancers, which must close first. */
const PROXIED_KEEP_ALIVE_MS = 72_000;
/** Directly: how long a connection may wait for its next request, or its first (Node's own keep-alive default). */
const IDLE_MS = 5_000;
/** How often Node looks for requests past their time (its default, 30 s, would let them overstay). */
const MAX_CHECKING_INTERVAL_MS = 1_000;

/** How long a connection may sit between requests: a few seconds, and always less than a request may take. */
export function idleTimeout(config: Config): number {
  if (config.trustProxy !== false) return PROXIED_KEEP_ALIVE_MS;
  return Math.min(IDLE_MS, Math.floor(config.requestTimeoutMs / 2));
}

export function connectionOptions(config: Config): FastifyServerOptions & { http: ServerOptions } {
  const timeout = config.requestTimeoutMs;
  return {
    requestTimeout: timeout,
    connectionTimeout: timeout,
    keepAliveTimeout: idleTimeout(config),
    http: {
      requestTimeout: timeout,
      headersTimeout: timeout,
      connectionsCheckingInterval: Math.min(MAX_CHECKING_INTERVAL_MS, timeout),
    },
  };
}

/**
 * The address one client is counted by: IPv4 as it is (also when IPv4-mapped), IPv6 by its /64 (one subscriber
 * is given a whole /64: counted by full address, it would have 2^64 of them). Every limit per address uses it.
 */
export function clientAddressKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return address ?? '';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).join(':')}::/64`;
}

/** The client a request is counted as, by every limit per address (the activity log keeps `request.ip`). */
export const clientOf = (request: { ip: string }) => clientAddressKey(request.ip);

export function capConnections(app: FastifyInstance, config: Config) {
  const server: Server = app.server;
  server.maxConnections = config.maxConnections;
  const trusted = proxyTrust(config.trustProxy);
  const idleMs = idleTimeout(config);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address && trusted?.(address, 0)) return;
    const key = clientAddressKey(address);
    const count = open.get(key) ?? 0;
    if (count >= config.maxConnectionsPerIp) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
    // A connection that has sent nothing is idle too (Node would keep it for the whole connection timeout).
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, idleMs);
    silent.unref();
    socket.once('close', () => clearTimeout(silent));
  });
}
