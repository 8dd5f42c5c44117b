// The refund rules a booking was sold under, in one line: "If you cancel: by 9 Nov 2026, 7:00 am, 90% back; …"
// (a traveller's 12-hour clock).
// The same rules the ticket prints and the server applies (shared/refund-rules.ts).
import { formatKhartoumTime } from '../../shared/i18n/format.ts';
import { refundSchedule, type RefundRules } from '../../shared/refund-rules.ts';
import { departureInstant } from '../../shared/rules.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';

interface Props {
  rules: RefundRules;
  tripDate: string;
  boardingTime: string;
}

export function RefundRulesLine({ rules, tripDate, boardingTime }: Props) {
  const { m, lang } = useI18n();
  const departure = departureInstant(tripDate, boardingTime);
  const parts = refundSchedule(rules, departure).map(({ by, backPercent }) =>
    by.getTime() === departure.getTime()
      ? fill(m.booking.refundBeforeDeparture, { percent: backPercent })
      : fill(m.booking.refundBy, {
          when: formatKhartoumTime(by.toISOString(), lang, { hour12: true }),
          percent: backPercent,
        }),
  );
  // A cancel after departure is refused; the line says so when the rules keep everything then.
  if (rules.afterDepartureKeptPercent === 100) parts.push(m.booking.refundNoneAfter);
  return (
    <p class="hint" data-refund-rules>
      {fill(m.booking.refundRules, { rules: parts.join(lang === 'ar' ? '؛ ' : '; ') })}
    </p>
  );
}
