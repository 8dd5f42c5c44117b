// Domain rules shared by the server, the admin and the public site. Pure data and functions only.

export const MAX_SEATS_PER_BOOKING = 3;
export const MAX_BUS_SEATS = 100;
export const TICKET_ID_LENGTH = 13;
export const PHONE_LENGTH = 10;
export const PASSWORD_MIN_LENGTH = 6;
export const REPORT_PREVIEW_LENGTH = 15;
export const CURRENCY = 'SDG';
/** The spec's boarding times, always offered; an admin may add others in Settings (boardingTimesWith). */
export const BOARDING_TIMES = ['9:00 am', '7:00 pm'] as const;
/** A boarding time as trips store it, the spec's way: "5:30 am", "12:00 pm". */
export const BOARDING_TIME_PATTERN = /^(1[0-2]|[1-9]):[0-5]\d (am|pm)$/;
/** A clock time as an admin types it in Settings, 24-hour "05:30". */
export const CLOCK_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** At most this many boarding times an admin may add. */
export const MAX_EXTRA_BOARDING_TIMES = 10;
export const BUS_STATUSES = ['In Service', 'Out of Service'] as const;
/** A bus out of service keeps its trips (staff see them) but they are neither listed publicly nor sold. */
export const BUS_OUT_OF_SERVICE = BUS_STATUSES[1];
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const TICKET_ID_PATTERN = /^\d{13}$/;
export const PHONE_PATTERN = /^\d{10}$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A basic address pattern, as the spec's login form uses. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isValidEmail = (text: string) => EMAIL_PATTERN.test(text);

const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

/** Arabic keyboards type ٠١٢٣٤٥٦٧٨٩ (or ۰۱۲…): read them as ASCII digits. */
export function normalizeDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => {
    const code = d.charCodeAt(0);
    const zero = code >= EXTENDED_ARABIC_INDIC_ZERO ? EXTENDED_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

/** Phones are stored as 10 plain digits: spaces and dashes people type are dropped. */
export function normalizePhone(value: string): string {
  return normalizeDigits(value).replace(/[\s\-().]/g, '');
}

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(value));
}

export function isValidTicketId(value: string): boolean {
  return TICKET_ID_PATTERN.test(normalizeDigits(value.trim()));
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A real calendar date written YYYY-MM-DD (the Gregorian calendar, as Date counts). Every search checks its
 * date: counted from the digits, without building a Date and its ISO text (2 % of a cached search's CPU).
 */
export function isValidDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= DAYS_IN_MONTH[month - 1] + (month === 2 && leap ? 1 : 0);
}

export function totalPrice(seatCount: number, price: number): number {
  return Math.round(seatCount * price * 100) / 100;
}

/** Minutes after midnight of a boarding-time option ("9:00 am" → 540). */
export function boardingMinutes(time: string): number {
  const match = /^(\d{1,2}):(\d{2}) (am|pm)$/.exec(time);
  if (!match) return 0;
  const hours = (Number(match[1]) % 12) + (match[3] === 'pm' ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

/** "05:30" → "5:30 am", "19:00" → "7:00 pm", "12:15" → "12:15 pm" (the form trips store). */
export function boardingTimeOfClock(clock: string): string {
  const [hours, minutes] = clock.split(':').map(Number);
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

/** "7:00 pm" → "19:00": a boarding time as a 24-hour clock. */
export function clockOfBoardingTime(time: string): string {
  const minutes = boardingMinutes(time);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The extra times an admin keeps (24-hour clocks): valid ones, each once, in order, the spec's two left out. */
export function cleanExtraClocks(clocks: readonly string[]): string[] {
  const spec = new Set<string>(BOARDING_TIMES.map(clockOfBoardingTime));
  return [...new Set(clocks.map((clock) => clock.trim()))]
    .filter((clock) => CLOCK_PATTERN.test(clock) && !spec.has(clock))
    .sort();
}

/** Every boarding time offered: the spec's two and an admin's (24-hour clocks), earliest first. */
export function boardingTimesWith(extraClocks: readonly string[]): string[] {
  return [...BOARDING_TIMES, ...cleanExtraClocks(extraClocks).map(boardingTimeOfClock)].sort(
    (a, b) => boardingMinutes(a) - boardingMinutes(b),
  );
}

/** A boarding time in words: "5:30 am" in English, «5:30 صباحًا» in Arabic (as the locale files word the two). */
export function boardingTimeText(time: string, lang: 'en' | 'ar'): string {
  if (lang === 'en' || !BOARDING_TIME_PATTERN.test(time)) return time;
  return time.replace(/ am$/, ' صباحًا').replace(/ pm$/, ' مساءً');
}

/**
 * A boarding time in a locale's words, given how its file words the spec's two ({"9:00 am": "9:00 صباحًا", …}):
 * an admin's "5:30 am" takes the period words of "9:00 am".
 */
export function boardingTimeIn(time: string, words: Record<string, string>): string {
  if (words[time]) return words[time];
  const match = /^(\d{1,2}:\d{2}) (am|pm)$/.exec(time);
  const sample = match && words[match[2] === 'am' ? BOARDING_TIMES[0] : BOARDING_TIMES[1]];
  return sample ? sample.replace(/^\d{1,2}:\d{2}/, match[1]) : time;
}

/** Khartoum has kept UTC+2 all year since 2017 (no daylight saving): its clock is this far ahead of UTC. */
export const KHARTOUM_OFFSET_MINUTES = 120;
const KHARTOUM_OFFSET_MS = KHARTOUM_OFFSET_MINUTES * 60_000;

/** The instant Khartoum's day YYYY-MM-DD begins, in milliseconds since the epoch. */
export function khartoumMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - KHARTOUM_OFFSET_MS;
}

/** An instant as Khartoum's wall clock, "YYYY-MM-DDTHH:MM:SS.mmm" (no zone). */
export function khartoumClock(instant: Date): string {
  return new Date(instant.getTime() + KHARTOUM_OFFSET_MS).toISOString().slice(0, -1);
}

/** The instant a trip departs, from its local date and boarding time in Khartoum. */
export function departureInstant(tripDate: string, boardingTime: string): Date {
  return new Date(khartoumMidnight(tripDate) + boardingMinutes(boardingTime) * 60_000);
}

export function hasDeparted(tripDate: string, boardingTime: string, now: Date = new Date()): boolean {
  return departureInstant(tripDate, boardingTime).getTime() <= now.getTime();
}

/** A calendar day `days` after YYYY-MM-DD (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Every calendar day from `first` to `last` (YYYY-MM-DD, both included), in order; none when last < first. */
export function datesFrom(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Today's date in Khartoum, YYYY-MM-DD. */
export function khartoumToday(now: Date = new Date()): string {
  return khartoumClock(now).slice(0, 10);
}

/** Lost item types: the union of the form's and the text's readings in the spec. */
export const LOST_ITEM_TYPES = [
  'headphones',
  'wallet',
  'clothes',
  'passport',
  'belt',
  'tablet',
  'hat',
  'beret',
  'musical instruments',
  'work tools',
  'suitcase',
  'hand bag',
  'computer',
  'unidentified documents',
  'identified documents',
  'coat',
  'camera',
  'eyeglasses',
  'sunglasses',
  'cell phone',
  'book',
  'wagon',
  "children's toys",
  'checkbook',
  'notebook',
  'electric scooter',
  'watch',
  'bag',
  'jewelry',
  'identity card',
  'other valuable',
  'other less valuable',
] as const;

export const LOST_ITEM_COLOURS = [
  'red',
  'gray',
  'pink',
  'gold',
  'green',
  'blue',
  'orange',
  'white',
  'purple',
  'yellow',
  'black',
  'other',
] as const;
