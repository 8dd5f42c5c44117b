// The search decides "already left" by the server's clock (server/clock.ts), as sales and expiry do: a test or
// a second node with the same clock sees the same answer, and a departure drops out of the search the moment
// the clock reaches it.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('the search by the server clock (%s)', (dialect) => {
  // 07:30 in Khartoum (UTC+2); the trip leaves at 9:00 am, 07:00 UTC.
  const clock = new ManualClock(Date.parse('2026-12-01T05:30:00Z'));
  // No read cache: each search asks the database, so only the clock differs between them.
  const t = useTestApp(dialect, { clock, env: { SEARCH_CACHE_MS: '0' } });

  it('offers a trip of today until its departure, and not from the minute it leaves', async () => {
    const { trip, origin, destination } = await makeTrip(t, t.token, { date: '2026-12-01', time: '9:00 am' });
    const search = async () => {
      const response = await t.app.inject({
        url: `/api/trips/filterTrips?origin=${origin._id}&destination=${destination._id}&date=2026-12-01`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { _id: string }[]).map((found) => found._id);
    };
    expect(await search()).toEqual([trip._id]);
    clock.set(new Date('2026-12-01T06:59:00Z'));
    expect(await search()).toEqual([trip._id]);
    clock.set(new Date('2026-12-01T07:00:00Z'));
    expect(await search()).toEqual([]);
  });
});
