// Request bodies cost no more than they must (server/http/request-bodies.ts, body-limits.ts): JSON nested
// deeper than 32 levels is refused while it arrives, each route reads at most what its schema can hold, and
// unknown paths and routes without a body read none, even a body that never ends.
import net from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT, jsonBodyLimit } from '../../server/http/body-limits.ts';
import { nestingScanner } from '../../server/http/request-bodies.ts';
import { createSchema, getResource, updateSchema } from '../../shared/registry/index.ts';
import { validBody } from './helpers/fixtures.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const TOO_DEEP = 'The request body is nested too deeply.';

/** A body that sends `start` and then nothing, without ever ending: only a server that stops reading answers. */
const endless = (start: string) => {
  const stream = new Readable({ read() {} });
  stream.push(start);
  return stream;
};

/** The promise, or a failure naming what did not answer within `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const json = { 'content-type': 'application/json' };
const lostItem = () => validBody('lostItems', {} as never);

describe('nestingScanner', () => {
  it('counts arrays and objects outside strings only, across chunks', () => {
    const scan = (...chunks: string[]) => {
      const allowed = nestingScanner(32);
      return chunks.every((chunk) => allowed(Buffer.from(chunk)));
    };
    expect(scan('['.repeat(32) + ']'.repeat(32))).toBe(true);
    expect(scan('['.repeat(33))).toBe(false);
    expect(scan('{"a":'.repeat(33))).toBe(false);
    expect(scan(`{"a":"${'['.repeat(100)}"}`)).toBe(true);
    expect(scan('{"a":"\\"', '[[[[', `${'['.repeat(40)}"}`)).toBe(true);
    expect(scan('{"a":"\\\\"', `,"b":${'['.repeat(33)}`)).toBe(false);
    expect(scan('['.repeat(20), '['.repeat(13))).toBe(false);
    expect(scan('[]'.repeat(1000))).toBe(true);
  });
});

describe('jsonBodyLimit', () => {
  it('gives small forms 16 KB and a report room for 20,000 characters at 3 bytes each', () => {
    for (const name of ['lostItems', 'enquiries', 'companies', 'trips', 'users'] as const)
      expect(jsonBodyLimit(createSchema(getResource(name))), name).toBe(JSON_BODY_LIMIT);
    const reports = getResource('reports');
    for (const schema of [createSchema(reports), updateSchema(reports)]) {
      expect(jsonBodyLimit(schema)).toBeGreaterThanOrEqual(20_200 * 3);
      expect(jsonBodyLimit(schema)).toBe(64 * 1024);
    }
  });
});

describe.each(dialects)('request bodies (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const auth = () => ({ authorization: `Bearer ${t.token}` });

  describe('nesting', () => {
    it('refuses JSON nested 33 deep with 400, before the rest of the body arrives', async () => {
      const response = await within(
        t.app.inject({
          method: 'POST',
          url: '/api/enquiries/createEnquiry',
          headers: json,
          payload: endless(`{"first_name":${'['.repeat(33)}`),
        }),
        2000,
        'an endless nested body',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(TOO_DEEP);
    });

    it('refuses a complete body nested 33 deep the same way, on public and staff calls', async () => {
      for (const [url, headers] of [
        ['/api/enquiries/createEnquiry', json],
        ['/api/auth/login', json],
        ['/api/reports/createReport', { ...json, ...auth() }],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers,
          payload: `{"a":${'['.repeat(40)}${']'.repeat(40)}}`,
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().message, url).toBe(TOO_DEEP);
      }
    });

    it('lets 32 levels through to validation, and does not count brackets inside strings', async () => {
      const deep = await t.app.inject({
        method: 'POST',
        url: '/api/enquiries/createEnquiry',
        headers: json,
        payload: `{"message":${'['.repeat(31)}${']'.repeat(31)}}`,
      });
      expect(deep.statusCode).toBe(400);
      expect(deep.json().message).not.toBe(TOO_DEEP);
      const message = `${'[{'.repeat(200)} "quoted \\" [[[ ${'}]'.repeat(10)}`;
      const stored = await t.app.inject({
        method: 'POST',
        url: '/api/enquiries/createEnquiry',
        headers: json,
        payload: JSON.stringify({ ...validBody('enquiries', {} as never), message }),
      });
      expect(stored.statusCode, stored.body).toBe(201);
      expect(stored.json().message).toBe(message);
    });
  });

  describe('limits per route', () => {
    it('a public form reads at most 16 KB', async () => {
      const padded = { ...lostItem(), padding: 'x'.repeat(17 * 1024) };
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/lostItems/createLostItem',
        headers: json,
        payload: JSON.stringify(padded),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('The request body is too large.');
      const fits = await t.app.inject({
        method: 'POST',
        url: '/api/lostItems/createLostItem',
        headers: json,
        payload: JSON.stringify({ ...lostItem(), description: 'ب'.repeat(2000) }),
      });
      expect(fits.statusCode, fits.body).toBe(201);
    });

    it('a report holds 20,000 characters of Arabic (40 KB), not 64 KB', async () => {
      const report = {
        report_title: 'تقرير الرحلة',
        report_description: 'تقرير '.repeat(4000).slice(0, 20_000),
      };
      const body = JSON.stringify(report);
      expect(Buffer.byteLength(body)).toBeGreaterThan(35_000);
      const stored = await t.app.inject({
        method: 'POST',
        url: '/api/reports/createReport',
        headers: { ...json, ...auth() },
        payload: body,
      });
      expect(stored.statusCode, stored.body.slice(0, 200)).toBe(201);
      expect(stored.json().report_description).toHaveLength(20_000);
      const tooBig = await t.app.inject({
        method: 'POST',
        url: '/api/reports/createReport',
        headers: { ...json, ...auth() },
        payload: JSON.stringify({ ...report, padding: 'x'.repeat(64 * 1024) }),
      });
      expect(tooBig.statusCode).toBe(413);
    });
  });

  describe('no body read where none is taken', () => {
    const cases = () => [
      { method: 'POST' as const, url: '/api/no-such-call', headers: json },
      // (cancelTrip takes a body now: the reason of a disruption.)
      {
        method: 'DELETE' as const,
        url: '/api/lostItems/deleteLostItem/none',
        headers: { ...json, ...auth() },
      },
      {
        method: 'DELETE' as const,
        url: '/api/enquiries/deleteEnquiry/none',
        headers: { ...json, ...auth() },
      },
      { method: 'POST' as const, url: '/api/auth/logout', headers: json },
    ];

    it('unknown paths and routes without a body schema answer without waiting for the body', async () => {
      for (const { method, url, headers } of cases()) {
        const response = await within(
          t.app.inject({ method, url, headers, payload: endless('['.repeat(1000)) }),
          2000,
          `${method} ${url}`,
        );
        expect(response.statusCode, `${method} ${url}`).not.toBe(400);
        expect(response.json().message, `${method} ${url}`).toEqual(expect.any(String));
      }
    });

    it('the body a staff screen still sends to cancelTrip is ignored', async () => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/trips/cancelTrip/none',
        headers: { ...json, ...auth() },
        payload: { isCancelled: true },
      });
      expect(response.statusCode).toBe(404);
    });

    it('over a socket: a 404 with an 800 KB body half sent is answered and the connection closed', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const socket = net.connect(Number(port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(
        `POST /api/no-such-call HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${800 * 1024}\r\n\r\n${'['.repeat(64 * 1024)}`,
      );
      await within(closed, 3000, 'the socket');
      expect(answer).toMatch(/^HTTP\/1\.1 404/);
      expect(answer.toLowerCase()).toContain('connection: close');
    });
  });
});
