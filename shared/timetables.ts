// Which dates a timetable puts on sale: its days of the week (0 = Sunday … 6 = Saturday) between its first
// and last dates, less its days off. Pure, so the server's generation job and the back-office's preview of a
// new timetable agree on every date.
import { addDays, datesFrom, isValidDate } from './rules.ts';

/** Days of the week, as the spec numbers them (JavaScript's getUTCDay). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const DEFAULT_SALES_HORIZON_DAYS = 30;
/** How many dates the create form previews. */
export const PREVIEW_DATES = 10;

export interface TimetableCalendar {
  timetable_days: readonly number[];
  timetable_from: string;
  timetable_until?: string | null;
  timetable_dates_off?: readonly string[] | null;
}

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The timetable's dates from `first` to `last` (both included, YYYY-MM-DD), in order. */
export function timetableDates(calendar: TimetableCalendar, first: string, last: string): string[] {
  if (!isValidDate(calendar.timetable_from) || !isValidDate(first) || !isValidDate(last)) return [];
  const start = calendar.timetable_from > first ? calendar.timetable_from : first;
  const until =
    calendar.timetable_until && isValidDate(calendar.timetable_until) ? calendar.timetable_until : last;
  const end = until < last ? until : last;
  const days = new Set(calendar.timetable_days);
  const off = new Set(calendar.timetable_dates_off ?? []);
  return datesFrom(start, end).filter((date) => days.has(weekdayOf(date)) && !off.has(date));
}

/** The dates a timetable keeps on sale on `today`: from today to `horizonDays` days ahead (today is day 1). */
export const datesOnSale = (calendar: TimetableCalendar, today: string, horizonDays: number) =>
  horizonDays > 0 ? timetableDates(calendar, today, addDays(today, horizonDays - 1)) : [];

/** The next `count` dates the timetable would put on sale from `today` (the create form's preview). */
export function nextDates(calendar: TimetableCalendar, today: string, count = PREVIEW_DATES): string[] {
  // A year ahead is enough to find `count` dates of any timetable that has them.
  return timetableDates(calendar, today, addDays(today, 366)).slice(0, count);
}
