// Connections a client cannot keep (server/http/connections.ts): a request that sends its headers and then
// stalls, or drips its body, is closed after REQUEST_TIMEOUT_MS (500 ms here) while others are served; past
// MAX_CONNECTIONS, new connections are refused; one address holds at most its share, and idle connections
// close sooner than a request's time.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { clientAddressKey } from '../../server/http/connections.ts';
import { createTestApp, dialects, type TestApp } from './helpers/test-app.ts';

const TIMEOUT_MS = 500;

interface RawSocket {
  socket: net.Socket;
  /** Resolves with the time the server closed the socket, and what it answered. */
  closed: Promise<{ at: number; answer: string }>;
}

function open(port: number, first?: string, localAddress = '127.0.0.1'): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => undefined);
    const closed = new Promise<{ at: number; answer: string }>((done) =>
      socket.on('close', () => done({ at: Date.now(), answer })),
    );
    socket.once('connect', () => {
      if (first) socket.write(first);
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

/** Whether the promise settles within `ms`. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

const STALLED_BODY =
  'POST /api/enquiries/createEnquiry HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
  'Content-Length: 100\r\n\r\n{"first_name":';

async function listen(t: TestApp): Promise<number> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return Number(new URL(address).port);
}

/** GET /api/health over a new connection from `localAddress` (another loopback address is another client). */
function healthFrom(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/health', localAddress, agent: false },
      (response) => {
        response.resume();
        resolve(response.statusCode!);
      },
    );
    request.on('error', reject);
  });
}

describe('configuration', () => {
  it('defaults to 30 s, 1000 connections and 5 % of them per address, and cannot be turned off', () => {
    expect(loadConfig({})).toMatchObject({
      requestTimeoutMs: 30_000,
      maxConnections: 1000,
      maxConnectionsPerIp: 50,
    });
    expect(
      loadConfig({ REQUEST_TIMEOUT_MS: '0', MAX_CONNECTIONS: '0', MAX_CONNECTIONS_PER_IP: '0' }),
    ).toMatchObject({ requestTimeoutMs: 30_000, maxConnections: 1000, maxConnectionsPerIp: 50 });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000', MAX_CONNECTIONS: '200' })).toMatchObject({
      requestTimeoutMs: 5000,
      maxConnections: 200,
      maxConnectionsPerIp: 10,
    });
    expect(loadConfig({ MAX_CONNECTIONS: '200', MAX_CONNECTIONS_PER_IP: '500' }).maxConnectionsPerIp).toBe(
      200,
    );
    expect(loadConfig({ MAX_CONNECTIONS_PER_IP: '120' }).maxConnectionsPerIp).toBe(120);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe(clientAddressKey('2001:db8:1:2:ffff:1:2:3'));
    expect(clientAddressKey('2001:db8:1:2::1')).not.toBe(clientAddressKey('2001:db8:1:3::1'));
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
  });
});

describe.each(dialects)('connections (%s)', (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
    port = await listen(t);
  });
  afterAll(() => t?.close());

  it('the server carries the timeouts', () => {
    expect(t.app.server.requestTimeout).toBe(TIMEOUT_MS);
    expect(t.app.server.headersTimeout).toBe(TIMEOUT_MS);
    expect(t.app.server.timeout).toBe(TIMEOUT_MS);
    expect(t.app.server.maxConnections).toBe(1000);
    // A connection waits for its next request a shorter time than a request may take.
    expect(t.app.server.keepAliveTimeout).toBeLessThan(TIMEOUT_MS);
  });

  it('closes a connection idle after its answer, and one that never sends anything', async () => {
    const kept = await open(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const silent = await open(port);
    expect(await settlesWithin(kept.closed, TIMEOUT_MS * 4), 'idle after an answer').toBe(true);
    expect((await kept.closed).answer).toMatch(/^HTTP\/1\.1 200/);
    expect(await settlesWithin(silent.closed, TIMEOUT_MS * 4), 'silent').toBe(true);
  });

  it('closes 50 connections whose body stalls after the headers, while serving others', async () => {
    const started = Date.now();
    const stalled = await Promise.all(Array.from({ length: 50 }, () => open(port, STALLED_BODY)));
    let closedEarly = 0;
    for (const { closed } of stalled) void closed.then(() => closedEarly++);
    // Another client (one address holds at most 50 connections: the stalled ones are its share).
    expect(await healthFrom(port, '127.0.0.2')).toBe(200);
    expect(closedEarly, 'served while the stalled connections are open').toBe(0);
    const all = Promise.all(stalled.map((s) => s.closed));
    expect(await settlesWithin(all, TIMEOUT_MS * 4), 'all stalled connections closed').toBe(true);
    for (const { at } of await all) expect(at - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  });

  it('closes a connection that drips its body a byte at a time, and one that stalls in its headers', async () => {
    const started = Date.now();
    const dripping = await open(port, STALLED_BODY);
    const drip = setInterval(() => dripping.socket.write(' '), 100);
    const halfHeaders = await open(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n');
    try {
      expect(await settlesWithin(dripping.closed, TIMEOUT_MS * 4), 'dripping body').toBe(true);
      expect(await settlesWithin(halfHeaders.closed, TIMEOUT_MS * 4), 'half headers').toBe(true);
    } finally {
      clearInterval(drip);
    }
    const { at, answer } = await dripping.closed;
    expect(at - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a whole request within the time is answered as usual', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/enquiries/createEnquiry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Amna', last_name: 'Osman', phone: '0912345678', message: 'Hello' }),
    });
    expect(response.status).toBe(201);
  });
});

describe('connection cap', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      MAX_CONNECTIONS: '3',
      MAX_CONNECTIONS_PER_IP: '3',
      REQUEST_TIMEOUT_MS: '5000',
    });
    port = await listen(t);
  });
  afterAll(() => t?.close());

  it('refuses connections beyond MAX_CONNECTIONS, and takes new ones once others close', async () => {
    const held = await Promise.all([open(port), open(port), open(port)]);
    const extra = await open(port);
    expect(await settlesWithin(extra.closed, 1000), 'the fourth connection is closed').toBe(true);
    expect((await extra.closed).answer).toBe('');
    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map((h) => h.closed));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });
});

describe('connections per address', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // 100 connections in all, so 5 per address.
    t = await createTestApp('sqlite', { MAX_CONNECTIONS: '100', REQUEST_TIMEOUT_MS: '10000' });
    port = await listen(t);
  });
  afterAll(() => t?.close());

  it("one address holding 150 idle sockets cannot stop another client's health check", async () => {
    const held = await Promise.all(Array.from({ length: 150 }, () => open(port)));
    try {
      expect(await healthFrom(port, '127.0.0.2')).toBe(200);
      expect(await healthFrom(port, '127.0.0.3')).toBe(200);
      // The address's own share is held; the rest were closed as they came, without an answer.
      const closed = (await Promise.all(held.map(({ closed }) => settlesWithin(closed, 2000)))).filter(
        Boolean,
      ).length;
      expect(closed).toBe(145);
    } finally {
      for (const { socket } of held) socket.destroy();
    }
  });
});

describe('connections through a trusted proxy', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      MAX_CONNECTIONS_PER_IP: '2',
      TRUST_PROXY: '127.0.0.1',
      REQUEST_TIMEOUT_MS: '10000',
    });
    port = await listen(t);
  });
  afterAll(() => t?.close());

  it('are not counted per address (every client behind it comes from its address), others are', async () => {
    const viaProxy = await Promise.all(Array.from({ length: 6 }, () => healthFrom(port, '127.0.0.1')));
    expect(viaProxy).toEqual(Array(6).fill(200));
    // The proxy's idle connections may stay longer than the proxy's own idle timeout (60 s is common).
    expect(t.app.server.keepAliveTimeout).toBeGreaterThan(60_000);
    const direct = await Promise.all(Array.from({ length: 3 }, () => open(port, undefined, '127.0.0.2')));
    expect(await settlesWithin(direct[2].closed, 2000), 'the third from one address').toBe(true);
    for (const { socket } of direct) socket.destroy();
  });
});
