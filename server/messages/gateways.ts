// Where the outbox hands its messages (SMS_GATEWAY): `log` (the default: written to the server log and shown
// on the back-office's outbox screen, so `npm start` needs nothing), `http` (a generic gateway: POST JSON with
// a bearer token and the message id as Idempotency-Key) or `android` (SMS Gateway for Android, capcom6's
// open-source app, on a phone with a local SIM: its local server's POST /message with basic auth). Every call
// carries the message's own id, so a message sent again after a crash is known to the gateway.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SendOutcome } from './outbox.repository.ts';
import { maskedPhone } from '../../shared/passenger.ts';

export interface OutgoingMessage {
  id: string;
  to: string;
  text: string;
}

export interface Gateway {
  name: string;
  send(message: OutgoingMessage): Promise<SendOutcome>;
}

export interface GatewayConfig {
  gateway: 'log' | 'http' | 'android';
  httpUrl: string;
  httpToken: string;
  androidUrl: string;
  androidUser: string;
  androidPassword: string;
  /** The key the phone signs its webhooks with (its Settings → Webhooks → Signing Key). */
  androidSigningKey: string;
  /** Longest wait for a gateway's answer (ms). */
  timeoutMs: number;
}

export function logGateway(log: FastifyBaseLogger): Gateway {
  return {
    name: 'log',
    async send(message) {
      log.info(
        { sms: { id: message.id, to: maskedPhone(message.to), chars: message.text.length } },
        'SMS (log gateway)',
      );
      return { sent: true, providerId: null };
    },
  };
}

/** What an HTTP answer means: 2xx sent, 429 and 5xx again later, any other refusal failed for good. */
async function outcomeOf(response: Response, duplicateIsSent = false): Promise<SendOutcome> {
  if (response.ok) {
    const body = (await response.json().catch(() => undefined)) as { id?: unknown } | undefined;
    const providerId =
      body && (typeof body.id === 'string' || typeof body.id === 'number') ? String(body.id) : null;
    return { sent: true, providerId };
  }
  await response.body?.cancel().catch(() => undefined);
  if (duplicateIsSent && response.status === 409) return { sent: true, providerId: null };
  if (response.status === 429 || response.status >= 500) return { retry: `HTTP ${response.status}` };
  return { fail: `HTTP ${response.status}` };
}

/**
 * POSTs a message as JSON and says what the answer means; no answer at all (refused, dropped, too slow) is a
 * try to make again later. `duplicateIsSent`: the gateway answers 409 to an id it already sent.
 */
async function postMessage(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
  duplicateIsSent = false,
): Promise<SendOutcome> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return await outcomeOf(response, duplicateIsSent);
  } catch (error) {
    return { retry: error instanceof Error ? error.message : String(error) };
  }
}

export function httpGateway(config: GatewayConfig): Gateway {
  return {
    name: 'http',
    send: (message) =>
      postMessage(
        config.httpUrl,
        { Authorization: `Bearer ${config.httpToken}`, 'Idempotency-Key': message.id },
        message,
        config.timeoutMs,
      ),
  };
}

export function androidGateway(config: GatewayConfig): Gateway {
  const auth = Buffer.from(`${config.androidUser}:${config.androidPassword}`).toString('base64');
  return {
    name: 'android',
    // The app refuses a message id it already has (409): that message was sent before a crash.
    send: (message) =>
      postMessage(
        `${config.androidUrl.replace(/\/+$/, '')}/message`,
        { Authorization: `Basic ${auth}` },
        { id: message.id, textMessage: { text: message.text }, phoneNumbers: [message.to] },
        config.timeoutMs,
        true,
      ),
  };
}

export function makeGateway(config: GatewayConfig, log: FastifyBaseLogger): Gateway {
  if (config.gateway === 'http') return httpGateway(config);
  if (config.gateway === 'android') return androidGateway(config);
  return logGateway(log);
}

/** How far a webhook's signing time may be from ours: a report replayed later than this is refused. */
export const WEBHOOK_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Whether a webhook of SMS Gateway for Android is the phone's: X-Signature is the hex HMAC-SHA256, under the
 * signing key, of the body as it arrived followed by X-Timestamp (Unix seconds), which must be within five
 * minutes of now. No key configured: nothing is the phone's.
 */
export function signedByPhone(
  key: string,
  rawBody: string,
  timestamp: string | undefined,
  signature: string | undefined,
  now: Date,
): boolean {
  if (!key || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature))
    return false;
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > WEBHOOK_CLOCK_SKEW_MS) return false;
  const expected = createHmac('sha256', key)
    .update(rawBody + timestamp)
    .digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
