// Numbers, prices, dates and sizes as travellers read them. Digits stay Latin in both languages so that
// ticket ids, phone numbers and amounts look the same on the screen, the ticket and the SMS.
import { fill, type Lang, type PublicMessages } from './i18n.ts';

const numberLocale = (lang: Lang) => (lang === 'ar' ? 'ar-SD-u-nu-latn' : 'en-GB');

export function formatNumber(value: number, lang: Lang): string {
  return new Intl.NumberFormat(numberLocale(lang), { maximumFractionDigits: 2 }).format(value);
}

export function formatPrice(amount: number, lang: Lang, m: PublicMessages): string {
  return fill(m.units.currency, { amount: formatNumber(amount, lang) });
}

/** A trip date (YYYY-MM-DD, a calendar day with no time zone) as "Sat 21 Nov 2026". */
export function formatTripDate(date: string, lang: Lang): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(numberLocale(lang), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

export function formatBoardingTime(time: string, m: PublicMessages): string {
  return (m.boardingTimes as Record<string, string>)[time] ?? time;
}

export function cityName(name: string, m: PublicMessages): string {
  return m.cities[name] ?? name;
}

export function formatBytes(bytes: number, lang: Lang, m: PublicMessages): string {
  if (bytes < 1024 * 1024)
    return fill(m.units.kilobytes, { value: formatNumber(Math.max(1, Math.round(bytes / 1024)), lang) });
  return fill(m.units.megabytes, { value: formatNumber(Math.round(bytes / 104857.6) / 10, lang) });
}

export function formatSeatList(seats: readonly number[], lang: Lang): string {
  return [...seats]
    .sort((a, b) => a - b)
    .map((seat) => formatNumber(seat, lang))
    .join(lang === 'ar' ? '، ' : ', ');
}
