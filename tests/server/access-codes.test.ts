// "Find my bookings" by phone (issue 22): a 6-digit code texted through the outbox, single use, good for 10
// minutes, 5 codes a phone an hour, 5 wrong codes lock the phone for 15 minutes, a limit per address; then
// every booking of that phone and no other's. The clock is moved, never waited for.
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { bookingContext, expireLapsedHolds } from '../../server/sales/index.ts';
import { client, createTestApp, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { book, bookingFields, PASSENGER, postBooking } from './helpers/bookings.ts';

const MINUTE = 60_000;
let phones = 0;
/** A phone no other test of the file uses (each test starts with clean counts). */
const freshPhone = () => `09${String(10_000_000 + ++phones * 7919).padStart(8, '0')}`;

describe.each(dialects)('find my bookings by phone (%s)', (dialect) => {
  const clock = new ManualClock();
  const t = useTestApp(dialect, { clock });
  let trip: Awaited<ReturnType<typeof makeTrip>>['trip'];

  const requestCode = (phone: string, language?: string) =>
    client(t).post('/api/bookings/requestCode', { phone, ...(language ? { language } : {}) });
  const myBookings = (phone: string, code: string) =>
    client(t).post('/api/bookings/myBookings', { phone, code });
  /** The codes texted to a phone, newest first, read from the outbox. */
  const textedCodes = async (phone: string) => {
    const rows = await t.database.db
      .selectFrom('messages')
      .select(['text', 'language'])
      .where('kind', '=', 'access_code')
      .where('phone', '=', `+249${phone.slice(1)}`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({ code: /\d{6}/.exec(row.text)![0], ...row }));
  };
  const sendCode = async (phone: string) => {
    const response = await requestCode(phone);
    expect(response.statusCode, response.body).toBe(202);
    return (await textedCodes(phone))[0].code;
  };
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
    expect(Date.parse(response.json().expiresAt)).toBe(clock.now().getTime() + 10 * MINUTE);
    const [texted] = await textedCodes(phone);
    expect(texted.language).toBe('en');
    expect(texted.text).toMatch(/^\d{6} is your Rihla code/);

    const found = await myBookings(phone, texted.code);
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
    expect(Object.keys(response.json())).toEqual(['expiresAt']);
    expect(await textedCodes(phone)).toEqual([]);
    // A guess is a wrong code like any other.
    const guess = await myBookings(phone, '123456');
    expect(guess.statusCode).toBe(400);
    expect(guess.json()).toMatchObject({ code: 'WRONG_CODE', triesLeft: 4 });
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
      expect(await sendCode(phone)).toMatch(/^\d{6}$/);
    } finally {
      clock.set(start);
    }
  });

  it('a code works once: the second use is a wrong code', async () => {
    const phone = freshPhone();
    await bookWith(phone, [5]);
    const code = await sendCode(phone);
    expect((await myBookings(phone, code)).statusCode).toBe(200);
    const again = await myBookings(phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('WRONG_CODE');
  });

  it('a code is good until just before 10 minutes, not at 10 minutes', async () => {
    const phone = freshPhone();
    await bookWith(phone, [6]);
    const early = await sendCode(phone);
    clock.advance(10 * MINUTE - 1);
    expect((await myBookings(phone, early)).statusCode).toBe(200);

    const late = await sendCode(phone);
    clock.advance(10 * MINUTE);
    const lapsed = await myBookings(phone, late);
    expect(lapsed.statusCode).toBe(400);
    expect(lapsed.json().code).toBe('WRONG_CODE');
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

  it('5 wrong codes lock the phone for 15 minutes, the right code included; then it works again', async () => {
    const phone = freshPhone();
    await bookWith(phone, [8]);
    const code = await sendCode(phone);
    for (let triesLeft = 4; triesLeft >= 1; triesLeft--) {
      const wrong = await myBookings(phone, wrongOf(code));
      expect(wrong.json()).toMatchObject({ code: 'WRONG_CODE', triesLeft });
    }
    const fifth = await myBookings(phone, wrongOf(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'PHONE_LOCKED' });
    expect(Date.parse(fifth.json().until)).toBe(clock.now().getTime() + 15 * MINUTE);
    // Locked: the right code and a new code are both refused.
    expect((await myBookings(phone, code)).json().code).toBe('PHONE_LOCKED');
    expect((await requestCode(phone)).json().code).toBe('PHONE_LOCKED');

    clock.advance(15 * MINUTE - 1);
    expect((await myBookings(phone, code)).json().code).toBe('PHONE_LOCKED');
    clock.advance(1);
    // The lock spent the code sent before it; a new one works.
    expect((await myBookings(phone, code)).json()).toMatchObject({ code: 'WRONG_CODE', triesLeft: 4 });
    expect((await myBookings(phone, await sendCode(phone))).statusCode).toBe(200);
  });

  it('a right code clears the wrong tries counted before it', async () => {
    const phone = freshPhone();
    await bookWith(phone, [9]);
    const code = await sendCode(phone);
    for (let i = 0; i < 4; i++) await myBookings(phone, wrongOf(code));
    expect((await myBookings(phone, code)).statusCode).toBe(200);
    const next = await sendCode(phone);
    expect((await myBookings(phone, wrongOf(next))).json().triesLeft).toBe(4);
  });

  it('refuses unreadable phones and codes in words, never 500; reads Arabic-Indic digits', async () => {
    for (const body of [{}, { phone: '12' }, { phone: 42 }, { phone: '0912345678', extra: 1 }]) {
      const response = await client(t).post('/api/bookings/requestCode', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const response = await myBookings('0912345678', code);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().code).toBeUndefined();
    }
    const phone = freshPhone();
    await bookWith(phone, [10]);
    const code = await sendCode(phone);
    const arabic = (value: string) => value.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    expect((await myBookings(arabic(phone), arabic(code))).statusCode).toBe(200);
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
