// Numbers, money, dates and seat lists as staff read them: the shared formats (shared/i18n/format.ts, the
// public site's too), and the ones only the back-office shows.
import { formatNumber } from '../../shared/i18n/format.ts';
import { intlLocale } from '../../shared/i18n/lang.ts';
import { KHARTOUM_OFFSET_MINUTES } from '../../shared/rules.ts';

export { formatDay, formatNumber, formatSeatList } from '../../shared/i18n/format.ts';
/** A server timestamp as staff read every time: on Khartoum's clock. */
export { formatKhartoumTime as formatTimestamp } from '../../shared/i18n/format.ts';

type Translate = (key: string, options?: any) => string;

export const formatMoney = (amount: number, locale: string, translate: Translate) =>
  translate('rihla.units.money', { amount: formatNumber(amount, locale) });

/**
 * A deadline as staff scan it, on Khartoum's clock: the time (as departures say it, 9:00 am), with the weekday
 * when it is not Khartoum's today.
 */
export const formatDeadline = (iso: string, locale: string, now = new Date()) => {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return iso;
  const khartoum = (ms: number) => new Date(ms + KHARTOUM_OFFSET_MINUTES * 60_000);
  const today =
    khartoum(instant).toISOString().slice(0, 10) === khartoum(now.getTime()).toISOString().slice(0, 10);
  return new Intl.DateTimeFormat(intlLocale(locale), {
    ...(today ? {} : { weekday: 'short' }),
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'UTC',
  }).format(khartoum(instant));
};
