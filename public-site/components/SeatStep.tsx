// Step 1 of the booking: the seat map and its legend, the chosen seats (each removable), back, and a bar
// with the seats chosen, their total and Continue, which stays at the bottom of the screen while the map
// is longer than the screen (a phone). A tap refused is answered under the seat tapped (SeatMap).
import { totalPrice } from '../../shared/rules.ts';
import { fill } from '../lib/i18n.ts';
import { formatNumber, formatPrice, formatSeatList } from '../lib/format.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { SeatMessage } from '../lib/use-seat-selection.ts';
import { Filled } from './Filled.tsx';
import { SeatMap, type SeatNote } from './SeatMap.tsx';

interface Props {
  seatCount: number;
  booked: readonly number[];
  selected: readonly number[];
  /** The price of one seat, in SDG. */
  price: number;
  message: SeatMessage;
  onToggle: (seat: number) => void;
  onRemove: (seat: number) => void;
  onContinue: () => void;
  onBack: () => void;
}

function useSeatNote(message: SeatMessage): SeatNote | null {
  const { m, lang } = useI18n();
  if (!message || message.kind === 'taken') return null;
  const text =
    message.kind === 'limit'
      ? m.seats.limit
      : fill(m.seats.alreadyBooked, { seat: formatNumber(message.seat, lang) });
  return { seat: message.seat, key: message.tap, text, tone: message.kind === 'limit' ? 'error' : 'info' };
}

export function SeatStep(props: Props) {
  const { m, lang } = useI18n();
  const note = useSeatNote(props.message);
  const { selected, message } = props;
  const taken =
    message?.kind === 'taken' &&
    fill(message.seats.length > 1 ? m.seats.takenMany : m.seats.taken, {
      seats: formatSeatList(message.seats, lang),
    });
  return (
    <section class="card seat-step" aria-labelledby="seats-title">
      <h2 id="seats-title">{m.seats.title}</h2>
      {taken && (
        <p class="message error" role="alert">
          {taken}
        </p>
      )}
      <p class="hint">{m.seats.help}</p>
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
        selected={selected}
        onToggle={props.onToggle}
        note={note}
      />
      <h3>{m.seats.yourSeats}</h3>
      {selected.length === 0 ? (
        <p class="hint">{m.seats.none}</p>
      ) : (
        <ul class="chosen-seats">
          {selected.map((seat) => (
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
      </div>
      <div class="seat-bar" role="group" aria-label={m.seats.barLabel}>
        <p class="seat-bar-text">
          <span>
            {selected.length === 0 ? (
              m.seats.barNone
            ) : (
              <Filled
                text={m.seats.barSeats}
                values={{ seats: <bdi>{formatSeatList(selected, lang)}</bdi> }}
              />
            )}
          </span>
          {selected.length > 0 && (
            <strong>
              <Filled
                text={m.seats.barTotal}
                values={{
                  total: <bdi>{formatPrice(totalPrice(selected.length, props.price), lang, m)}</bdi>,
                }}
              />
            </strong>
          )}
        </p>
        <button type="button" class="button" disabled={selected.length === 0} onClick={props.onContinue}>
          {m.common.continue}
        </button>
      </div>
    </section>
  );
}
