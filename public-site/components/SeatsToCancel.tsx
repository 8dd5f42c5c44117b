// One seat at a time: in the confirmation question of a booking of several seats, a box per seat, all ticked
// (the whole booking, as before); the traveller unticks the seats they keep.
import { formatNumber } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';

interface Props {
  seats: number[];
  chosen: number[];
  onChange: (chosen: number[]) => void;
}

export function SeatsToCancel({ seats, chosen, onChange }: Props) {
  const { m, lang } = useI18n();
  const toggle = (seat: number, on: boolean) =>
    onChange(on ? seats.filter((s) => s === seat || chosen.includes(s)) : chosen.filter((s) => s !== seat));
  return (
    <fieldset class="choice">
      <legend>{m.cancel.seatsLegend}</legend>
      {seats.map((seat) => (
        <label key={seat}>
          <input
            type="checkbox"
            checked={chosen.includes(seat)}
            onChange={(event) => toggle(seat, (event.target as HTMLInputElement).checked)}
          />
          {fill(m.cancel.seatOption, { seat: formatNumber(seat, lang) })}
        </label>
      ))}
      {chosen.length === 0 && <p class="hint">{m.cancel.seatsNone}</p>}
    </fieldset>
  );
}
