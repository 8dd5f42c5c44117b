// Numbers, money, dates and seat lists as staff read them: the shared formats (shared/i18n/format.ts, the
// public site's too), and the ones only the back-office shows.
import { formatNumber } from '../../shared/i18n/format.ts';
import { intlLocale } from '../../shared/i18n/lang.ts';

export { formatDay, formatNumber, formatSeatList } from '../../shared/i18n/format.ts';

type Translate = (key: string, options?: any) => string;

export const formatMoney = (amount: number, locale: string, translate: Translate) =>
  translate('rihla.units.money', { amount: formatNumber(amount, locale) });

export const formatTimestamp = (iso: string, locale: string) => {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime())
    ? iso
    : new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(
        instant,
      );
};

/** A deadline as staff scan it: the time (as departures say it, 9:00 am), with the weekday when not today. */
export const formatDeadline = (iso: string, locale: string, now = new Date()) => {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const today = instant.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(intlLocale(locale), {
    ...(today ? {} : { weekday: 'short' }),
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(instant);
};
