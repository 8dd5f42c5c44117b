import { describe, expect, it } from 'vitest';
import { farePairs, faresWithin, stopTime } from '../../shared/stop-times.ts';

describe('stop times and fare pairs', () => {
  it('tells the clock at a stop, and the day it falls on', () => {
    expect(stopTime('9:00 am', 150)).toEqual({ time: '11:30 am', days: 0 });
    expect(stopTime('7:00 pm', 300)).toEqual({ time: '12:00 am', days: 1 });
    expect(stopTime('7:00 pm', 0)).toEqual({ time: '7:00 pm', days: 0 });
  });

  it('lists every pair of a route but its ends, which the trip price covers', () => {
    expect(farePairs(0)).toEqual([]);
    expect(farePairs(1)).toEqual([
      [0, 1],
      [1, 2],
    ]);
    // Khartoum, Madani, Gedaref, Kassala, Port Sudan: 10 pairs, less the ends'.
    expect(farePairs(3)).toHaveLength(9);
  });

  it('drops fares naming stops that are gone, the ends, and repeats', () => {
    const fares = [
      { from: 0, to: 1, price: 5 },
      { from: 0, to: 1, price: 6 },
      { from: 0, to: 3, price: 9 },
      { from: 2, to: 4, price: 7 },
    ];
    expect(faresWithin(fares, 2)).toEqual([{ from: 0, to: 1, price: 5 }]);
  });
});
