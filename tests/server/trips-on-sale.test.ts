// GET /api/trips/onSale: the routes the home page says are on sale, from the trips travellers can book now.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { futureDate, makeTrip } from './helpers/fixtures.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('routes on sale (%s)', (dialect) => {
  const day = futureDate(3);
  // 07:00 in Khartoum (UTC+2) on the trips' day: the 9:00 am departures have not left yet.
  const clock = new ManualClock(Date.parse(`${day}T05:00:00Z`));
  const t = useTestApp(dialect, { clock });
  const onSale = () => client(t).get('/api/trips/onSale');

  it('an empty install has nothing on sale, and anyone may ask (a browser keeps it a minute)', async () => {
    const response = await onSale();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });

  it('lists each route with a bookable trip once, with the Arabic names; not cancelled, departed or out-of-service ones', async () => {
    const sold = await makeTrip(t, t.token, { date: day, time: '9:00 am' });
    await t.staff.patch(`/api/origins/updateOrigin/${sold.origin._id}`, { origin_city_ar: 'الخرطوم' });
    // A second trip on the same route, the next day: still one route.
    await t.staff.post('/api/trips/createTrip', {
      ...Object.fromEntries(
        ['busId', 'trip_originId', 'trip_destinationId', 'trip_ticket_priceId'].map((key) => [
          key,
          sold.trip[key]._id,
        ]),
      ),
      trip_date: futureDate(4),
      trip_boarding_time: '7:00 pm',
    });
    const cancelled = await makeTrip(t, t.token, { date: day });
    expect((await t.staff.patch(`/api/trips/cancelTrip/${cancelled.trip._id}`)).statusCode).toBe(200);
    const idle = await makeTrip(t, t.token, { date: day });
    await t.staff.patch(`/api/buses/updateBus/${idle.bus._id}`, { bus_status: 'Out of Service' });
    const leaving = await makeTrip(t, t.token, { date: day, time: '9:00 am' });

    const route = (made: typeof sold, origin_ar: string | null = null) => ({
      origin: made.origin.origin_city,
      origin_ar,
      destination: made.destination.destination_city,
      destination_ar: null,
    });
    const before = await onSale();
    expect(before.json()).toHaveLength(2);
    expect(before.json()).toEqual(expect.arrayContaining([route(sold, 'الخرطوم'), route(leaving)]));

    // 9:00 in Khartoum: today's 9:00 am trips have left; the route with a trip tomorrow stays on sale, at
    // once (no waiting for the remembered rows to expire).
    clock.set(new Date(`${day}T07:00:00Z`));
    expect((await onSale()).json()).toEqual([route(sold, 'الخرطوم')]);
  });
});
