// The language helpers both front ends use: one storage key, Latin digits in both languages, calendar days
// without a time zone, seat lists with the language's comma.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../admin/i18n/locale.ts';
import { formatDay, formatNumber, formatSeatList } from '../../shared/i18n/format.ts';
import { directionOf, LANG_STORAGE_KEY } from '../../shared/i18n/lang.ts';

describe('shared language helpers', () => {
  it('keep the choice under one key, and read Arabic right to left', () => {
    expect(LANG_STORAGE_KEY).toBe('rihla.lang');
    expect(LOCALES.map(directionOf)).toEqual(['ltr', 'rtl']);
  });

  it('write numbers with Latin digits in both languages', () => {
    expect(formatNumber(30000, 'en')).toBe('30,000');
    expect(formatNumber(30000.456, 'ar')).toMatch(/^30.000[.,٫]46$/);
    expect(formatNumber(30000, 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('write a calendar day as it is stored, whatever the clock', () => {
    expect(formatDay('2026-11-21', 'en')).toBe('Sat, 21 Nov 2026');
    expect(formatDay('2026-11-21', 'en', { weekday: undefined, year: undefined })).toBe('21 Nov');
    expect(formatDay('2026-11-21', 'ar')).not.toMatch(/[٠-٩]/);
    expect(formatDay('soon', 'en')).toBe('soon');
  });

  it('list seats in order with the language’s comma', () => {
    expect(formatSeatList([9, 4, 12], 'en')).toBe('4, 9, 12');
    expect(formatSeatList([9, 4], 'ar')).toBe('4، 9');
  });
});
