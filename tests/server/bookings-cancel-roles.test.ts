// Who cancels a booking with the traveller's call (cancelBooking), and what the activity log keeps of it
// (issue 18, item 5): a signed-in staff member acts as staff, never as a traveller — their role decides (a
// conductor, who sees ticket ids and phones at the door, may not cancel), their name is logged; a traveller's
// own cancel is logged too (no staff name, the phone's last digits only); and no staff token lifts the limit
// on guessing a ticket id and phone.
import { describe, expect, it } from 'vitest';
import { makeTrip } from './helpers/fixtures.ts';
import { book, PASSENGER } from './helpers/bookings.ts';
import { dialects, staffToken, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

type Trip = Awaited<ReturnType<typeof makeTrip>>['trip'];

/** A call from its own address, so each test's rate-limit count starts at zero. */
function from(t: TestApp, address: string, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  return {
    patch: (url: string, payload?: unknown) =>
      t.app.inject({ method: 'PATCH', url, headers, payload: payload as object, remoteAddress: address }),
    get: (url: string) => t.app.inject({ method: 'GET', url, headers, remoteAddress: address }),
  };
}

const cancellations = (t: TestApp, recordId: string) =>
  t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'cancel_booking')
    .where('recordId', '=', recordId)
    .execute();

describe.each(dialects)('who cancels a booking, and the log of it (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let trip: Trip;
  let seat = 0;
  const tokens: Record<'cashier' | 'conductor', string> = { cashier: '', conductor: '' };
  const ids: Record<'cashier' | 'conductor', string> = { cashier: '', conductor: '' };

  /** A paid counter sale (refund owed when cancelled). */
  async function counterSale(phone = PASSENGER.phone) {
    const sold = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [++seat],
      passengerInfo: { ...PASSENGER, phone },
      paymentMethod: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    return sold.json().booking as { _id: string; ticketId: string; totalTicketPrice: number[] };
  }

  it('signs a cashier and a conductor in', async () => {
    trip = (await makeTrip(t, t.token, { seats: 40, price: 30_000 })).trip;
    for (const role of ['cashier', 'conductor'] as const) {
      const email = `${role}@cancel.rihla.test`;
      tokens[role] = await staffToken(t, { email, password: 'kassala-acacia-ferry-9' }, role);
      ids[role] = (await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow())!.id;
    }
  });

  it('refuses a conductor who brings the ticket id and phone of a paid sale, in words, and changes nothing', async () => {
    const sale = await counterSale();
    const refused = await from(t, '10.18.5.1', tokens.conductor).patch(
      `/api/bookings/cancelBooking/${sale._id}`,
      { ticketId: sale.ticketId, phone: PASSENGER.phone },
    );
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ROLE_CANNOT_CANCEL',
      message: expect.stringMatching(/cashier, a manager or an admin/),
    });
    const booking = (await t.staff.get(`/api/bookings/getBooking/${sale._id}`)).json();
    expect(booking).toMatchObject({ isCancelled: false });
    expect(booking.refundDue ?? null).toBeNull();
    expect(await cancellations(t, sale._id)).toEqual([]);
  });

  it('lets a cashier cancel as staff (the proof in the body changes nothing), refund owed, under their name', async () => {
    const sale = await counterSale();
    const cancelled = await from(t, '10.18.5.2', tokens.cashier).patch(
      `/api/bookings/cancelBooking/${sale._id}`,
      { ticketId: sale.ticketId, phone: '0999999999' },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const booking = (await t.staff.get(`/api/bookings/getBooking/${sale._id}`)).json();
    // Days before departure: the first tier of the default refund rules keeps 10 %.
    expect(booking).toMatchObject({ isCancelled: true, refundDue: 27_000 });
    const rows = await cancellations(t, sale._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: ids.cashier,
      userLabel: 'cashier@cancel.rihla.test',
      resource: 'bookings',
      ip: '10.18.5.2',
    });
    expect(JSON.parse(rows[0].diff!)).toEqual({ isCancelled: [false, true], refundDue: [null, 27_000] });
  });

  it("logs a traveller's own cancel, with no staff name and the phone's last digits only", async () => {
    const booking = await book(t, trip, [++seat], {
      passengerInfo: JSON.stringify({ ...PASSENGER, phone: '0911765432' }),
    });
    const cancelled = await from(t, '10.18.5.3').patch(`/api/bookings/cancelBooking/${booking._id}`, {
      ticketId: booking.ticketId,
      phone: '0911765432',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rows = await cancellations(t, booking._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, userLabel: '…432', ip: '10.18.5.3' });
    expect(JSON.stringify(rows[0])).not.toMatch(/765432|0911/);
    expect(JSON.parse(rows[0].diff!)).toEqual({ isCancelled: [false, true] });
  });

  it('logs a trip’s bookings cancelled by staff one by one, each once', async () => {
    const sale = await counterSale();
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${sale._id}`)).statusCode).toBe(200);
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${sale._id}`)).statusCode).toBe(409);
    expect(await cancellations(t, sale._id)).toHaveLength(1);
  });
});

describe.each(dialects)('no staff token lifts the look-up limit (%s)', (dialect) => {
  // The default allowance: 30 look-ups a minute from one address.
  const t = useTestApp(dialect, { env: { LOOKUP_RATE_LIMIT_PER_IP: '30' } });

  it('limits 40 guesses with a conductor’s token at the cancel call like anonymous ones', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 10 });
    const booking = await book(t, trip, [1]);
    const conductor = await staffToken(
      t,
      { email: 'guess@cancel.rihla.test', password: 'kassala-acacia-ferry-9' },
      'conductor',
    );
    const statuses: number[] = [];
    for (let guess = 0; guess < 40; guess++)
      statuses.push(
        (
          await from(t, '10.18.6.1', conductor).patch(`/api/bookings/cancelBooking/${booking._id}`, {
            ticketId: booking.ticketId,
            phone: `09120000${String(guess).padStart(2, '0')}`,
          })
        ).statusCode,
      );
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(statuses.slice(0, 30).every((status) => status === 403)).toBe(true);
  });

  it('limits 40 look-ups with an admin’s token like anonymous ones', async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 40; guess++)
      statuses.push(
        (
          await from(t, '10.18.6.2', t.token).get(
            `/api/bookings/filterBookings?ticketId=10000000000${String(guess).padStart(2, '0')}&phone=0912345678`,
          )
        ).statusCode,
      );
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});
