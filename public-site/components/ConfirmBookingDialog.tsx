// The confirmation overlay of the spec: everything the traveller is about to pay for, before sending.
import { formatNumber, formatPrice, formatSeatList, formatTripDate, tripNames } from '../lib/format.ts';
import type { ProofDraft } from '../lib/booking-request.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { PassengerInfo, Trip } from '../lib/types.ts';
import { type Fact, Facts } from './Facts.tsx';
import { legFacts, useLegNames } from '../lib/use-leg-names.ts';
import { Filled, Ltr } from './Filled.tsx';
import { KhartoumTime } from './KhartoumTime.tsx';
import { Overlay } from './Overlay.tsx';

interface Props {
  trip: Trip;
  seats: number[];
  price: number;
  total: number;
  passenger: PassengerInfo;
  /** The proof sent with the booking, or null when it comes later. */
  proof: ProofDraft | null;
  /** When the seats would be released without a proof (ISO), when known. */
  holdUntil: string | null;
  /** Set when the server answered that the price changed: the new total is shown first. */
  priceChanged: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmBookingDialog(props: Props) {
  const { m, lang } = useI18n();
  const { trip, seats, passenger, proof } = props;
  const names = tripNames(trip, lang);
  // The traveller's own stops and the time at theirs, on a trip with stops.
  const legs = useLegNames(trip);
  const rows: Fact[] = [
    [m.confirm.company, names.company],
    [m.confirm.bus, trip.busId.bus_number],
    [m.confirm.date, formatTripDate(trip.trip_date, lang)],
    [m.confirm.departure, legs.boardingTime],
    [m.confirm.from, legs.origin],
    [m.confirm.to, legs.destination],
    ...legFacts(m, legs.arrival, legs.route),
    [m.confirm.price, formatPrice(props.price, lang, m)],
    [m.confirm.seats, formatNumber(seats.length, lang)],
    [m.confirm.seatNumbers, formatSeatList(seats, lang)],
    [m.confirm.passengers, formatNumber(seats.length, lang)],
    [m.confirm.passenger, `${passenger.firstName} ${passenger.lastName}`],
    [m.confirm.phone, passenger.phone],
    [m.confirm.proof, proof?.name ?? m.confirm.noProof],
  ];
  if (proof) {
    rows.push([m.payment.method, m.payment.methods[proof.method]]);
    if (proof.reference.trim()) rows.push([m.payment.reference, <Ltr>{proof.reference.trim()}</Ltr>]);
  }
  const total = formatPrice(props.total, lang, m);
  return (
    <Overlay title={m.confirm.title} onClose={props.onClose} closeLabel={m.common.close}>
      {props.priceChanged && (
        <p class="message warning" role="alert">
          {fill(m.confirm.priceChanged, { total })}
        </p>
      )}
      <Facts class="summary" rows={rows}>
        <div class="summary-total">
          <dt>{m.confirm.total}</dt>
          <dd>{total}</dd>
        </div>
      </Facts>
      {!proof && props.holdUntil && (
        <p class="hint">
          <Filled
            text={m.payment.heldUntil}
            values={{ time: <KhartoumTime iso={props.holdUntil} now={Date.now()} /> }}
          />
        </p>
      )}
      <div class="actions">
        <button type="button" class="button secondary" onClick={props.onClose}>
          {m.confirm.edit}
        </button>
        <button type="button" class="button" onClick={props.onConfirm} data-autofocus>
          {m.confirm.submit}
        </button>
      </div>
    </Overlay>
  );
}
