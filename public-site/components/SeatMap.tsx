// The bus seen from above, four seats a row around the aisle, seat 1 at the front by the driver.
// It keeps the physical layout in both languages (dir="ltr") so that arrow keys move as they look.
// One seat at a time is in the tab order (roving tabindex); arrows, Home and End move between seats, and how
// is said to those who arrived with the keyboard. A message about a tapped seat (the limit reached, a seat
// already booked) is shown under that seat's row, where the traveller is looking.
import { useRef, useState } from 'preact/hooks';
import { directionOf } from '../../shared/i18n/lang.ts';
import { fill } from '../lib/i18n.ts';
import { formatNumber } from '../lib/format.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { useKeyboardUser } from '../lib/use-keyboard-user.ts';

const SEATS_PER_ROW = 4;

/** A message about a tapped seat; a new `key` is a new message, said again even if its words are not. */
export interface SeatNote {
  seat: number;
  key: number;
  text: string;
  tone: 'error' | 'info';
}

interface Props {
  seatCount: number;
  booked: readonly number[];
  selected: readonly number[];
  onToggle: (seat: number) => void;
  note?: SeatNote | null;
}

export function SeatMap({ seatCount, booked, selected, onToggle, note }: Props) {
  const { m, lang } = useI18n();
  const [focused, setFocused] = useState(1);
  const [keyboard, onFocusIn] = useKeyboardUser();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const moveTo = (seat: number) => {
    const target = Math.min(Math.max(seat, 1), seatCount);
    setFocused(target);
    buttons.current[target]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, seat: number) => {
    const moves: Record<string, number> = {
      ArrowRight: seat + 1,
      ArrowLeft: seat - 1,
      ArrowDown: seat + SEATS_PER_ROW,
      ArrowUp: seat - SEATS_PER_ROW,
      Home: 1,
      End: seatCount,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    moveTo(moves[event.key]);
  };

  // The message goes after the last seat of the tapped seat's row.
  const noteAfter = note ? Math.min(Math.ceil(note.seat / SEATS_PER_ROW) * SEATS_PER_ROW, seatCount) : 0;
  const seats = Array.from({ length: seatCount }, (_, index) => index + 1);
  return (
    <>
      <div class="seat-map" dir="ltr">
        <p class="seat-front" aria-hidden="true">
          {m.seats.front}
        </p>
        <div
          role="group"
          aria-label={fill(m.seats.mapLabel, { count: seatCount })}
          aria-describedby={keyboard ? 'seat-keys' : undefined}
          class="seat-grid"
          onFocusIn={onFocusIn}
        >
          {seats.map((seat) => {
            const state = booked.includes(seat)
              ? 'booked'
              : selected.includes(seat)
                ? 'selected'
                : 'available';
            const button = (
              <button
                key={seat}
                ref={(el) => {
                  buttons.current[seat] = el;
                }}
                type="button"
                // The third seat of a row is the first one across the aisle.
                class={`seat ${state}${seat % SEATS_PER_ROW === 3 ? ' across' : ''}`}
                tabIndex={seat === focused ? 0 : -1}
                aria-pressed={state === 'selected' ? 'true' : 'false'}
                aria-disabled={state === 'booked' ? 'true' : undefined}
                aria-label={fill(m.seats.seatLabel, {
                  seat: formatNumber(seat, lang),
                  state: m.seats[state],
                })}
                onClick={() => {
                  setFocused(seat);
                  onToggle(seat);
                }}
                onKeyDown={(event) => onKeyDown(event, seat)}
              >
                {formatNumber(seat, lang)}
              </button>
            );
            if (!note || seat !== noteAfter) return button;
            return [
              button,
              <p
                key={`note-${note.key}`}
                class={`seat-note ${note.tone}`}
                dir={directionOf(lang)}
                role={note.tone === 'error' ? 'alert' : 'status'}
              >
                {note.text}
              </p>,
            ];
          })}
        </div>
      </div>
      {keyboard && (
        <p class="hint" id="seat-keys">
          {m.seats.keyboardHelp}
        </p>
      )}
    </>
  );
}
