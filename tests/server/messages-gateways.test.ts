// SMS_GATEWAY=android against a fake of SMS Gateway for Android's local server (capcom6/android-sms-gateway:
// POST /message with basic auth, `{id, textMessage: {text}, phoneNumbers}`, answering 202 with its state), as
// the configuration builds it: the message's own id is the app's message id, so a message posted again after a
// crash is answered 409 and counted as sent; the app's 5xx and a dead phone are tried again, a 4xx fails.
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { makeGateway } from '../../server/messages/gateways.ts';
import { FakeAndroidPhone } from './helpers/fake-android-phone.ts';

describe('SMS_GATEWAY=android', () => {
  const phone = new FakeAndroidPhone();
  const gateway = () =>
    makeGateway(
      loadConfig({
        SMS_GATEWAY: 'android',
        SMS_ANDROID_URL: phone.url,
        SMS_ANDROID_USER: 'sms',
        SMS_ANDROID_PASSWORD: 'secret-pass',
        SMS_TIMEOUT_MS: '2000',
      }).sms,
      { info() {} } as unknown as FastifyBaseLogger,
    );
  const message = { id: 'msg-0001', to: '+249912345678', text: 'تذكرة رحلة RH-1234' };

  beforeAll(() => phone.start());
  afterAll(() => phone.stop());
  beforeEach(() => {
    phone.sent.clear();
    phone.requests = [];
    phone.script = [];
  });

  it('posts the message to the phone in its API shape, with basic auth and our id; the answer is sent', async () => {
    expect(gateway().name).toBe('android');
    expect(await gateway().send(message)).toEqual({ sent: true, providerId: 'msg-0001' });
    expect(phone.requests).toEqual([
      {
        path: '/message',
        authorization: `Basic ${Buffer.from('sms:secret-pass').toString('base64')}`,
        body: { id: 'msg-0001', textMessage: { text: message.text }, phoneNumbers: ['+249912345678'] },
      },
    ]);
  });

  it('a message posted again after a crash (409: the phone has its id) is sent, and not sent twice', async () => {
    await gateway().send(message);
    expect(await gateway().send(message)).toEqual({ sent: true, providerId: null });
    expect(phone.sent.size).toBe(1);
  });

  it('the phone busy (5xx, 429) or unreachable is tried again; a refusal (4xx) fails the message', async () => {
    phone.script = [503, 429, 'drop', 400];
    expect(await gateway().send(message)).toEqual({ retry: 'HTTP 503' });
    expect(await gateway().send(message)).toEqual({ retry: 'HTTP 429' });
    expect(await gateway().send(message)).toHaveProperty('retry');
    expect(await gateway().send(message)).toEqual({ fail: 'HTTP 400' });
    expect(phone.sent.size).toBe(0);
  });
});
