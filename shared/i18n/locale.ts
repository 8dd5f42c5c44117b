// What the two front ends share about the language: where the choice is remembered, its direction, and how
// numbers and calendar days read in it. Digits stay Latin in both languages, so ticket ids, phone numbers
// and amounts look the same on the screen, the ticket and the SMS. Small on purpose: the public site's
// first visit carries it.

/** Where both front ends keep the chosen language, so a traveller-facing and a staff page agree. */
export const LANG_STORAGE_KEY = 'rihla.lang';

export const directionOf = (lang: string) => (lang === 'ar' ? 'rtl' : 'ltr');

/** The Intl locale of a language: Arabic with Latin digits, or British English. */
export const intlLocale = (lang: string) => (lang === 'ar' ? 'ar-SD-u-nu-latn' : 'en-GB');

export const formatNumber = (value: number, lang: string) =>
  new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 2 }).format(value);

/** A calendar day written YYYY-MM-DD (Khartoum's date as stored, no time zone): "Sat, 21 Nov 2026". */
export function formatDay(date: string, lang: string, options: Intl.DateTimeFormatOptions = {}): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(intlLocale(lang), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...options,
    timeZone: 'UTC',
  }).format(day);
}

/** Seat numbers in order, separated by the language's comma. */
export const formatSeatList = (seats: readonly number[], lang: string) =>
  [...seats]
    .sort((a, b) => a - b)
    .map((seat) => formatNumber(seat, lang))
    .join(lang === 'ar' ? '، ' : ', ');
