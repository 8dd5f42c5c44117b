// The pure rules of the Figures screen (shared/analytics.ts): quick periods from Khartoum's today, days in a
// period, shares with three decimals and seat-legs offered.
import { describe, expect, it } from 'vitest';
import { daysBetween, quickPeriod, seatLegsOffered, shareOf } from '../../shared/analytics.ts';

describe('analytics rules', () => {
  it('makes quick periods across month and year ends and leap days', () => {
    expect(quickPeriod('last_7', '2026-12-03')).toEqual({ from: '2026-11-27', to: '2026-12-03' });
    expect(quickPeriod('next_7', '2026-12-29')).toEqual({ from: '2026-12-29', to: '2027-01-04' });
    expect(quickPeriod('this_month', '2026-12-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(quickPeriod('this_month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(quickPeriod('this_month', '2027-02-10')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });

  it('counts both ends of a period, shares to three decimals, seats on every leg', () => {
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysBetween('2028-01-01', '2028-12-31')).toBe(366);
    expect(shareOf(1, 3)).toBe(0.333);
    expect(shareOf(2, 3)).toBe(0.667);
    expect(shareOf(5, 0)).toBe(0);
    expect(seatLegsOffered(12, 3)).toBe(48);
    expect(seatLegsOffered(50, 0)).toBe(50);
  });
});
