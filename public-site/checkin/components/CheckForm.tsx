// The ticket number typed by hand (13 digits, Arabic digits accepted), or a whole code typed by a keyboard
// barcode scanner, which ends with Enter. The field empties and keeps the focus for the next traveller.
import { useState } from 'preact/hooks';
import { useI18n } from '../lib/i18n.ts';
import { cleanTicketId, type CheckInput } from '../lib/verdict.ts';

export function CheckForm({ onCheck }: { onCheck: (input: CheckInput, startedAt: number) => void }) {
  const { m } = useI18n();
  const [text, setText] = useState('');
  const [wrong, setWrong] = useState(false);

  function submit(event: Event) {
    event.preventDefault();
    const startedAt = performance.now();
    const typed = text.trim();
    if (typed.startsWith('R1.')) onCheck({ qr: typed }, startedAt);
    else {
      const ticketId = cleanTicketId(typed);
      if (!ticketId) return setWrong(true);
      onCheck({ ticketId }, startedAt);
    }
    setWrong(false);
    setText('');
  }

  return (
    <form class="check-form" onSubmit={submit}>
      <label class="field grow">
        <span>{m.check.ticketNumber}</span>
        <input
          name="ticket"
          inputMode="numeric"
          autocomplete="off"
          dir="ltr"
          value={text}
          aria-invalid={wrong}
          aria-describedby={wrong ? 'ticket-problem' : undefined}
          onInput={(e) => setText(e.currentTarget.value)}
        />
      </label>
      <button type="submit" class="button button-main">
        {m.check.checkButton}
      </button>
      {wrong && (
        <p id="ticket-problem" class="note note-error full">
          {m.check.badNumber}
        </p>
      )}
    </form>
  );
}
