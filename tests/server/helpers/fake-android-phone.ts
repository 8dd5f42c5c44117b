// A fake of SMS Gateway for Android's local server (capcom6/android-sms-gateway) on loopback: POST /message with
// basic auth, `{id, textMessage: {text}, phoneNumbers}`, answering 202 with its state; a second POST of one id is
// 409 (the app keeps its messages by id). Like the app, it reports what became of a message by a webhook
// (`sms:delivered`, `sms:failed`), signed with the key of its Settings: X-Signature is the hex HMAC-SHA256 of
// the body followed by X-Timestamp (Unix seconds).
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { closeLoopback, listenOnLoopback } from './loopback.ts';

export type Posted = { id: string; textMessage: { text: string }; phoneNumbers: string[] };

export class FakeAndroidPhone {
  server = http.createServer((request, response) => this.handle(request, response));
  url = '';
  /** Messages the phone put on the air, by id (a second POST of one id sends nothing). */
  sent = new Map<string, Posted>();
  requests: { path: string; authorization?: string; body: Posted }[] = [];
  /** What the next calls answer instead of accepting: a status code, or 'drop' to hang up. */
  script: (number | 'drop')[] = [];

  constructor(
    readonly user = 'sms',
    readonly password = 'secret-pass',
    /** Settings → Webhooks → Signing Key. */
    readonly signingKey = '',
  ) {}

  async start() {
    this.url = await listenOnLoopback(this.server, '/');
  }
  stop() {
    return closeLoopback(this.server);
  }

  /** The webhook the app posts when a message it sent is delivered or fails: its body and headers. */
  webhook(event: 'sms:delivered' | 'sms:failed', messageId: string, at: Date, key = this.signingKey) {
    const message = this.sent.get(messageId);
    const body = JSON.stringify({
      deviceId: 'ffffffffceb0b1db0000018e937c815b',
      event,
      id: `evt-${messageId}-${event}`,
      payload: {
        messageId,
        phoneNumber: message?.phoneNumbers[0] ?? '+249912345678',
        ...(event === 'sms:delivered'
          ? { deliveredAt: at.toISOString() }
          : { failedAt: at.toISOString(), reason: 'RESULT_ERROR_GENERIC_FAILURE' }),
      },
      webhookId: `rihla-${event}`,
    });
    const timestamp = String(Math.floor(at.getTime() / 1000));
    return {
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-signature': createHmac('sha256', key)
          .update(body + timestamp)
          .digest('hex'),
      },
    };
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse) {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = JSON.parse(raw) as Posted;
      this.requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      const step = this.script.shift();
      if (step === 'drop') return request.socket.destroy();
      if (step) return response.writeHead(step).end();
      if (
        request.headers.authorization !==
        `Basic ${Buffer.from(`${this.user}:${this.password}`).toString('base64')}`
      )
        return response.writeHead(401).end();
      if (request.url !== '/message') return response.writeHead(404).end();
      if (this.sent.has(body.id)) return response.writeHead(409).end('{"message":"exists"}');
      this.sent.set(body.id, body);
      response.writeHead(202, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: body.id, state: 'Pending', recipients: [] }));
    });
  }
}
