// A trip with stops at the door, on the phone (issue 23): the stop the bus is at decides who boards and who
// gets off there, and a check at that stop by the door's one rule says when a ticket is another stop's.
import { beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../../public-site/checkin/lib/signature.ts';
import { ticketsAtStop } from '../../../public-site/checkin/lib/stops.ts';
import { stopNames } from '../../../public-site/checkin/lib/format.ts';
import { judge } from '../../../public-site/checkin/lib/verdict.ts';
import type { CheckinPackage } from '../../../public-site/checkin/lib/types.ts';
import { makeKeys, ticket, tripPackage, type Keys } from './fixtures.ts';

let keys: Keys;
beforeAll(async () => {
  keys = await makeKeys();
});

// Khartoum 0 → Wad Madani 1 → Gedaref 2 → Kassala 3 → Port Sudan 4.
function corridor(tickets: ReturnType<typeof ticket>[]): CheckinPackage {
  const pkg = tripPackage(keys, tickets);
  pkg.trip.destination_city = 'Port Sudan';
  pkg.trip.destination_city_ar = 'بورتسودان';
  pkg.trip.stops = [
    { index: 0, city: 'Khartoum', city_ar: 'الخرطوم', minutes: 0 },
    { index: 1, city: 'Madani', city_ar: 'ود مدني', minutes: 150 },
    { index: 2, city: 'Gedaref', city_ar: 'القضارف', minutes: 330 },
    { index: 3, city: 'Kassala', city_ar: 'كسلا', minutes: 540 },
    { index: 4, city: 'Port Sudan', city_ar: 'بورتسودان', minutes: 780 },
  ];
  return pkg;
}

describe('a trip with stops at the door', () => {
  it('lists who boards and who gets off at each stop (a ticket without legs rides the ends)', () => {
    const whole = ticket({ seats: [1] });
    const madaniKassala = ticket({ seats: [7], boardingStop: 1, alightingStop: 3 });
    const gedaref = ticket({ seats: [7], boardingStop: 2, alightingStop: 4 });
    const gone = ticket({ seats: [9], boardingStop: 2, alightingStop: 4, isCancelled: true });
    const pkg = corridor([whole, madaniKassala, gedaref, gone]);
    expect(ticketsAtStop(pkg, 0).boarding).toEqual([whole]);
    expect(ticketsAtStop(pkg, 2).boarding).toEqual([gedaref]);
    expect(ticketsAtStop(pkg, 3).alighting).toEqual([madaniKassala]);
    expect(ticketsAtStop(pkg, 4).alighting).toEqual([whole, gedaref]);
    expect(stopNames(pkg.trip, 'ar')).toEqual(['الخرطوم', 'ود مدني', 'القضارف', 'كسلا', 'بورتسودان']);
  });

  it('judges a check at the stop the bus is at', async () => {
    const madaniKassala = ticket({ boardingStop: 1, alightingStop: 3 });
    const pkg = corridor([madaniKassala]);
    const at = (stop?: number) =>
      judge({ ticketId: madaniKassala.ticketId, stop }, { pkg, scans: [], verify: verifySignature });
    expect((await at(1)).verdict).toBe('valid');
    expect(await at(2)).toMatchObject({ verdict: 'wrong_stop', reason: 'boardedEarlier', boardingStop: 1 });
    expect(await at(0)).toMatchObject({ verdict: 'wrong_stop', reason: 'boardsLater' });
    expect(await at(3)).toMatchObject({ verdict: 'wrong_stop', reason: 'pastAlighting', alightingStop: 3 });
    // A phone that does not say where the bus is judges no stop.
    expect((await at(undefined)).verdict).toBe('valid');
  });
});
