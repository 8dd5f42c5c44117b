// Every limit per address counts an IPv6 subscriber by its /64, as the connection cap and the rate limits do:
// one subscriber is given 2^64 addresses, and counted by full address each would start afresh. Staff sign-ins
// also have a budget per account from all addresses together. Found by an attack review of the public API;
// each test fails on the code before.
import { afterEach, describe, expect, it } from 'vitest';
import { bookFrom, bookingFields, PASSENGER, postBooking } from './helpers/bookings.ts';
import { futureDate, makeTrip } from './helpers/fixtures.ts';
import { makePng } from './helpers/images.ts';
import { createTestApp, dialects, STAFF, staffToken, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('staff sign-in limits (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const login = (password: string, address: string) =>
    t!.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: STAFF.email, password },
      remoteAddress: address,
    });

  it('count one IPv6 /64 as one address; another /64 is another', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_LIMIT_PER_IP: '3', LOGIN_RATE_LIMIT_PER_EMAIL: '2' });
    await staffToken(t);
    expect((await login('wrong-1', '2001:db8:a:b::1')).statusCode).toBe(401);
    expect((await login('wrong-2', '2001:db8:a:b::2')).statusCode).toBe(401);
    // The third try, from yet another address of the same /64, meets the account's limit there.
    expect((await login('wrong-3', '2001:db8:a:b::3')).statusCode).toBe(429);
    expect((await login(STAFF.password, '2001:db8:a:b:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    // An IPv4-mapped address is its IPv4 address.
    expect((await login('wrong-4', '192.0.2.7')).statusCode).toBe(401);
    expect((await login('wrong-5', '::ffff:192.0.2.7')).statusCode).toBe(401);
    expect((await login('wrong-6', '192.0.2.7')).statusCode).toBe(429);
    // The next /64 is somebody else.
    expect((await login(STAFF.password, '2001:db8:a:c::1')).statusCode).toBe(200);
  });

  it('stop guesses at one account spread over many addresses, but not a browser that signed in before', async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_LIMIT_PER_ACCOUNT: '5' });
    await staffToken(t);
    const known = await login(STAFF.password, '198.51.100.1');
    expect(known.statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await login(`guess-${i}`, `203.0.113.${i + 1}`)).statusCode).toBe(401);
    // The sixth guess, from an address never seen, is stopped; so is the right password from a new browser.
    expect((await login('guess-5', '203.0.113.99')).statusCode).toBe(429);
    expect((await login(STAFF.password, '203.0.113.100')).statusCode).toBe(429);
    // The staff member's own browser still signs in.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: STAFF.email, password: STAFF.password },
      remoteAddress: '198.51.100.1',
      cookies: Object.fromEntries(known.cookies.map((cookie) => [cookie.name, cookie.value])),
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe.each(dialects)('traveller limits per address and IPv6 (%s)', (dialect) => {
  const t = useTestApp(dialect, {
    env: {
      MAX_UNPAID_BOOKINGS_PER_ADDRESS: '1',
      MAX_UNPAID_BOOKINGS_PER_PHONE: '100',
      MAX_UNPAID_BOOKINGS_PER_DEVICE: '100',
    },
  });

  it('unpaid holds: a second address of the same /64 is the same client', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 45, date: futureDate(5) });
    expect((await bookFrom(t, trip, [1], '0911000001', '2001:db8:5:5::1')).statusCode).toBe(201);
    const refused = await bookFrom(t, trip, [2], '0911000002', '2001:db8:5:5::2');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'UNPAID_LIMIT', scope: 'address' });
    expect((await bookFrom(t, trip, [3], '0911000003', '2001:db8:5:6::1')).statusCode).toBe(201);
  });
});

describe.each(dialects)('proof bytes per address and IPv6 (%s)', (dialect) => {
  const t = useTestApp(dialect, {
    env: { PROOF_BYTES_PER_IP_PER_HOUR: String(1024 * 1024), MAX_UNPAID_BOOKINGS_PER_PHONE: '100' },
  });

  it('proof bytes: a second address of the same /64 shares the budget', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 45, date: futureDate(6) });
    const big = (seed: number) =>
      Buffer.concat([makePng(2, 2, [seed, 9, 9]), Buffer.alloc(400 * 1024, seed)]);
    const withProof = (seat: number, address: string) =>
      postBooking(
        t,
        bookingFields(trip as never, [seat], {
          passengerInfo: JSON.stringify({ ...PASSENGER, phone: `09220000${String(seat).padStart(2, '0')}` }),
          paymentReference: `REF-${seat}-${dialect}`,
          paymentMethod: 'bankak',
        }),
        { filename: 'p.png', contentType: 'image/png', data: big(seat) },
        address,
      );
    // 1 MB a client: two 400 KB proofs fit, the third does not, from any address of the /64.
    expect((await withProof(1, '2001:db8:7:7::1')).statusCode).toBe(201);
    expect((await withProof(2, '2001:db8:7:7::2')).statusCode).toBe(201);
    expect((await withProof(3, '2001:db8:7:7::3')).statusCode).toBe(429);
    expect((await withProof(4, '2001:db8:7:8::1')).statusCode).toBe(201);
  });
});
