// Numbers, money, dates and seat lists as staff read them: the shared formats (shared/i18n/format.ts, the
// public site's too), and the ones only the back-office shows.
import { formatNumber } from '../../shared/i18n/format.ts';

export { formatDay, formatNumber, formatSeatList } from '../../shared/i18n/format.ts';
/** A server timestamp as staff read every time: on Khartoum's clock. */
export { formatKhartoumTime as formatTimestamp } from '../../shared/i18n/format.ts';

type Translate = (key: string, options?: any) => string;

export const formatMoney = (amount: number, locale: string, translate: Translate) =>
  translate('rihla.units.money', { amount: formatNumber(amount, locale) });
