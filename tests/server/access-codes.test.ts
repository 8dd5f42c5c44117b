// "Find my bookings" by phone (issue 22): a 6-digit code texted through the outbox, single use, good for 10
// minutes, 5 codes a phone an hour from one address and 15 from any, a limit per address; then every booking of
// that phone and no other's. Each
// code belongs to its request (the requestId requestCode answers): wrong codes spend that request only, so a
// stranger who knows a traveller's number cannot lock the traveller out. Codes are deleted a day after they
// were sent. The clock is moved, never waited for.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import * as codeRequests from '../../server/db/migrations/2026-12-02-106-code-requests.ts';
import { deleteOldCodes } from '../../server/resources/bookings/access-codes.ts';
import { bookingContext, expireLapsedHolds } from '../../server/sales/index.ts';
import { client, createTestApp, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { book, bookingFields, PASSENGER, postBooking } from './helpers/bookings.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let phones = 0;
let addresses = 0;
/** A phone no other test of the file uses (each test starts with clean counts). */
const freshPhone = () => `09${String(10_000_000 + ++phones * 7919).padStart(8, '0')}`;

describe.each(dialects)('find my bookings by phone (%s)', (dialect) => {
  const clock = new ManualClock();
  // The limit per address has its own test below; here strangers and owners call as often as a test needs.
  const t = useTestApp(dialect, { clock, env: { ACCESS_CODE_RATE_LIMIT_PER_IP: '100000' } });
  let trip: Awaited<ReturnType<typeof makeTrip>>['trip'];

  const requestCode = (phone: string, language?: string) =>
    client(t).post('/api/bookings/requestCode', { phone, ...(language ? { language } : {}) });
  /** myBookings, with the request's token when there is one (a stranger may have none). */
  const myBookings = (phone: string, code: string, requestId?: string) =>
    client(t).post('/api/bookings/myBookings', {
      phone,
      code,
      ...(requestId === undefined ? {} : { requestId }),
    });
  /** A stranger at an address of their own: its calls are not the owner's. */
  const stranger = () => {
    const remoteAddress = `198.51.100.${++addresses}`;
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress });
    return {
      requestCode: (phone: string) => post('/api/bookings/requestCode', { phone }),
      myBookings: (phone: string, code: string, requestId?: string) =>
        post('/api/bookings/myBookings', { phone, code, ...(requestId === undefined ? {} : { requestId }) }),
    };
  };
  /** The codes texted to a phone, newest first, read from the outbox. */
  const textedCodes = async (phone: string) => {
    const rows = await t.database.db
      .selectFrom('messages')
      .select(['id', 'text', 'language'])
      .where('kind', '=', 'access_code')
      .where('phone', '=', `+249${phone.slice(1)}`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({ code: /\d{6}/.exec(row.text)![0], ...row }));
  };
  /**
   * Asks for a code as the phone's owner: the code texted for this request (the one text more than before: two
   * asked for at one instant are not ordered) and the request's token.
   */
  const sendCode = async (phone: string) => {
    const before = new Set((await textedCodes(phone)).map((text) => text.id));
    const response = await requestCode(phone);
    expect(response.statusCode, response.body).toBe(202);
    const { requestId } = response.json() as { requestId?: string };
    const fresh = (await textedCodes(phone)).filter((text) => !before.has(text.id));
    expect(fresh).toHaveLength(1);
    return { code: fresh[0].code, requestId };
  };
  /** The phone's codes still waiting (not used, not spent). */
  const waitingCodes = async (phone: string) =>
    (
      await t.database.db
        .selectFrom('access_codes')
        .select('id')
        .where('phone', '=', phone)
        .where('used_at', 'is', null)
        .execute()
    ).length;
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const bookWith = (phone: string, seats: number[]) =>
    book(t, trip, seats, {
      passengerInfo: JSON.stringify({ ...PASSENGER, phone }),
    });

  beforeAll(async () => {
    ({ trip } = await makeTrip(t, t.token, { seats: 40, price: 500 }));
  });

  it('texts a 6-digit code in the asked language and answers every booking of that phone with its signed code', async () => {
    const phone = freshPhone();
    const first = await bookWith(phone, [1]);
    const second = await bookWith(phone, [2, 3]);
    await bookWith(freshPhone(), [4]);
    const response = await requestCode(phone, 'en');
    expect(response.statusCode, response.body).toBe(202);
    const { expiresAt, requestId } = response.json();
    expect(Date.parse(expiresAt)).toBe(clock.now().getTime() + 10 * MINUTE);
    const [texted] = await textedCodes(phone);
    expect(texted.language).toBe('en');
    expect(texted.text).toMatch(/^\d{6} is your Rihla code/);
    // The token is 128 random bits, never texted, kept only as its hash.
    expect(requestId).toMatch(/^[\w-]{22}$/);
    expect(texted.text).not.toContain(requestId);
    const row = await t.database.db
      .selectFrom('access_codes')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row.request_hash).toBe(createHash('sha256').update(requestId).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(requestId);

    const found = await myBookings(phone, texted.code, requestId);
    expect(found.statusCode, found.body).toBe(200);
    const bookings = found.json() as { _id: string; passengerInfo: { phone: string }; ticketCode: string }[];
    expect(bookings.map((b) => b._id).sort()).toEqual([first._id, second._id].sort());
    for (const booking of bookings) {
      expect(booking.passengerInfo.phone).toBe(phone);
      expect(t.app.ticketSigner.verify(booking.ticketCode)).toMatchObject({ tripId: trip._id });
    }
    // Nothing a traveller should not see.
    expect(found.body).not.toMatch(/soldBy|verifiedBy|overrideNote/);
  });

  it('answers the same to a phone without bookings, and texts it nothing', async () => {
    const phone = freshPhone();
    const response = await requestCode(phone);
    expect(response.statusCode).toBe(202);
    expect(Object.keys(response.json())).toEqual(['expiresAt', 'requestId']);
    expect(await textedCodes(phone)).toEqual([]);
    // A guess is a wrong code like any other, and an unknown request is refused as anyone's is.
    const guess = await myBookings(phone, '123456', response.json().requestId);
    expect(guess.statusCode).toBe(400);
    expect(guess.json()).toMatchObject({ code: 'WRONG_CODE', triesLeft: 4 });
    const unknown = await myBookings(phone, '123456', randomBytes(16).toString('base64url'));
    expect(unknown.json()).toMatchObject({ code: 'CODE_EXPIRED' });
  });

  it('texts nothing to a phone whose only booking lapsed or was cancelled unpaid (a stranger’s, typed once)', async () => {
    const phone = freshPhone();
    const held = await bookWith(phone, [30]);
    const lapsing = await bookWith(phone, [31]);
    expect(
      (
        await client(t).patch(`/api/bookings/cancelBooking/${held._id}`, {
          ticketId: held.ticketId,
          phone,
        })
      ).statusCode,
    ).toBe(200);
    const start = clock.now();
    try {
      // The other hold lapses unpaid, and the sweep expires it.
      clock.set(new Date(Date.parse(lapsing.paymentDeadline!) + MINUTE));
      await expireLapsedHolds(bookingContext(t.app));
      const response = await requestCode(phone);
      expect(response.statusCode).toBe(202);
      expect(await textedCodes(phone)).toEqual([]);
      // A live booking of the phone gets the code again.
      await bookWith(phone, [32]);
      expect((await sendCode(phone)).code).toMatch(/^\d{6}$/);
    } finally {
      clock.set(start);
    }
  });

  it('a code works once: the second use is refused, its request being used', async () => {
    const phone = freshPhone();
    await bookWith(phone, [5]);
    const { code, requestId } = await sendCode(phone);
    expect((await myBookings(phone, code, requestId)).statusCode).toBe(200);
    const again = await myBookings(phone, code, requestId);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'CODE_EXPIRED', message: expect.any(String) });
  });

  it('a right code spends every other code of the phone still waiting', async () => {
    const phone = freshPhone();
    await bookWith(phone, [12]);
    const older = await sendCode(phone);
    const newer = await sendCode(phone);
    expect((await myBookings(phone, newer.code, newer.requestId)).statusCode).toBe(200);
    expect(await waitingCodes(phone)).toBe(0);
    expect((await myBookings(phone, older.code, older.requestId)).json().code).toBe('CODE_EXPIRED');
  });

  it('a code is good until just before 10 minutes, not at 10 minutes', async () => {
    const phone = freshPhone();
    await bookWith(phone, [6]);
    const early = await sendCode(phone);
    clock.advance(10 * MINUTE - 1);
    expect((await myBookings(phone, early.code, early.requestId)).statusCode).toBe(200);

    const late = await sendCode(phone);
    clock.advance(10 * MINUTE);
    const lapsed = await myBookings(phone, late.code, late.requestId);
    expect(lapsed.statusCode).toBe(400);
    expect(lapsed.json().code).toBe('CODE_EXPIRED');
  });

  it('sends at most 5 codes a phone in any hour', async () => {
    const phone = freshPhone();
    await bookWith(phone, [7]);
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(phone)).statusCode).toBe(202);
      clock.advance(MINUTE);
    }
    const sixth = await requestCode(phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'CODE_LIMIT' });
    expect(Date.parse(sixth.json().until)).toBe(clock.now().getTime() + 55 * MINUTE);
    expect(await textedCodes(phone)).toHaveLength(5);
    // An hour after the first, one more may go.
    clock.advance(55 * MINUTE - 1);
    expect((await requestCode(phone)).statusCode).toBe(429);
    clock.advance(1);
    expect((await requestCode(phone)).statusCode).toBe(202);
  });

  it('5 wrong codes spend that request only: its right code is then refused, another request of the phone works', async () => {
    const phone = freshPhone();
    await bookWith(phone, [8]);
    const spent = await sendCode(phone);
    const other = await sendCode(phone);
    for (let triesLeft = 4; triesLeft >= 0; triesLeft--) {
      const wrong = await myBookings(phone, wrongOf(spent.code), spent.requestId);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_CODE', triesLeft });
    }
    // Spent: its right code and more guesses are refused, and counted nowhere.
    expect((await myBookings(phone, spent.code, spent.requestId)).json().code).toBe('CODE_EXPIRED');
    expect((await myBookings(phone, wrongOf(spent.code), spent.requestId)).json().code).toBe('CODE_EXPIRED');
    // The phone's other request has all its tries, and its code works; so does a new one.
    expect((await myBookings(phone, wrongOf(other.code), other.requestId)).json()).toMatchObject({
      code: 'WRONG_CODE',
      triesLeft: 4,
    });
    expect((await myBookings(phone, other.code, other.requestId)).statusCode).toBe(200);
    const next = await sendCode(phone);
    expect((await myBookings(phone, next.code, next.requestId)).statusCode).toBe(200);
  });

  it('a code is compared with its own request’s code alone, not with the phone’s other codes', async () => {
    const phone = freshPhone();
    await bookWith(phone, [13]);
    const first = await sendCode(phone);
    const second = await sendCode(phone);
    const crossed = await myBookings(phone, first.code, second.requestId);
    expect(crossed.json()).toMatchObject({ code: 'WRONG_CODE', triesLeft: 4 });
    expect((await myBookings(phone, second.code, second.requestId)).statusCode).toBe(200);
  });

  describe('a stranger who knows the phone cannot lock its owner out', () => {
    /** The owner's request, made before the stranger starts, and its code. */
    const ownerWaiting = async (seat: number) => {
      const phone = freshPhone();
      await bookWith(phone, [seat]);
      return { phone, ...(await sendCode(phone)) };
    };
    /** The owner's waiting request, and a new one, both work after whatever the stranger did. */
    const ownerStillGetsIn = async (owner: { phone: string; code: string; requestId?: string }) => {
      const waiting = await myBookings(owner.phone, owner.code, owner.requestId);
      expect(waiting.statusCode, waiting.body).toBe(200);
      expect(waiting.json()).toHaveLength(1);
      const fresh = await sendCode(owner.phone);
      const again = await myBookings(owner.phone, fresh.code, fresh.requestId);
      expect(again.statusCode, again.body).toBe(200);
    };

    it('50 wrong codes without a requestId are refused, counted nowhere', async () => {
      const owner = await ownerWaiting(14);
      const attacker = stranger();
      for (let i = 0; i < 50; i++) {
        const guess = await attacker.myBookings(owner.phone, String(100_000 + i));
        expect(guess.statusCode).toBe(400);
        expect(guess.json().code).toBe('CODE_EXPIRED');
      }
      await ownerStillGetsIn(owner);
    });

    it('50 wrong codes with made-up requestIds are refused, counted nowhere', async () => {
      const owner = await ownerWaiting(15);
      const attacker = stranger();
      for (let i = 0; i < 50; i++) {
        const guess = await attacker.myBookings(
          owner.phone,
          String(100_000 + i),
          randomBytes(16).toString('base64url'),
        );
        expect(guess.statusCode).toBe(400);
        expect(guess.json().code).toBe('CODE_EXPIRED');
      }
      await ownerStillGetsIn(owner);
    });

    it('a request of their own for the phone: their wrong codes spend that request only', async () => {
      const owner = await ownerWaiting(16);
      const attacker = stranger();
      const asked = await attacker.requestCode(owner.phone);
      expect(asked.statusCode).toBe(202);
      const { requestId } = asked.json() as { requestId?: string };
      const answers: unknown[] = [];
      for (let i = 0; i < 50; i++) {
        const guess = await attacker.myBookings(owner.phone, String(100_000 + i), requestId);
        answers.push(guess.json().triesLeft ?? guess.json().code);
      }
      // The owner's code is one of a million: 5 wrong answers, then the stranger's request is spent.
      expect(answers).toEqual([4, 3, 2, 1, 0, ...Array(45).fill('CODE_EXPIRED')]);
      await ownerStillGetsIn(owner);
    });

    it('their code requests spend their address’s 5 for the phone; the phone’s 15 an hour take three strangers’ addresses', async () => {
      const owner = await ownerWaiting(18);
      const first = clock.now().getTime();
      const attacker = stranger();
      for (let i = 0; i < 5; i++) expect((await attacker.requestCode(owner.phone)).statusCode).toBe(202);
      const sixth = await attacker.requestCode(owner.phone);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toMatchObject({ code: 'CODE_LIMIT', scope: 'address' });
      // The owner, at their own address, still gets a code and in (2 codes of theirs so far, 5 of the stranger's).
      await ownerStillGetsIn(owner);
      // Two addresses more spend the phone's 15: then nobody is sent one until the hour of the first is over.
      for (const count of [5, 3]) {
        const other = stranger();
        for (let i = 0; i < count; i++) expect((await other.requestCode(owner.phone)).statusCode).toBe(202);
      }
      for (const asker of [stranger(), { requestCode }]) {
        const refused = await asker.requestCode(owner.phone);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 'CODE_LIMIT', scope: 'phone' });
        expect(Date.parse(refused.json().until)).toBe(first + HOUR);
      }
      expect(await textedCodes(owner.phone)).toHaveLength(15);
    });

    it('the requestId of another phone is refused with this phone, and counts against neither', async () => {
      const owner = await ownerWaiting(17);
      const attacker = stranger();
      const ownPhone = freshPhone();
      const asked = await attacker.requestCode(ownPhone);
      const { requestId } = asked.json() as { requestId?: string };
      for (let i = 0; i < 5; i++) {
        const guess = await attacker.myBookings(owner.phone, String(100_000 + i), requestId);
        expect(guess.json().code).toBe('CODE_EXPIRED');
      }
      // Nor does the owner's requestId open the stranger's phone, even with the owner's right code.
      const crossed = await attacker.myBookings(ownPhone, owner.code, owner.requestId);
      expect(crossed.json().code).toBe('CODE_EXPIRED');
      // The stranger's own request kept its 5 tries.
      expect((await attacker.myBookings(ownPhone, '000000', requestId)).json().triesLeft).toBe(4);
      await ownerStillGetsIn(owner);
    });
  });

  it('refuses unreadable phones, codes and requestIds in words, never 500; reads Arabic-Indic digits', async () => {
    for (const body of [{}, { phone: '12' }, { phone: 42 }, { phone: '0912345678', extra: 1 }]) {
      const response = await client(t).post('/api/bookings/requestCode', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const response = await myBookings('0912345678', code, 'x');
      expect(response.statusCode, code).toBe(400);
      expect(response.json().code).toBeUndefined();
    }
    for (const requestId of [42, ['x'], 'x'.repeat(101)]) {
      const response = await client(t).post('/api/bookings/myBookings', {
        phone: '0912345678',
        code: '123456',
        requestId,
      });
      expect(response.statusCode, JSON.stringify(requestId)).toBe(400);
      expect(response.json().message).toBeTruthy();
      expect(response.json().code).toBeUndefined();
    }
    const phone = freshPhone();
    await bookWith(phone, [10]);
    const { code, requestId } = await sendCode(phone);
    const arabic = (value: string) => value.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    expect((await myBookings(arabic(phone), arabic(code), requestId)).statusCode).toBe(200);
  });

  it('deletes codes a day after they were sent (the hourly job), and no sooner', async () => {
    const phone = freshPhone();
    const start = clock.now();
    try {
      expect((await requestCode(phone)).statusCode).toBe(202);
      clock.advance(23 * HOUR);
      expect((await requestCode(phone)).statusCode).toBe(202);
      const count = async () =>
        (await t.database.db.selectFrom('access_codes').select('id').where('phone', '=', phone).execute())
          .length;
      clock.set(new Date(start.getTime() + 24 * HOUR - 1));
      await deleteOldCodes(t.database.db, clock.now());
      expect(await count()).toBe(2);
      clock.set(new Date(start.getTime() + 24 * HOUR + 1));
      expect(await deleteOldCodes(t.database.db, clock.now())).toBeGreaterThanOrEqual(1);
      expect(await count()).toBe(1);
      clock.advance(23 * HOUR);
      await deleteOldCodes(t.database.db, clock.now());
      expect(await count()).toBe(0);
    } finally {
      clock.set(start);
    }
  });

  it('the look-up and the booking answer carry the signed code the ticket prints', async () => {
    const phone = freshPhone();
    const response = await postBooking(
      t,
      bookingFields(trip, [11], { passengerInfo: JSON.stringify({ ...PASSENGER, phone }) }),
    );
    expect(response.statusCode).toBe(201);
    const { booking, ticketCode } = response.json();
    expect(t.app.ticketSigner.verify(ticketCode)).toEqual({
      ticketId: booking.ticketId,
      tripId: trip._id,
      seats: [11],
    });
    const found = await client(t).get(
      `/api/bookings/filterBookings?ticketId=${booking.ticketId}&phone=${phone}`,
    );
    expect(found.json()[0].ticketCode).toBe(ticketCode);
  });
});

describe.each(dialects)('find my bookings: the limit per address (%s)', (dialect) => {
  it('refuses an address past ACCESS_CODE_RATE_LIMIT_PER_IP calls, both calls counted together', async () => {
    const t = await createTestApp(dialect, { ACCESS_CODE_RATE_LIMIT_PER_IP: '3' });
    try {
      await staffToken(t);
      const post = (url: string, payload: object) => client(t).post(url, payload);
      expect((await post('/api/bookings/requestCode', { phone: '0912000001' })).statusCode).toBe(202);
      expect((await post('/api/bookings/requestCode', { phone: '0912000002' })).statusCode).toBe(202);
      expect(
        (await post('/api/bookings/myBookings', { phone: '0912000003', code: '000000' })).statusCode,
      ).toBe(400);
      const refused = await post('/api/bookings/requestCode', { phone: '0912000004' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBeTruthy();
      // Another address still may (the limit is per address).
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/requestCode',
        payload: { phone: '0912000005' },
        remoteAddress: '10.9.8.7',
      });
      expect(other.statusCode).toBe(202);
    } finally {
      await t.close();
    }
  });
});

describe.each(dialects)('find my bookings: the upgrade to code requests (%s)', (dialect) => {
  it('migration 106 opens the phones locked before it, and a code sent before it can no longer be used', async () => {
    const t = await createTestApp(dialect);
    try {
      const db = t.database.db as unknown as Kysely<any>;
      const tables = async () => (await db.introspection.getTables()).map((table) => table.name);
      const phone = '0912000111';
      const now = t.app.clock.now();
      const later = (minutes: number) => new Date(now.getTime() + minutes * MINUTE).toISOString();
      await codeRequests.down(db);
      expect(await tables()).toContain('access_code_phones');
      // As a phone was before the upgrade: locked by 5 wrong codes, with a code waiting.
      await db
        .insertInto('access_code_phones')
        .values({ phone, wrong_tries: 0, locked_until: later(15) })
        .execute();
      await db
        .insertInto('access_codes')
        .values({
          id: 'before',
          phone,
          code_hash: createHash('sha256').update(`${phone}:123456`).digest('hex'),
          created_at: now.toISOString(),
          expires_at: later(10),
          used_at: null,
        })
        .execute();

      await codeRequests.up(db);
      expect(await tables()).not.toContain('access_code_phones');
      expect(await db.selectFrom('access_codes').select(['request_hash', 'wrong_tries']).execute()).toEqual([
        { request_hash: null, wrong_tries: 0 },
      ]);
      const old = await client(t).post('/api/bookings/myBookings', { phone, code: '123456' });
      expect(old.json()).toMatchObject({ code: 'CODE_EXPIRED' });
      const asked = await client(t).post('/api/bookings/requestCode', { phone });
      expect(asked.statusCode).toBe(202);
      expect(asked.json().requestId).toEqual(expect.any(String));
    } finally {
      await t.close();
    }
  });
});
