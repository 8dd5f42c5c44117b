// isValidDate counts days from the digits; it must agree with Date's own calendar on every input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, datesFrom, isValidDate } from '../../shared/rules.ts';

/** What Date says: the text survives a round trip through a UTC midnight. */
function byDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('isValidDate', () => {
  it('knows month lengths and leap years', () => {
    for (const valid of ['2026-01-31', '2024-02-29', '2000-02-29', '2026-12-31', '0000-02-29'])
      expect(isValidDate(valid), valid).toBe(true);
    for (const invalid of [
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
    ])
      expect(isValidDate(invalid), invalid).toBe(false);
    for (const malformed of ['', '2026-1-01', '2026-01-01 ', '2026/01/01', '٢٠٢٦-٠١-٠١', '20260-01-01'])
      expect(isValidDate(malformed), malformed).toBe(false);
  });

  it('agrees with Date on every YYYY-MM-DD and near miss', () => {
    const candidate = fc.oneof(
      fc
        .tuple(
          fc.integer({ min: 0, max: 9999 }),
          fc.integer({ min: 0, max: 99 }),
          fc.integer({ min: 0, max: 99 }),
        )
        .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(candidate, (value) => isValidDate(value) === byDate(value)),
      { numRuns: 20_000 },
    );
  });
});

describe('datesFrom', () => {
  it('lists every day across a month end and a leap day, both ends included', () => {
    expect(datesFrom('2028-02-27', '2028-03-01')).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(datesFrom('2026-12-31', '2026-12-31')).toEqual(['2026-12-31']);
    expect(datesFrom('2026-12-31', '2026-12-30')).toEqual([]);
  });

  it('counts as many days as lie between its ends', () => {
    const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2020-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 120 }), (first, span) => {
        const dates = datesFrom(first, addDays(first, span));
        expect(dates.length).toBe(span + 1);
        expect(dates.every((date, i) => date === addDays(first, i))).toBe(true);
      }),
    );
  });
});
