// What the traveller gets back if they confirm the cancellation now, as the server works it out from the
// rules their booking was sold under (GET cancellationQuote): for the whole booking, or for the seats ticked
// (`seats`). Shown inside the confirmation question.
import { useEffect, useState } from 'preact/hooks';
import { getJson, withQuery } from '../lib/api.ts';
import { apiPaths } from '../lib/api-paths.ts';
import { formatPrice, formatSeats } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { credentials } from '../lib/ticket.ts';
import type { CancellationQuote } from '../lib/types.ts';
import { useI18n } from '../lib/use-i18n.ts';

/** "in 2 days", "خلال ساعتين": the time left before departure, in the largest whole unit. */
function timeLeft(minutes: number, lang: string): string {
  const words = new Intl.RelativeTimeFormat(lang, { numeric: 'always' });
  if (minutes >= 48 * 60) return words.format(Math.floor(minutes / 1440), 'day');
  if (minutes >= 60) return words.format(Math.floor(minutes / 60), 'hour');
  return words.format(minutes, 'minute');
}

interface Props {
  ticketId: string;
  phone: string;
  /** Some seats of the booking only; none: the whole booking. */
  seats?: number[];
}

export function CancelQuote({ ticketId, phone, seats }: Props) {
  const { m, lang } = useI18n();
  const [quote, setQuote] = useState<CancellationQuote | 'loading' | 'failed'>('loading');
  const some = seats?.join(',');
  useEffect(() => {
    setQuote('loading');
    const query = { ...credentials(ticketId, phone), ...(some ? { seats: some } : {}) };
    let current = true;
    getJson<CancellationQuote>(withQuery(apiPaths.cancellationQuote, query)).then(
      (answer) => current && setQuote(answer),
      () => current && setQuote('failed'),
    );
    // A quote for seats ticked a moment ago never replaces the one for the seats ticked now.
    return () => {
      current = false;
    };
  }, [ticketId, phone, some]);

  if (quote === 'loading') return <p class="hint">{m.cancel.quoteLoading}</p>;
  if (quote === 'failed') return <p class="hint">{m.cancel.quoteFailed}</p>;
  const which = some && <>{fill(m.cancel.quoteSeats, { which: formatSeats(quote.seats, lang, m) })} </>;
  if (!quote.paid)
    return (
      <p data-quote>
        {which}
        {m.cancel.quoteUnpaid}
      </p>
    );
  return (
    <p data-quote>
      {which}
      <strong>
        {fill(m.cancel.quoteRefund, {
          refund: formatPrice(quote.refund, lang, m),
          paid: formatPrice(quote.paid, lang, m),
          kept: String(quote.keptPercent),
          when: timeLeft(quote.minutesBefore, lang),
        })}
      </strong>
    </p>
  );
}
