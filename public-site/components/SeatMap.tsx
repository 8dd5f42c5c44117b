// The bus seen from above, four seats a row around the aisle, seat 1 at the front by the driver.
// It keeps the physical layout in both languages (dir="ltr") so that arrow keys move as they look.
// One seat at a time is in the tab order (roving tabindex); arrows, Home and End move between seats.
import { useRef, useState } from 'preact/hooks';
import { fill } from '../lib/i18n.ts';
import { formatNumber } from '../lib/format.ts';
import { useI18n } from '../lib/use-i18n.ts';

const SEATS_PER_ROW = 4;

interface Props {
  seatCount: number;
  booked: readonly number[];
  selected: readonly number[];
  onToggle: (seat: number) => void;
}

export function SeatMap({ seatCount, booked, selected, onToggle }: Props) {
  const { m, lang } = useI18n();
  const [focused, setFocused] = useState(1);
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

  const seats = Array.from({ length: seatCount }, (_, index) => index + 1);
  return (
    <div class="seat-map" dir="ltr">
      <p class="seat-front" aria-hidden="true">
        {m.seats.front}
      </p>
      <div role="group" aria-label={fill(m.seats.mapLabel, { count: seatCount })} class="seat-grid">
        {seats.map((seat) => {
          const state = booked.includes(seat) ? 'booked' : selected.includes(seat) ? 'selected' : 'available';
          return (
            <button
              key={seat}
              ref={(el) => {
                buttons.current[seat] = el;
              }}
              type="button"
              class={`seat ${state}`}
              tabIndex={seat === focused ? 0 : -1}
              aria-pressed={state === 'selected' ? 'true' : 'false'}
              aria-disabled={state === 'booked' ? 'true' : undefined}
              aria-label={fill(m.seats.seatLabel, { seat: formatNumber(seat, lang), state: m.seats[state] })}
              onClick={() => {
                setFocused(seat);
                onToggle(seat);
              }}
              onKeyDown={(event) => onKeyDown(event, seat)}
            >
              {formatNumber(seat, lang)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
