// What the traveller gets back if they confirm the cancellation now, as the server works it out from the
// rules their booking was sold under (GET cancellationQuote). Shown inside the confirmation question.
import { useEffect, useState } from 'preact/hooks';
import { getJson, withQuery } from '../lib/api.ts';
import { apiPaths } from '../lib/api-paths.ts';
import { formatPrice } from '../lib/format.ts';
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

export function CancelQuote({ ticketId, phone }: { ticketId: string; phone: string }) {
  const { m, lang } = useI18n();
  const [quote, setQuote] = useState<CancellationQuote | 'loading' | 'failed'>('loading');
  useEffect(() => {
    getJson<CancellationQuote>(withQuery(apiPaths.cancellationQuote, credentials(ticketId, phone))).then(
      setQuote,
      () => setQuote('failed'),
    );
  }, [ticketId, phone]);

  if (quote === 'loading') return <p class="hint">{m.cancel.quoteLoading}</p>;
  if (quote === 'failed') return <p class="hint">{m.cancel.quoteFailed}</p>;
  if (!quote.paid) return <p data-quote>{m.cancel.quoteUnpaid}</p>;
  return (
    <p data-quote>
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
