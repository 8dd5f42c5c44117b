// Numbers, money, dates and seat lists as staff read them. Digits stay Latin in both languages.
import { intlLocale } from './locale.ts';

type Translate = (key: string, options?: any) => string;

export const formatNumber = (value: number, locale: string) =>
  new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 }).format(value);

export const formatMoney = (amount: number, locale: string, translate: Translate) =>
  translate('rihla.units.money', { amount: formatNumber(amount, locale) });

/** A calendar date written YYYY-MM-DD (no time zone: it is Khartoum's date as stored). */
export function formatDay(date: string, locale: string, options: Intl.DateTimeFormatOptions = {}) {
  const instant = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(instant.getTime())) return date;
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...options,
    timeZone: 'UTC',
  }).format(instant);
}

export const formatTimestamp = (iso: string, locale: string) => {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime())
    ? iso
    : new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(
        instant,
      );
};

export const formatSeats = (seats: readonly number[], locale: string) =>
  [...seats].sort((a, b) => a - b).join(locale === 'ar' ? '، ' : ', ');
