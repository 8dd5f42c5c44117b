// The travellers' forms (lost-item reports, enquiries) are limited per address like the look-ups
// (LOOKUP_RATE_LIMIT_PER_IP, one counter for both forms, kept in the database so every node counts it).
import { describe, expect, it } from 'vitest';
import { validBody } from './helpers/fixtures.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const LIMIT = 5;

describe.each(dialects)('public forms rate limit (%s)', (dialect) => {
  const t = useTestApp(dialect, { env: { LOOKUP_RATE_LIMIT_PER_IP: String(LIMIT) }, signIn: false });

  const send = (resource: 'lostItems' | 'enquiries', remoteAddress = '198.51.100.7', headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: resource === 'lostItems' ? '/api/lostItems/createLostItem' : '/api/enquiries/createEnquiry',
      remoteAddress,
      headers,
      payload: validBody(resource, {} as never),
    });
  const stored = async () => ({
    lostItems: Number(
      (
        await t.database.db
          .selectFrom('lost_items')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    ),
    enquiries: Number(
      (
        await t.database.db
          .selectFrom('enquiries')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    ),
  });

  it(`the ${LIMIT + 1}th form from one address in a minute answers 429 and is not stored`, async () => {
    const answers = [];
    for (let i = 0; i < LIMIT; i++) answers.push((await send(i % 2 ? 'enquiries' : 'lostItems')).statusCode);
    expect(answers).toEqual(Array(LIMIT).fill(201));
    const before = await stored();
    expect(before).toEqual({ lostItems: 3, enquiries: 2 });

    for (const resource of ['lostItems', 'enquiries'] as const) {
      const refused = await send(resource);
      expect(refused.statusCode, resource).toBe(429);
      expect(refused.json().message, resource).toEqual(expect.any(String));
    }
    // A made-up X-Forwarded-For does not reset the count (TRUST_PROXY is off).
    const spoofed = await send('enquiries', '198.51.100.7', { 'x-forwarded-for': '203.0.113.9' });
    expect(spoofed.statusCode).toBe(429);
    expect(await stored()).toEqual(before);
  });

  it('150 forms in a burst store no more than the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => send(i % 2 ? 'enquiries' : 'lostItems', '198.51.100.8')),
    );
    const created = answers.filter((a) => a.statusCode === 201).length;
    expect(created).toBe(LIMIT);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(150 - LIMIT);
  });

  it('another address is not held back, and the count lives in the database', async () => {
    expect((await send('lostItems', '192.0.2.44')).statusCode).toBe(201);
    const counters = await t.database.db
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where('key', 'like', 'public-forms|%')
      .execute();
    for (const address of ['192.0.2.44', '198.51.100.7', '198.51.100.8'])
      expect(
        counters.some((c) => c.key.includes(address)),
        address,
      ).toBe(true);
  });
});
