// Times, days and routes as the conductor reads them: Khartoum's clock (the trips' own), Latin digits in both
// languages, city and company names in Arabic where the package has them.
import { boardingTimeIn, khartoumClock } from '../../../shared/rules.ts';
import type { CheckinMessages, Lang } from './i18n.ts';
import type { CheckinPackage } from './types.ts';

export { formatDay, formatSeatList } from '../../../shared/i18n/format.ts';

/** "08:42" on Khartoum's clock ("08:42:07" with seconds); with the day when it is not `today`. */
export function khartoumTime(iso: string, today?: string, seconds = false): string {
  const clock = khartoumClock(new Date(iso));
  const time = clock.slice(11, seconds ? 19 : 16);
  if (!today || clock.slice(0, 10) === today) return time;
  return `${clock.slice(0, 10)} ${time}`;
}

export const boardingTime = (time: string, m: CheckinMessages) => boardingTimeIn(time, m.boardingTimes);

type Trip = CheckinPackage['trip'];

export function routeName(trip: Trip, lang: Lang): string {
  const from = (lang === 'ar' && trip.origin_city_ar) || trip.origin_city;
  const to = (lang === 'ar' && trip.destination_city_ar) || trip.destination_city;
  return lang === 'ar' ? `${from} ← ${to}` : `${from} → ${to}`;
}

export const companyName = (trip: Trip, lang: Lang) =>
  (lang === 'ar' && trip.company_name_ar) || trip.company_name;

/** A trip's stops by index in the page's language: its origin, its intermediate stops, its destination. */
export function stopNames(trip: Trip, lang: Lang): string[] {
  const local = (name: string, arabic: string | null | undefined) => (lang === 'ar' && arabic) || name;
  return trip.stops?.length
    ? trip.stops.map((stop) => local(stop.city, stop.city_ar))
    : [local(trip.origin_city, trip.origin_city_ar), local(trip.destination_city, trip.destination_city_ar)];
}

/** Whether a trip stops on the way (its package names more places than its two ends). */
export const hasStops = (trip: Trip) => (trip.stops?.length ?? 0) > 2;
