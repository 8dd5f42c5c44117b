// Refund rules (issue 22): the tiers an admin sets, copied onto each booking at sale; the quote a traveller
// sees before cancelling, at every boundary (exactly 24 h, exactly 6 h, departure) on the injectable clock; the
// cancellation recording exactly the quoted refund; unpaid bookings owing nothing; settings checked and for
// admins only.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { DEFAULT_REFUND_RULES } from '../../shared/refund-rules.ts';
import { REFUND_RULES_MESSAGES } from '../../shared/settings.ts';
import { departureInstant } from '../../shared/rules.ts';
import { ar as adminAr } from '../../shared/i18n/admin/ar.ts';
import { en as publicEn } from '../../shared/i18n/public/en.ts';
import { ar as publicAr } from '../../shared/i18n/public/ar.ts';
import { futureDate, makeTrip } from './helpers/fixtures.ts';
import { book, PASSENGER, type TripDoc } from './helpers/bookings.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const HOUR = 3_600_000;
const PRICE = 30_000;
const DATE = futureDate(20);
const DEPARTURE = departureInstant(DATE, '9:00 am').getTime();

describe.each(dialects)('refund rules on %s', (dialect) => {
  const clock = new ManualClock();
  const t = useTestApp(dialect, { clock });
  let trip: TripDoc;
  let seat = 0;

  /** A paid counter sale of one seat, as the clock stands. */
  async function paidSale() {
    const sold = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [++seat],
      passengerInfo: PASSENGER,
      paymentMethod: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    return sold.json().booking as { _id: string; ticketId: string; refundRules: unknown };
  }
  const quote = (ticketId: string, phone = PASSENGER.phone) =>
    client(t).get(`/api/bookings/cancellationQuote?ticketId=${ticketId}&phone=${phone}`);
  const at = (msBeforeDeparture: number) => clock.set(new Date(DEPARTURE - msBeforeDeparture));

  it('tells travellers the tiers in force, the defaults until an admin sets them', async () => {
    trip = (await makeTrip(t, t.token, { seats: 45, price: PRICE, date: DATE, time: '9:00 am' })).trip;
    const settings = await client(t).get('/api/settings');
    expect(settings.json().refunds).toEqual(DEFAULT_REFUND_RULES);
    expect((await t.staff.get('/api/settings/getRefundRules')).json()).toEqual({
      _id: 'refunds',
      ...DEFAULT_REFUND_RULES,
    });
  });

  it('quotes every tier boundary from the booking’s snapshot', async () => {
    at(48 * HOUR);
    const sale = await paidSale();
    expect(sale.refundRules).toEqual(DEFAULT_REFUND_RULES);
    const cases: [number, number, number][] = [
      // ms before departure, share kept, refund
      [24 * HOUR + 1, 10, 27_000],
      [24 * HOUR, 10, 27_000],
      [24 * HOUR - 1, 25, 22_500],
      [6 * HOUR, 25, 22_500],
      [6 * HOUR - 1, 50, 15_000],
      [1, 50, 15_000],
      [0, 100, 0],
      [-HOUR, 100, 0],
    ];
    for (const [before, keptPercent, refund] of cases) {
      at(before);
      const answer = await quote(sale.ticketId);
      expect(answer.statusCode, `${before} ms before: ${answer.body}`).toBe(200);
      expect(answer.json(), `${before} ms before`).toMatchObject({
        bookingId: sale._id,
        paid: PRICE,
        keptPercent,
        refund,
        departed: before <= 0,
      });
    }
    at(24 * HOUR);
    expect((await quote(sale.ticketId)).json().minutesBefore).toBe(24 * 60);
  });

  it('records exactly the quoted refund when the traveller cancels, and in the activity log', async () => {
    at(30 * HOUR);
    const sale = await paidSale();
    at(6 * HOUR);
    const quoted = (await quote(sale.ticketId)).json();
    expect(quoted.refund).toBe(22_500);
    const cancelled = await client(t).patch(`/api/bookings/cancelBooking/${sale._id}`, {
      ticketId: sale.ticketId,
      phone: PASSENGER.phone,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refundDue).toBe(quoted.refund);
    const log = await t.database.db
      .selectFrom('audit_log')
      .select('diff')
      .where('action', '=', 'cancel_booking')
      .where('recordId', '=', sale._id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.diff!)).toEqual({ isCancelled: [false, true], refundDue: [null, 22_500] });
    const refunds = (await t.staff.get('/api/payments/getRefunds?status=due')).json();
    expect(JSON.stringify(refunds)).toContain(sale.ticketId);
  });

  it('applies the same tiers when staff cancel at a traveller’s request', async () => {
    at(30 * HOUR);
    const sale = await paidSale();
    at(HOUR);
    const cancelled = await t.staff.patch(`/api/bookings/cancelBooking/${sale._id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refundDue).toBe(15_000);
  });

  it('refuses a cancel after departure; the quote says nothing comes back', async () => {
    at(30 * HOUR);
    const sale = await paidSale();
    at(0);
    expect((await quote(sale.ticketId)).json()).toMatchObject({
      departed: true,
      refund: 0,
      keptPercent: 100,
    });
    const refused = await client(t).patch(`/api/bookings/cancelBooking/${sale._id}`, {
      ticketId: sale.ticketId,
      phone: PASSENGER.phone,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('has nothing to refund for an unpaid booking', async () => {
    at(30 * HOUR);
    const unpaid = await book(t, trip, [++seat]);
    expect((await quote(unpaid.ticketId)).json()).toMatchObject({ paid: 0, refund: 0, keptPercent: 10 });
    const cancelled = await client(t).patch(`/api/bookings/cancelBooking/${unpaid._id}`, {
      ticketId: unpaid.ticketId,
      phone: PASSENGER.phone,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refundDue).toBeNull();
  });

  it('keeps a booking’s rules when the policy changes later', async () => {
    at(40 * HOUR);
    const before = await paidSale();
    const strict = {
      tiers: [
        { hoursBefore: 48, keptPercent: 0 },
        { hoursBefore: 0, keptPercent: 100 },
      ],
      afterDepartureKeptPercent: 100,
      changeFee: 2_000,
    };
    const changed = await t.staff.patch('/api/settings/updateRefundRules', strict);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await client(t).get('/api/settings')).json().refunds).toEqual(strict);
    const after = await paidSale();
    expect(after.refundRules).toEqual(strict);
    at(30 * HOUR);
    expect((await quote(before.ticketId)).json()).toMatchObject({ keptPercent: 10, refund: 27_000 });
    expect((await quote(after.ticketId)).json()).toMatchObject({ keptPercent: 100, refund: 0 });
    const restored = await t.staff.patch('/api/settings/updateRefundRules', DEFAULT_REFUND_RULES);
    expect(restored.statusCode).toBe(200);
    const log = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'resource'])
      .where('action', '=', 'update_settings')
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses rules out of order or out of range, in words the back-office has in Arabic too', async () => {
    const base = DEFAULT_REFUND_RULES;
    const cases: [object, string][] = [
      [{ ...base, tiers: [] }, REFUND_RULES_MESSAGES.tiers],
      [{ ...base, tiers: [{ hoursBefore: 6, keptPercent: 10 }] }, REFUND_RULES_MESSAGES.tiers],
      [
        {
          ...base,
          tiers: [
            { hoursBefore: 6, keptPercent: 10 },
            { hoursBefore: 24, keptPercent: 25 },
            { hoursBefore: 0, keptPercent: 50 },
          ],
        },
        REFUND_RULES_MESSAGES.hours,
      ],
      [
        {
          ...base,
          tiers: [
            { hoursBefore: 24, keptPercent: 50 },
            { hoursBefore: 0, keptPercent: 10 },
          ],
        },
        REFUND_RULES_MESSAGES.order,
      ],
      [{ ...base, tiers: [{ hoursBefore: 0, keptPercent: 101 }] }, REFUND_RULES_MESSAGES.percent],
      [{ ...base, tiers: [{ hoursBefore: 0, keptPercent: 12.5 }] }, REFUND_RULES_MESSAGES.percent],
      [{ ...base, changeFee: -1 }, REFUND_RULES_MESSAGES.changeFee],
      [{ ...base, changeFee: '0' }, REFUND_RULES_MESSAGES.changeFee],
    ];
    for (const [body, message] of cases) {
      const refused = await t.staff.patch('/api/settings/updateRefundRules', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body, JSON.stringify(body)).toContain(message);
    }
    expect((await client(t).get('/api/settings')).json().refunds).toEqual(DEFAULT_REFUND_RULES);
    const arabic = adminAr.rihla.validation.refunds as Record<string, string>;
    for (const key of Object.keys(REFUND_RULES_MESSAGES)) expect(arabic[key]).toMatch(/[\u0600-\u06ff]/);
  });

  it('lets only admins read or change the rules', async () => {
    for (const role of ['manager', 'cashier', 'conductor'] as const) {
      const token = await staffToken(
        t,
        { email: `${role}@refunds.rihla.test`, password: 'kassala-acacia-ferry-9' },
        role,
      );
      const staff = client(t, token);
      expect((await staff.get('/api/settings/getRefundRules')).statusCode).toBe(403);
      expect((await staff.patch('/api/settings/updateRefundRules', DEFAULT_REFUND_RULES)).statusCode).toBe(
        403,
      );
    }
    expect((await client(t).patch('/api/settings/updateRefundRules', DEFAULT_REFUND_RULES)).statusCode).toBe(
      401,
    );
  });

  it('answers a bad ticket id or phone 400 in the look-up’s words, and an unknown ticket 404', async () => {
    const bad = await quote('12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(publicEn.cancel.ticketHint);
    expect(publicAr.cancel.ticketHint).toMatch(/[\u0600-\u06ff]/);
    expect((await quote('0000000000000')).statusCode).toBe(404);
  });
});
