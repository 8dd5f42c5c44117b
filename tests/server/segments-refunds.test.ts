// Refund tiers on a route with stops (issue 23) count from when the bus leaves the traveller's boarding stop:
// 23 h before the corridor leaves Khartoum, a traveller from Khartoum is inside the 24 h tier (25 % kept), one
// from Wad Madani (2 h later) is not (10 % kept). On the injectable clock, both databases.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { departureInstant } from '../../shared/rules.ts';
import { futureDate } from './helpers/fixtures.ts';
import { corridor, sell } from './helpers/corridor.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const HOUR = 3_600_000;
const DATE = futureDate(20);

describe.each(dialects)('refund tiers from the boarding stop on %s', (dialect) => {
  const clock = new ManualClock();
  const t = useTestApp(dialect, { clock });

  it('counts the hours left from the departure at the traveller’s stop', async () => {
    clock.set(new Date(departureInstant(DATE, '9:00 am').getTime() - 48 * HOUR));
    const { trip } = await corridor(t, DATE);
    // Khartoum (0) → Madani (1): 1,000; Madani (1) → Kassala (3): 2,000 (the corridor's fares, 1,000 a leg).
    const fromKhartoum = await sell(t, trip._id, [1], 0, 1, '0911000041');
    const fromMadani = await sell(t, trip._id, [2], 1, 3, '0911000042');
    expect(fromKhartoum.statusCode, fromKhartoum.body).toBe(201);
    expect(fromMadani.statusCode, fromMadani.body).toBe(201);
    clock.set(new Date(departureInstant(DATE, '9:00 am').getTime() - 23 * HOUR));
    const quote = async (sale: typeof fromKhartoum, phone: string) =>
      (
        await client(t).get(
          `/api/bookings/cancellationQuote?ticketId=${sale.json().booking.ticketId}&phone=${phone}`,
        )
      ).json();
    expect(await quote(fromKhartoum, '0911000041')).toMatchObject({ keptPercent: 25, refund: 750 });
    expect(await quote(fromMadani, '0911000042')).toMatchObject({
      keptPercent: 10,
      refund: 1800,
      minutesBefore: 25 * 60,
    });
    // The cancellation records the quoted refund.
    const cancelled = await t.staff.patch(`/api/bookings/cancelBooking/${fromMadani.json().booking._id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refundDue: 1800 });
  });
});
