// The SMS gateway's delivery reports carry its bearer token (SMS_HTTP_TOKEN). A wrong token is 401 whatever its
// bytes: one as long as the token in characters but not in bytes (a Latin-1 letter in the header) made the
// constant-time comparison throw, and an anonymous call answered 500 (found by an attack review).
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const TOKEN = 'gateway-token-of-32-characters!!';

describe.each(dialects)('the delivery reports’ token (%s)', (dialect) => {
  const t = useTestApp(dialect, { env: { SMS_HTTP_TOKEN: TOKEN }, signIn: false });
  const report = (authorization: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/messages/delivery',
      headers: { authorization },
      payload: { id: 'x', status: 'delivered' },
    });

  it('is 401 when wrong or missing, of any length', async () => {
    for (const authorization of [`Bearer ${'x'.repeat(TOKEN.length)}`, 'Bearer x', '', `Bearer ${TOKEN}!`])
      expect((await report(authorization)).statusCode, authorization).toBe(401);
    expect((await report(`Bearer ${TOKEN}`)).statusCode).not.toBe(401);
  });

  it('is 401 for a token of the right length with a byte above 0x7F, sent over a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const body = JSON.stringify({ id: 'x', status: 'delivered' });
    const request = Buffer.concat([
      Buffer.from(
        `POST /api/messages/delivery HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nAuthorization: Bearer `,
      ),
      Buffer.from([0xe9]),
      Buffer.from('x'.repeat(TOKEN.length - 1)),
      Buffer.from(`\r\nConnection: close\r\n\r\n${body}`),
    ]);
    const answer = await new Promise<string>((resolve, reject) => {
      // Written, not ended: a client that half-closes first may be closed on before the answer is written.
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
  });
});
