// Khartoum's clock, defined once in shared/rules.ts: its day boundaries, today's date, departures, and the
// booking time printed on tickets all use the same UTC+2 offset.
import { describe, expect, it } from 'vitest';
import { formatBookingDate } from '../../server/tickets/ticket-text.ts';
import { formatKhartoumTime } from '../../shared/i18n/format.ts';
import {
  departureInstant,
  KHARTOUM_OFFSET_MINUTES,
  khartoumClock,
  khartoumMidnight,
  khartoumToday,
} from '../../shared/rules.ts';

describe('Khartoum time', () => {
  it('is two hours ahead of UTC all year', () => {
    expect(KHARTOUM_OFFSET_MINUTES).toBe(120);
    expect(new Date(khartoumMidnight('2026-11-30')).toISOString()).toBe('2026-11-29T22:00:00.000Z');
    expect(new Date(khartoumMidnight('2026-07-01')).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(khartoumClock(new Date('2026-11-21T21:59:00Z'))).toBe('2026-11-21T23:59:00.000');
  });

  it('turns the date at midnight in Khartoum, not in UTC', () => {
    expect(khartoumToday(new Date('2026-11-21T21:59:59Z'))).toBe('2026-11-21');
    expect(khartoumToday(new Date('2026-11-21T22:00:00Z'))).toBe('2026-11-22');
  });

  it('departs at the boarding time on Khartoum’s clock', () => {
    expect(departureInstant('2026-11-21', '9:00 am').toISOString()).toBe('2026-11-21T07:00:00.000Z');
    expect(departureInstant('2026-11-21', '7:00 pm').toISOString()).toBe('2026-11-21T17:00:00.000Z');
  });

  it('prints a booking time on tickets by the same clock', () => {
    expect(formatBookingDate('2026-11-21T21:59:59.999Z')).toBe('2026-11-21 23:59');
    expect(formatBookingDate('2026-11-21T22:00:00.000Z')).toBe('2026-11-22 00:00');
    expect(formatBookingDate('not a date')).toBe('not a date');
  });
});

describe('a traveller’s 12-hour clock (formatKhartoumTime with hour12)', () => {
  // ICU writes the space before "am" as U+0020 or U+202F by version: either is a space here.
  const clock = (iso: string, lang: string) =>
    formatKhartoumTime(iso, lang, { hour12: true }).replace(/[\u202f\u00a0]/g, ' ');

  it('says the hour without a leading zero, midnight and noon as 12, on Khartoum’s clock', () => {
    expect(clock('2026-12-02T07:00:00Z', 'en')).toMatch(/^2 Dec 2026, 9:00 am$/i);
    expect(clock('2026-12-02T13:30:00Z', 'en')).toMatch(/^2 Dec 2026, 3:30 pm$/i);
    expect(clock('2026-12-01T22:15:00Z', 'en')).toMatch(/^2 Dec 2026, 12:15 am$/i);
    expect(clock('2026-12-02T10:00:00Z', 'en')).toMatch(/^2 Dec 2026, 12:00 pm$/i);
  });

  it('writes Arabic as Sudanese tickets do: the month by name, «ص» and «م»', () => {
    expect(clock('2026-12-02T07:00:00Z', 'ar')).toMatch(/^2 ديسمبر 2026، 9:00 ص$/);
    expect(clock('2026-12-02T13:30:00Z', 'ar')).toMatch(/^2 ديسمبر 2026، 3:30 م$/);
  });

  it('leaves staff’s 24-hour clock as it was', () => {
    expect(formatKhartoumTime('2026-12-01T22:15:00Z', 'en')).toMatch(/2 Dec 2026,? 00:15/);
  });
});
