// Under a booking found on the look-up: whether the traveller wants the evening-before reminder and the
// company's messages about the trip by SMS (the ticket and payment news always come). Saved at once, proved by
// the ticket id and phone like the look-up itself.
import { useState } from 'preact/hooks';
import { sendJson } from '../lib/api.ts';
import { apiPaths } from '../lib/api-paths.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { BookingMatch } from '../lib/types.ts';

export function MessagesChoice({ booking }: { booking: BookingMatch }) {
  const { m } = useI18n();
  const [wanted, setWanted] = useState(!booking.messagesOptOut);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const change = async (next: boolean) => {
    setWanted(next);
    setState('saving');
    try {
      await sendJson('PATCH', apiPaths.messagePreferences, {
        ticketId: booking.ticketId,
        phone: booking.passengerInfo.phone,
        optOut: !next,
      });
      setState('saved');
    } catch {
      setWanted(!next);
      setState('failed');
    }
  };
  return (
    <div class="choice">
      <label>
        <input
          type="checkbox"
          checked={wanted}
          disabled={state === 'saving'}
          onChange={(event) => change((event.currentTarget as HTMLInputElement).checked)}
        />
        {m.cancel.smsOptIn}
      </label>
      <p role="status" class={state === 'failed' ? 'message error' : 'hint'}>
        {state === 'saved' ? m.cancel.smsSaved : state === 'failed' ? m.cancel.smsFailed : ''}
      </p>
    </div>
  );
}
