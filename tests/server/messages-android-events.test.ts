// Delivery reports from an Android phone (SMS_GATEWAY=android, issue 20): SMS Gateway for Android posts its
// `sms:delivered` and `sms:failed` webhooks to /api/messages/androidEvents, signed with the key of its Settings
// (X-Signature: hex HMAC-SHA256 of the body as sent followed by X-Timestamp). A signed report marks our message
// (the app's messageId is our id); an unsigned, mis-signed, re-signed-body or replayed one changes nothing.
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/schema.ts';
import { makeGateway } from '../../server/messages/gateways.ts';
import { enqueue } from '../../server/messages/outbox.repository.ts';
import { sendDue } from '../../server/messages/sender.ts';
import { FakeAndroidPhone } from './helpers/fake-android-phone.ts';
import { newPhone } from './helpers/payments.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const KEY = 'phone-signing-key-0123456789';

describe.each(dialects)('the Android phone’s delivery reports (%s)', (dialect) => {
  const clock = new ManualClock();
  const t = useTestApp(dialect, { clock, env: { SMS_ANDROID_SIGNING_KEY: KEY } });
  const db = () => t.app.db as Db;

  /** A message the sender handed to the phone (status sent). */
  const sentMessage = async () => {
    const phone = newPhone();
    await enqueue(
      db(),
      { kind: 'broadcast', phone, language: 'ar', text: 'رحلة', dedupeKey: `android:${phone}` },
      clock.now(),
    );
    const row = await db()
      .selectFrom('messages')
      .select('id')
      .where('dedupe_key', '=', `android:${phone}`)
      .executeTakeFirstOrThrow();
    await db().updateTable('messages').set({ status: 'sent' }).where('id', '=', row.id).execute();
    return row.id;
  };
  const statusOf = async (id: string) =>
    await db().selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const event = (messageId: string, name = 'sms:delivered', extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      deviceId: 'ffffffffceb0b1db0000018e937c815b',
      event: name,
      id: 'Ey6ECgOkVVFjz3CL48B8C',
      payload: { messageId, phoneNumber: '+249912345678', ...extra },
      webhookId: 'rihla-delivered',
    });
  const post = (body: string, options: { key?: string; at?: Date; signature?: string } = {}) => {
    const timestamp = String(Math.floor((options.at ?? clock.now()).getTime() / 1000));
    const signature =
      options.signature ??
      createHmac('sha256', options.key ?? KEY)
        .update(body + timestamp)
        .digest('hex');
    return t.app.inject({
      method: 'POST',
      url: '/api/messages/androidEvents',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
    });
  };

  it('a signed sms:delivered marks the message delivered; sms:failed fails it with the phone’s reason', async () => {
    const delivered = await sentMessage();
    const answer = await post(event(delivered));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe('Recorded.');
    expect(await statusOf(delivered)).toMatchObject({ status: 'delivered' });

    const failed = await sentMessage();
    expect((await post(event(failed, 'sms:failed', { reason: 'RESULT_ERROR_NO_SERVICE' }))).statusCode).toBe(
      200,
    );
    expect(await statusOf(failed)).toMatchObject({ status: 'failed', last_error: 'RESULT_ERROR_NO_SERVICE' });
  });

  it('unsigned, signed with another key, a body changed after signing or a report replayed later: 401, nothing changes', async () => {
    const id = await sentMessage();
    const body = event(id);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/messages/androidEvents',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await post(body, { key: 'another-key-of-someone-else' })).statusCode).toBe(401);
    const timestamp = String(Math.floor(clock.now().getTime() / 1000));
    const signedOther = createHmac('sha256', KEY)
      .update(event('another-id') + timestamp)
      .digest('hex');
    expect((await post(body, { signature: signedOther })).statusCode).toBe(401);
    expect((await post(body, { signature: 'zz' })).statusCode).toBe(401);
    // Signed six minutes ago (a captured report sent again): refused.
    expect((await post(body, { at: new Date(clock.now().getTime() - 6 * 60_000) })).statusCode).toBe(401);
    expect(await statusOf(id)).toMatchObject({ status: 'sent' });
    // Within the five minutes of skew it is the phone's.
    expect((await post(body, { at: new Date(clock.now().getTime() - 4 * 60_000) })).statusCode).toBe(200);
    expect(await statusOf(id)).toMatchObject({ status: 'delivered' });
  });

  it('events it does not track, unknown ids and a second report are taken (no retries for two days) and change nothing', async () => {
    const id = await sentMessage();
    const sent = await post(event(id, 'sms:sent'));
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('Nothing to record.');
    expect(await statusOf(id)).toMatchObject({ status: 'sent' });
    expect((await post(event('no-such-message'))).json().message).toBe('Nothing to record.');
    expect((await post(event(id))).json().message).toBe('Recorded.');
    // A late failure report cannot undo a delivery.
    expect((await post(event(id, 'sms:failed', { reason: 'late' }))).json().message).toBe(
      'Nothing to record.',
    );
    expect(await statusOf(id)).toMatchObject({ status: 'delivered' });
    // A signed body of the wrong shape is a 400 in words, not a 500.
    const odd = await post(JSON.stringify({ event: 'sms:delivered' }));
    expect(odd.statusCode).toBe(400);
  });
});

describe.each(dialects)('a message sent through the phone, reported by the phone (%s)', (dialect) => {
  const clock = new ManualClock();
  const t = useTestApp(dialect, { clock, env: { SMS_ANDROID_SIGNING_KEY: KEY } });
  const phone = new FakeAndroidPhone('sms', 'secret-pass', KEY);
  beforeAll(() => phone.start());
  afterAll(() => phone.stop());
  const db = () => t.app.db as Db;
  const gateway = () =>
    makeGateway(
      loadConfig({
        SMS_GATEWAY: 'android',
        SMS_ANDROID_URL: phone.url,
        SMS_ANDROID_USER: 'sms',
        SMS_ANDROID_PASSWORD: 'secret-pass',
      }).sms,
      { info() {} } as unknown as FastifyBaseLogger,
    );
  const queueAndSend = async () => {
    const phoneNumber = newPhone();
    await enqueue(
      db(),
      {
        kind: 'broadcast',
        phone: phoneNumber,
        language: 'en',
        text: 'Bus at 9',
        dedupeKey: `loop:${phoneNumber}`,
      },
      clock.now(),
    );
    await sendDue({ db: db(), gateway: gateway(), node: 'a', now: () => clock.now() });
    return db()
      .selectFrom('messages')
      .selectAll()
      .where('dedupe_key', '=', `loop:${phoneNumber}`)
      .executeTakeFirstOrThrow();
  };
  const deliver = (webhook: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/messages/androidEvents', ...webhook });
  const statusOf = async (id: string) =>
    (await db().selectFrom('messages').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('the phone sends it under our id, then its signed sms:delivered marks it delivered', async () => {
    const message = await queueAndSend();
    expect(message).toMatchObject({ status: 'sent', provider_id: message.id });
    expect(phone.sent.get(message.id)?.textMessage.text).toBe('Bus at 9');
    expect((await deliver(phone.webhook('sms:delivered', message.id, clock.now()))).statusCode).toBe(200);
    expect(await statusOf(message.id)).toBe('delivered');
  });

  it('a forger who knows the id and the format but not the phone’s key changes nothing; the phone’s word still counts', async () => {
    const message = await queueAndSend();
    // The attack: claim a sent ticket failed (staff would send it again, spending credit) or was delivered.
    for (const forged of [
      phone.webhook('sms:failed', message.id, clock.now(), 'guessed-key'),
      phone.webhook('sms:delivered', message.id, clock.now(), ''),
      {
        ...phone.webhook('sms:failed', message.id, clock.now()),
        headers: { 'content-type': 'application/json' },
      },
    ]) {
      const answer = await deliver(forged);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toMatch(/signature/);
      expect(await statusOf(message.id)).toBe('sent');
    }
    // A real delivered report, its body then changed to say failed under the same signature.
    const real = phone.webhook('sms:delivered', message.id, clock.now());
    const tampered = { ...real, payload: real.payload.replace('sms:delivered', 'sms:failed') };
    expect((await deliver(tampered)).statusCode).toBe(401);
    expect(await statusOf(message.id)).toBe('sent');
    expect((await deliver(phone.webhook('sms:failed', message.id, clock.now()))).statusCode).toBe(200);
    expect(await statusOf(message.id)).toBe('failed');
  });
});

describe.each(dialects)('without SMS_ANDROID_SIGNING_KEY (%s)', (dialect) => {
  const t = useTestApp(dialect);
  it('no webhook is the phone’s', async () => {
    const body = JSON.stringify({ event: 'sms:delivered', payload: { messageId: 'x' } });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/messages/androidEvents',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-signature': createHmac('sha256', '')
          .update(body + timestamp)
          .digest('hex'),
      },
    });
    expect(answer.statusCode).toBe(401);
  });
});
