// Numbers, prices, dates and sizes as travellers read them: the formats shared with the back-office
// (shared/i18n/format.ts: Latin digits in both languages), and the site's own.
import { formatNumber } from '../../shared/i18n/format.ts';
import { fill, type Lang, type PublicMessages } from './i18n.ts';

export { formatDay as formatTripDate, formatNumber, formatSeatList } from '../../shared/i18n/format.ts';

export function formatPrice(amount: number, lang: Lang, m: PublicMessages): string {
  return fill(m.units.currency, { amount: formatNumber(amount, lang) });
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
