// The dates a timetable puts on sale (shared/timetables.ts): the server's job and the create form's preview
// both take them from here.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/rules.ts';
import { datesOnSale, nextDates, timetableDates, weekdayOf } from '../../shared/timetables.ts';

const daily = { timetable_days: [0, 1, 2, 3, 4, 5, 6], timetable_from: '2026-12-01' };

describe('timetable dates', () => {
  it('counts days across months and years, and names the weekday as the spec numbers it', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(weekdayOf('2026-12-06')).toBe(0); // a Sunday
    expect(weekdayOf('2026-12-05')).toBe(6); // a Saturday
  });

  it('keeps the days of the week between the first and last dates, less the days off', () => {
    const calendar = {
      timetable_days: [5, 0],
      timetable_from: '2026-12-01',
      timetable_until: '2026-12-27',
      timetable_dates_off: ['2026-12-25'],
    };
    expect(timetableDates(calendar, '2026-11-01', '2027-03-01')).toEqual([
      '2026-12-04',
      '2026-12-06',
      '2026-12-11',
      '2026-12-13',
      '2026-12-18',
      '2026-12-20',
      '2026-12-27',
    ]);
    expect(timetableDates(calendar, '2026-12-12', '2026-12-19')).toEqual(['2026-12-13', '2026-12-18']);
  });

  it('puts on sale from today to the horizon (today is the first day)', () => {
    expect(datesOnSale(daily, '2026-12-10', 30)).toHaveLength(30);
    expect(datesOnSale(daily, '2026-12-10', 30).at(-1)).toBe('2027-01-08');
    expect(datesOnSale(daily, '2026-11-20', 15)).toEqual(timetableDates(daily, '2026-12-01', '2026-12-04'));
    expect(datesOnSale(daily, '2026-12-10', 0)).toEqual([]);
  });

  it('previews the next dates, however far the first one is', () => {
    expect(nextDates({ ...daily, timetable_days: [3] }, '2026-12-01', 3)).toEqual([
      '2026-12-02',
      '2026-12-09',
      '2026-12-16',
    ]);
    expect(nextDates({ ...daily, timetable_from: '2027-06-01' }, '2026-12-01', 1)).toEqual(['2027-06-01']);
    // Nothing to show: no day chosen, a last date in the past, or no real first date.
    expect(nextDates({ ...daily, timetable_days: [] }, '2026-12-01')).toEqual([]);
    expect(nextDates({ ...daily, timetable_until: '2026-11-30' }, '2026-12-01')).toEqual([]);
    expect(nextDates({ ...daily, timetable_from: '2026-02-30' }, '2026-12-01')).toEqual([]);
  });
});
