// Numbers, prices, dates and sizes as travellers read them: the formats shared with the back-office
// (shared/i18n/format.ts: Latin digits in both languages), and the site's own.
import { formatNumber, formatSeatList } from '../../shared/i18n/format.ts';
import { boardingTimeIn } from '../../shared/rules.ts';
import { fill, type Lang, type PublicMessages } from './i18n.ts';
import type { Trip } from './types.ts';

export { formatDay as formatTripDate, formatNumber, formatSeatList } from '../../shared/i18n/format.ts';

export function formatPrice(amount: number, lang: Lang, m: PublicMessages): string {
  return fill(m.units.currency, { amount: formatNumber(amount, lang) });
}

/** Seats named in a sentence: "seat 3", "seats 1, 2" (المقعد 3، المقاعد 1، 2). */
export const formatSeats = (seats: readonly number[], lang: Lang, m: PublicMessages) =>
  fill(seats.length > 1 ? m.cancel.seatsMany : m.cancel.seatOne, { seats: formatSeatList(seats, lang) });

export function formatBoardingTime(time: string, m: PublicMessages): string {
  return boardingTimeIn(time, m.boardingTimes as Record<string, string>);
}

/**
 * A city's or a company's name in the page's language: on Arabic pages the Arabic name staff gave (cities
 * and companies they add included), otherwise, or when they gave none, the name as stored.
 */
export function localName(name: string, arabic: string | null | undefined, lang: Lang): string {
  return lang === 'ar' && arabic?.trim() ? arabic : name;
}

/** The names a trip is shown with: where from, where to, and whose bus. */
export function tripNames(trip: Trip, lang: Lang) {
  const { trip_originId: from, trip_destinationId: to } = trip;
  const company = trip.busId.bus_owner_companyId;
  return {
    origin: localName(from.origin_city, from.origin_city_ar, lang),
    destination: localName(to.destination_city, to.destination_city_ar, lang),
    company: localName(company.company_name, company.company_name_ar, lang),
  };
}

export function formatBytes(bytes: number, lang: Lang, m: PublicMessages): string {
  if (bytes < 1024 * 1024)
    return fill(m.units.kilobytes, { value: formatNumber(Math.max(1, Math.round(bytes / 1024)), lang) });
  return fill(m.units.megabytes, { value: formatNumber(Math.round(bytes / 104857.6) / 10, lang) });
}
