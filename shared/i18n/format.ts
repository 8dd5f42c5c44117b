// Numbers, calendar days and seat lists as both front ends write them, in the language's Intl locale
// (shared/i18n/lang.ts). Small on purpose: the public site's first visit carries it.
import { KHARTOUM_OFFSET_MINUTES } from '../rules.ts';
import { intlLocale } from './lang.ts';

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

/**
 * An instant (ISO) as Khartoum's clock shows it (UTC+2 all year), whatever the reader's zone: "22 Nov 2026,
 * 00:30". Every time staff read is Khartoum's, as the trips' own days and boarding times are. `hour12`: a
 * traveller's 12-hour clock ("22 Nov 2026, 12:30 am"), as tickets and timetables write it.
 */
export function formatKhartoumTime(iso: string, lang: string, { hour12 }: { hour12?: boolean } = {}): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return iso;
  const clock = hour12
    ? // dateStyle and timeStyle with hour12 write "09:00 am": the medium date's own fields, the hour bare, and
      // midnight as 12 (en-GB's own 12-hour clock starts at 0).
      ({
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hourCycle: 'h12',
      } as const)
    : ({ dateStyle: 'medium', timeStyle: 'short' } as const);
  return new Intl.DateTimeFormat(intlLocale(lang), { ...clock, timeZone: 'UTC' }).format(
    new Date(instant + KHARTOUM_OFFSET_MINUTES * 60_000),
  );
}

/** Seat numbers in order, separated by the language's comma. */
export const formatSeatList = (seats: readonly number[], lang: string) =>
  [...seats]
    .sort((a, b) => a - b)
    .map((seat) => formatNumber(seat, lang))
    .join(lang === 'ar' ? '، ' : ', ');

/**
 * Text that keeps its own direction inside a sentence of the other one (a ticket id, a plate, a date or an
 * English name in Arabic): first-strong isolate … pop directional isolate, the plain-text form of <bdi>.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
