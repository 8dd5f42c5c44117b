// The values printed on a ticket, as text: typed text made inert and one-line, amounts and times formatted.
import { khartoumClock } from '../../shared/rules.ts';
import { refundSchedule, type RefundRules } from '../../shared/refund-rules.ts';
import { DAY_PERIODS, type Bilingual } from './labels.ts';

// Controls, bidi embeddings/overrides/isolates/marks, zero-width spaces, line separators and lone surrogates.
// ZWJ and ZWNJ stay: they decide how Arabic letters join.
const INVISIBLE = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;
const MAX_CHARACTERS = 64;

/** Typed text as one plain line: invisible characters dropped, spaces collapsed, length capped. */
export function plainLine(value: string): string {
  const line = value.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  const characters = Array.from(line);
  return characters.length > MAX_CHARACTERS ? `${characters.slice(0, MAX_CHARACTERS - 1).join('')}…` : line;
}

const amountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 90000 → "90,000". */
export function formatAmount(value: number): string {
  return amountFormat.format(value);
}

/** An ISO instant as "YYYY-MM-DD HH:MM" on Sudan's clock. */
export function formatBookingDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return plainLine(iso);
  return khartoumClock(date).slice(0, 16).replace('T', ' ');
}

/** "7:00 pm" → { en: "7:00 pm", ar: "7:00 م" }. */
export function formatBoardingTime(time: string): Bilingual {
  const match = /^(\d{1,2}:\d{2}) ?(am|pm)$/i.exec(time.trim());
  if (!match) return { en: plainLine(time), ar: plainLine(time) };
  const period = DAY_PERIODS[match[2].toLowerCase() as 'am' | 'pm'];
  return { en: `${match[1]} ${period.en}`, ar: `${match[1]} ${period.ar}` };
}

const MONTHS: Bilingual[] = [
  ['Jan', 'يناير'],
  ['Feb', 'فبراير'],
  ['Mar', 'مارس'],
  ['Apr', 'أبريل'],
  ['May', 'مايو'],
  ['Jun', 'يونيو'],
  ['Jul', 'يوليو'],
  ['Aug', 'أغسطس'],
  ['Sep', 'سبتمبر'],
  ['Oct', 'أكتوبر'],
  ['Nov', 'نوفمبر'],
  ['Dec', 'ديسمبر'],
].map(([en, ar]) => ({ en, ar }));

/** An instant as "9 Nov 21:00" / "9 نوفمبر 21:00" on Sudan's clock. */
function shortInstant(instant: Date): Bilingual {
  const clock = khartoumClock(instant);
  const day = Number(clock.slice(8, 10));
  const month = MONTHS[Number(clock.slice(5, 7)) - 1];
  const time = clock.slice(11, 16);
  return { en: `${day} ${month.en} ${time}`, ar: `${day} ${month.ar} ${time}` };
}

/**
 * The refund rules a booking was sold under, as one line per language: "Refund if cancelled by 9 Nov 07:00:
 * 90% · by 10 Nov 03:00: 75% · before departure: 50% · none after departure".
 */
export function refundLine(rules: RefundRules, departure: Date): Bilingual {
  const en: string[] = [];
  const ar: string[] = [];
  refundSchedule(rules, departure).forEach(({ by, backPercent }) => {
    const when = by.getTime() === departure.getTime() ? undefined : shortInstant(by);
    en.push(`${when ? `by ${when.en}` : 'before departure'}: ${backPercent}%`);
    ar.push(`${when ? `حتى ${when.ar}` : 'قبل القيام'}: ${backPercent}%`);
  });
  const after = 100 - rules.afterDepartureKeptPercent;
  en.push(after ? `after departure: ${after}%` : 'none after departure');
  ar.push(after ? `بعد القيام: ${after}%` : 'لا استرداد بعد القيام');
  return {
    en: `Refund if cancelled ${en.join(' · ')}`,
    ar: `الاسترداد عند الإلغاء ${ar.join(' · ')}`,
  };
}
