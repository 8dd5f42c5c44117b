// A traveller's legs of a trip with stops (public-site/lib/legs.ts): read from the search's answer or a link,
// checked against the route, and the fare of the pair taken from the trip's fares.
import { describe, expect, it } from 'vitest';
import {
  legsFromQuery,
  legsOf,
  legsPrice,
  stopNames,
  timeAtStop,
  withLegs,
} from '../../public-site/lib/legs.ts';
import type { Trip } from '../../public-site/lib/types.ts';
import { searchStretch } from '../../public-site/lib/search-stretch.ts';

// Khartoum 0 → Madani 1 → Gedaref 2 → Kassala 3 → Port Sudan 4.
const trip = {
  _id: 't1',
  trip_boarding_time: '9:00 am',
  trip_originId: { _id: 'o-krt', origin_city: 'Khartoum', origin_city_ar: 'الخرطوم' },
  trip_destinationId: { _id: 'd-pzu', destination_city: 'Port Sudan', destination_city_ar: 'بورتسودان' },
  trip_ticket_priceId: { _id: 'p', price: 40000 },
  trip_stops: [
    { originId: 'o-mad', destinationId: 'd-mad', minutes: 150 },
    { originId: 'o-ged', destinationId: 'd-ged', minutes: 330 },
    { originId: 'o-kas', destinationId: 'd-kas', minutes: 540 },
  ],
  trip_fares: [{ from: 1, to: 3, price: 18000 }],
} as unknown as Trip;

describe('a traveller’s legs', () => {
  it('takes the legs asked, else the trip’s ends, and refuses legs the route has not', () => {
    expect(legsOf(trip)).toEqual({ boardingStop: 0, alightingStop: 4 });
    expect(legsOf(trip, { boardingStop: 1, alightingStop: 3 })).toEqual({
      boardingStop: 1,
      alightingStop: 3,
    });
    expect(legsOf(trip, { boardingStop: 3, alightingStop: 1 })).toEqual({
      boardingStop: 0,
      alightingStop: 4,
    });
    expect(legsOf(trip, { boardingStop: 1, alightingStop: 9 })).toEqual({
      boardingStop: 0,
      alightingStop: 4,
    });
  });

  it('writes the legs and their fare on the trip, and leaves a whole trip as it was', () => {
    const madaniKassala = withLegs(trip, { boardingStop: 1, alightingStop: 3 });
    expect(legsOf(madaniKassala)).toEqual({ boardingStop: 1, alightingStop: 3 });
    expect(legsPrice(madaniKassala)).toBe(18000);
    expect(withLegs(trip, {})).toBe(trip);
    expect(legsPrice(trip)).toBe(40000);
  });

  it('names the stops and tells the time at each', () => {
    const origins = [
      { id: 'o-mad', name: 'Wad Madani', nameAr: 'ود مدني' },
      { id: 'o-kas', name: 'Kassala', nameAr: 'كسلا' },
    ];
    expect(stopNames(trip, 'ar', origins)).toEqual(['الخرطوم', 'ود مدني', '…', 'كسلا', 'بورتسودان']);
    expect(timeAtStop(trip, 1)).toBe('11:30 am');
    expect(timeAtStop(trip, 0)).toBe('9:00 am');
  });

  it('reads the legs back from a link (the search results write them)', () => {
    const legs = { boardingStop: 1, alightingStop: 3 };
    expect(legsFromQuery({ boardingStop: '1', alightingStop: '3' })).toEqual(legs);
    expect(legsFromQuery({ boardingStop: '1' })).toEqual({});
    expect(legsFromQuery({ boardingStop: 'x', alightingStop: '3' })).toEqual({});
  });
});

describe('a search result’s stretch', () => {
  it('names the searched towns, the time the bus leaves the boarding stop and the fare, and links to them', () => {
    const searched = {
      ...trip,
      trip_stops: [
        { originId: 'o-mad', destinationId: 'd-mad', minutes: 150, city: 'Wad Madani', city_ar: 'ود مدني' },
        { originId: 'o-ged', destinationId: 'd-ged', minutes: 330, city: 'Gedaref', city_ar: 'القضارف' },
        { originId: 'o-kas', destinationId: 'd-kas', minutes: 540, city: 'Kassala', city_ar: 'كسلا' },
      ],
      boardingStop: 1,
      alightingStop: 3,
      price: 18000,
      departsAt: '2026-12-01T09:30:00.000Z', // 11:30 in Khartoum
    } as unknown as Trip;
    expect(searchStretch(searched, 'ar')).toEqual({
      origin: 'ود مدني',
      destination: 'كسلا',
      time: '11:30 am',
      price: 18000,
      query: '?boardingStop=1&alightingStop=3',
    });
    expect(searchStretch(trip, 'en')).toMatchObject({
      origin: 'Khartoum',
      destination: 'Port Sudan',
      query: '',
    });
  });
});
