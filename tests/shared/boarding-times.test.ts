// Boarding times: an admin's 24-hour clocks become the spec's form ("5:30 am"), sorted among the spec's two,
// and are worded in each language from how its locale words the spec's two.
import { describe, expect, it } from 'vitest';
import { ar as publicAr } from '../../shared/i18n/public/ar.ts';
import { en as publicEn } from '../../shared/i18n/public/en.ts';
import {
  boardingMinutes,
  boardingTimeIn,
  boardingTimeOfClock,
  boardingTimesWith,
  boardingTimeText,
  cleanExtraClocks,
  clockOfBoardingTime,
} from '../../shared/rules.ts';

describe('boarding times', () => {
  it('turns 24-hour clocks into the spec’s form and back', () => {
    const cases: [string, string][] = [
      ['00:05', '12:05 am'],
      ['05:30', '5:30 am'],
      ['09:00', '9:00 am'],
      ['12:00', '12:00 pm'],
      ['19:00', '7:00 pm'],
      ['23:59', '11:59 pm'],
    ];
    for (const [clock, time] of cases) {
      expect(boardingTimeOfClock(clock)).toBe(time);
      expect(clockOfBoardingTime(time)).toBe(clock);
      expect(boardingMinutes(time)).toBe(Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3)));
    }
  });

  it('keeps the spec’s two, drops bad and repeated clocks, sorts by the day', () => {
    expect(cleanExtraClocks(['19:00', '13:00', '05:30', '05:30', '24:00', 'x'])).toEqual(['05:30', '13:00']);
    expect(boardingTimesWith([])).toEqual(['9:00 am', '7:00 pm']);
    expect(boardingTimesWith(['22:00', '05:30', '12:30'])).toEqual([
      '5:30 am',
      '9:00 am',
      '12:30 pm',
      '7:00 pm',
      '10:00 pm',
    ]);
  });

  it('words an admin’s time like the spec’s two in each language', () => {
    const ar = publicAr.boardingTimes as Record<string, string>;
    const en = publicEn.boardingTimes as Record<string, string>;
    expect(boardingTimeIn('5:30 am', en)).toBe('5:30 am');
    expect(boardingTimeIn('5:30 am', ar)).toBe(ar['9:00 am'].replace('9:00', '5:30'));
    expect(boardingTimeIn('10:00 pm', ar)).toBe(ar['7:00 pm'].replace('7:00', '10:00'));
    expect(boardingTimeIn('7:00 pm', ar)).toBe(ar['7:00 pm']);
    expect(boardingTimeText('5:30 am', 'ar')).toBe(ar['9:00 am'].replace('9:00', '5:30'));
    expect(boardingTimeText('10:00 pm', 'ar')).toBe(ar['7:00 pm'].replace('7:00', '10:00'));
  });
});
