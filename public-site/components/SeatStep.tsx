// Step 1 of the booking: the seat map, the legend, the chosen seats (each removable), continue and back.
import { fill } from '../lib/i18n.ts';
import { formatNumber, formatSeatList } from '../lib/format.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { SeatMessage } from '../lib/use-seat-selection.ts';
import { SeatMap } from './SeatMap.tsx';

interface Props {
  seatCount: number;
  booked: readonly number[];
  selected: readonly number[];
  message: SeatMessage;
  onToggle: (seat: number) => void;
  onRemove: (seat: number) => void;
  onContinue: () => void;
  onBack: () => void;
}

function useSeatMessage(message: SeatMessage): string {
  const { m, lang } = useI18n();
  if (!message) return '';
  if (message.kind === 'limit') return m.seats.limit;
  if (message.kind === 'booked')
    return fill(m.seats.alreadyBooked, { seat: formatNumber(message.seat, lang) });
  const template = message.seats.length > 1 ? m.seats.takenMany : m.seats.taken;
  return fill(template, { seats: formatSeatList(message.seats, lang) });
}

export function SeatStep(props: Props) {
  const { m, lang } = useI18n();
  const text = useSeatMessage(props.message);
  return (
    <section class="card" aria-labelledby="seats-title">
      <h2 id="seats-title">{m.seats.title}</h2>
      <p class="hint" id="seats-help">
        {m.seats.help}
      </p>
      <ul class="legend" aria-label={m.seats.legend}>
        <li>
          <span class="seat-swatch available" aria-hidden="true" />
          {m.seats.available}
        </li>
        <li>
          <span class="seat-swatch booked" aria-hidden="true" />
          {m.seats.booked}
        </li>
        <li>
          <span class="seat-swatch selected" aria-hidden="true" />
          {m.seats.selected}
        </li>
      </ul>
      <SeatMap
        seatCount={props.seatCount}
        booked={props.booked}
        selected={props.selected}
        onToggle={props.onToggle}
      />
      {text && (
        <p
          class={props.message?.kind === 'booked' ? 'message' : 'message error'}
          role={props.message?.kind === 'booked' ? 'status' : 'alert'}
        >
          {text}
        </p>
      )}
      <h3>{m.seats.yourSeats}</h3>
      {props.selected.length === 0 ? (
        <p class="hint">{m.seats.none}</p>
      ) : (
        <ul class="chosen-seats">
          {props.selected.map((seat) => (
            <li key={seat}>
              <span>{formatNumber(seat, lang)}</span>
              <button type="button" class="link-button" onClick={() => props.onRemove(seat)}>
                {fill(m.seats.remove, { seat: formatNumber(seat, lang) })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="actions">
        <button type="button" class="button secondary" onClick={props.onBack}>
          {m.common.back}
        </button>
        <button
          type="button"
          class="button"
          disabled={props.selected.length === 0}
          onClick={props.onContinue}
        >
          {m.common.continue}
        </button>
      </div>
    </section>
  );
}
