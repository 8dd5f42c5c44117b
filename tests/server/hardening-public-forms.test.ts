// The travellers' forms (lost-item reports, enquiries) are limited per address like the look-ups
// (LOOKUP_RATE_LIMIT_PER_IP, one counter for both forms, kept in the database so every node counts it), and
// all together: PUBLIC_FORMS_PER_HOUR from every address in any rolling hour, PUBLIC_FORMS_PER_PHONE_PER_DAY
// from one phone number in 24 hours (server/resources/crud/public-forms.ts). The clock is moved, never waited for.
import { beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ManualClock } from '../../server/clock.ts';
import { crudContract } from '../../shared/contract/index.ts';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en } from '../../shared/i18n/public/en.ts';
import { lostItems } from '../../shared/registry/resources.ts';
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
type Form = 'lostItems' | 'enquiries';
const URLS: Record<Form, string> = {
  lostItems: '/api/lostItems/createLostItem',
  enquiries: '/api/enquiries/createEnquiry',
};
/** Both forms in turn: they share one count. */
const formOf = (i: number): Form => (i % 2 ? 'enquiries' : 'lostItems');
/** The 429 a traveller's form may answer, as its contract declares it. */
const formLimit = crudContract(lostItems).create?.responses[429] as z.ZodType | undefined;

describe.each(dialects)('public forms from every address together (%s)', (dialect) => {
  const CAP = 10;
  const PER_PHONE = 5;
  const clock = new ManualClock();
  const t = useTestApp(dialect, {
    clock,
    env: { PUBLIC_FORMS_PER_HOUR: String(CAP), PUBLIC_FORMS_PER_PHONE_PER_DAY: String(PER_PHONE) },
  });

  let addresses = 0;
  /** An address no other form of this file came from (the per-address limit stays out of the way). */
  const newAddress = () => {
    addresses++;
    return `203.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };
  let phones = 0;
  /** A phone no other form of this file carried. */
  const newPhone = () => `091${String(3_000_000 + ++phones).padStart(7, '0')}`;

  const send = (
    form: Form,
    { phone = newPhone(), token, headers = {} }: { phone?: string; token?: string; headers?: object } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: URLS[form],
      remoteAddress: newAddress(),
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: { ...validBody(form, {} as never), phone },
    });
  const stored = async () => {
    let n = 0;
    for (const table of ['lost_items', 'enquiries'] as const)
      n += Number(
        (
          await t.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    return n;
  };
  const statuses = (answers: { statusCode: number }[]) => answers.map((answer) => answer.statusCode);
  const retryAfter = (answer: { headers: Record<string, unknown> }) => Number(answer.headers['retry-after']);

  // A new day for each test: every window an earlier test filled has passed.
  beforeEach(() => clock.advance(DAY + HOUR));

  it(`${3 * CAP} forms from ${3 * CAP} addresses: ${CAP} are stored, the others answer 429 FORMS_BUSY and store nothing`, async () => {
    const before = await stored();
    const start = clock.now().getTime();
    const answers = [];
    for (let i = 0; i < 3 * CAP; i++) {
      answers.push(await send(formOf(i)));
      clock.advance(1000);
    }
    expect(statuses(answers)).toEqual([...Array(CAP).fill(201), ...Array(2 * CAP).fill(429)]);
    expect((await stored()) - before).toBe(CAP);
    for (const [i, refused] of answers.entries()) {
      if (i < CAP) continue;
      const body = refused.json();
      // The first form's place frees an hour after it came; Retry-After counts down to it.
      expect(body).toMatchObject({ code: 'FORMS_BUSY', until: new Date(start + HOUR).toISOString() });
      expect(body.message).toEqual(expect.any(String));
      expect(formLimit?.safeParse(body).success, refused.body).toBe(true);
      expect(retryAfter(refused)).toBe(HOUR / 1000 - i);
    }
  });

  it(`${6 * CAP} forms from ${6 * CAP} addresses at once store ${CAP}`, async () => {
    const before = await stored();
    const answers = await Promise.all(Array.from({ length: 6 * CAP }, (_, i) => send(formOf(i))));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(CAP);
    expect(answers.filter((answer) => answer.json().code === 'FORMS_BUSY')).toHaveLength(5 * CAP);
    expect((await stored()) - before).toBe(CAP);
  });

  it('the hour rolls with the clock: a place frees when the form that took it is an hour old', async () => {
    const start = clock.now().getTime();
    const half = CAP / 2;
    const early = await Promise.all(Array.from({ length: half }, (_, i) => send(formOf(i))));
    clock.advance(30 * MINUTE);
    const late = await Promise.all(Array.from({ length: half }, (_, i) => send(formOf(i))));
    expect(statuses([...early, ...late])).toEqual(Array(CAP).fill(201));
    const full = await send('enquiries');
    expect(full.json()).toMatchObject({ code: 'FORMS_BUSY', until: new Date(start + HOUR).toISOString() });

    clock.set(new Date(start + HOUR - 1000));
    expect((await send('lostItems')).statusCode).toBe(429);
    // The early half has left the hour (a fixed window would have freed all ten, or none).
    clock.set(new Date(start + HOUR));
    const next = [];
    for (let i = 0; i <= half; i++) next.push(await send(formOf(i)));
    expect(statuses(next)).toEqual([...Array(half).fill(201), 429]);
    expect(next[half].json().until).toBe(new Date(start + 30 * MINUTE + HOUR).toISOString());
  });

  it('staff who keep the inbox are not counted against: their forms are stored while travellers wait', async () => {
    for (let i = 0; i < CAP; i++) expect((await send(formOf(i))).statusCode).toBe(201);
    expect((await send('lostItems')).statusCode).toBe(429);
    const before = await stored();
    for (let i = 0; i < 3; i++) expect((await send(formOf(i), { token: t.token })).statusCode).toBe(201);
    expect((await stored()) - before).toBe(3);
    expect((await send('enquiries')).json().code).toBe('FORMS_BUSY');
  });

  it(`one phone number: ${PER_PHONE} forms in 24 hours however it is written and from whichever address, then 429 FORMS_PHONE_LIMIT`, async () => {
    const phone = newPhone();
    const arabic = phone.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const spellings = [
      phone,
      `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`,
      `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`,
      arabic,
      `(${phone.slice(0, 3)}) ${phone.slice(3)}`,
    ];
    const start = clock.now().getTime();
    const before = await stored();
    for (const [i, spelt] of spellings.entries()) {
      expect((await send(formOf(i), { phone: spelt })).statusCode, spelt).toBe(201);
      clock.advance(MINUTE);
    }
    const refused = [];
    for (const [i, spelt] of [phone, arabic].entries()) refused.push(await send(formOf(i), { phone: spelt }));
    for (const answer of refused) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json()).toMatchObject({
        code: 'FORMS_PHONE_LIMIT',
        limit: PER_PHONE,
        until: new Date(start + DAY).toISOString(),
      });
      expect(formLimit?.safeParse(answer.json()).success, answer.body).toBe(true);
      expect(retryAfter(answer)).toBe((DAY - PER_PHONE * MINUTE) / 1000);
    }
    expect((await stored()) - before).toBe(PER_PHONE);
    // Another number is not held back, and the day rolls: the first form's place frees 24 hours after it.
    expect((await send('enquiries')).statusCode).toBe(201);
    clock.set(new Date(start + DAY));
    expect((await send('lostItems', { phone })).statusCode).toBe(201);
    expect((await send('enquiries', { phone })).statusCode).toBe(429);
  });

  it('a refusal names its code in any language asked; the public site says it in English and Arabic', async () => {
    for (let i = 0; i < CAP; i++) await send(formOf(i));
    for (const language of ['ar', 'en']) {
      const refused = await send('enquiries', { headers: { 'accept-language': language } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('FORMS_BUSY');
      expect(retryAfter(refused)).toBeGreaterThan(0);
    }
    const ARABIC = /[\u0600-\u06ff]/;
    for (const key of ['busy', 'phoneLimit', 'callUs'] as const) {
      expect(en.forms[key], key).not.toMatch(ARABIC);
      expect(ar.forms[key], key).toMatch(ARABIC);
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(placeholders(ar.forms[key]), key).toEqual(placeholders(en.forms[key]));
    }
  });
});
