// The change form of a booking (ChangeDay): a day, the trips of the same route and bus company that day with
// enough free seats (the trip search), the new bus's seat map, then the server's quote (the difference, the change fee, what is
// paid or refunded) and the confirmation. Fetched on demand.
import { useEffect, useRef, useState } from 'preact/hooks';
import { addDays } from '../../shared/rules.ts';
import { ApiError, getJson, sendJson, withQuery } from '../lib/api.ts';
import { apiPaths } from '../lib/api-paths.ts';
import { formatBoardingTime, formatNumber, formatPrice } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { credentials } from '../lib/ticket.ts';
import type { BookingMatch, ChangeAnswer, ChangeQuote } from '../lib/types.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { useSeatSelection } from '../lib/use-seat-selection.ts';
import { useTripSearch } from '../lib/use-trip-search.ts';
import { SeatMap } from './SeatMap.tsx';
import { Spinner } from './Spinner.tsx';

export interface ChangeDayFormProps {
  booking: BookingMatch;
  onClose: () => void;
  onChanged: (message: 'changed' | 'awaiting') => void;
}

type Problem = keyof ReturnType<typeof useI18n>['m']['changeDay'];

const problemOf = (error: unknown): Problem =>
  (error instanceof ApiError && (error.body?.code as Problem | undefined)) || 'failed';

export default function ChangeDayForm({ booking, onClose, onChanged }: ChangeDayFormProps) {
  const { m, lang } = useI18n();
  const c = m.changeDay;
  const trip = booking.trip!;
  const count = booking.seats.length;
  const [date, setDate] = useState(addDays(trip.trip_date, 1));
  const search = useTripSearch();
  const [pickedId, setPickedId] = useState('');
  const [quote, setQuote] = useState<ChangeQuote | 'loading' | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  // Trips of the same bus company only (the server refuses another's: the traveller paid this one).
  const options = search.trips.filter(
    (found) =>
      found._id !== trip._id &&
      !found.isCancelled &&
      found.busId.bus_owner_companyId._id === trip.companyId &&
      found.busId.bus_number_of_seats - (found.bookedSeats?.length ?? 0) >= count,
  );
  const picked = options.find((found) => found._id === pickedId);
  const seats = useSeatSelection(picked?.bookedSeats ?? []);
  const proof = credentials(booking.ticketId, booking.passengerInfo.phone);
  const ready = picked && seats.selected.length === count;

  useEffect(() => {
    setPickedId('');
    if (date) void search.run({ origin: trip.trip_originId, destination: trip.trip_destinationId, date });
  }, [date]); // eslint-disable-line react-hooks/exhaustive-deps

  // What changing costs, asked again when the trip or the seats change, or when the price moved meanwhile.
  const [asked, setAsked] = useState(0);
  const repriced = useRef(false);
  useEffect(() => {
    setQuote(null);
    // Asked again because the price moved: the reason stays beside the new amount.
    if (!repriced.current) setProblem(null);
    repriced.current = false;
    if (!ready) return;
    setQuote('loading');
    const query = { ...proof, tripId: picked._id, seats: seats.selected.join(',') };
    getJson<ChangeQuote>(withQuery(apiPaths.changeQuote, query)).then(setQuote, (error) => {
      setQuote(null);
      setProblem(problemOf(error));
    });
  }, [pickedId, seats.selected.join(), asked]); // eslint-disable-line react-hooks/exhaustive-deps

  const confirm = async () => {
    if (!ready) return;
    setBusy(true);
    setProblem(null);
    try {
      const done = await sendJson<ChangeAnswer>('POST', apiPaths.changeBooking, {
        ...proof,
        tripId: picked._id,
        seats: seats.selected,
        // The amount shown: priced otherwise now, the server refuses and the new amount is shown instead.
        ...(quote && quote !== 'loading' ? { totalTicketPrice: quote.newTotal } : {}),
      });
      onChanged(done.state === 'changed' ? 'changed' : 'awaiting');
    } catch (error) {
      setProblem(problemOf(error));
      if (problemOf(error) === 'PRICE_CHANGED') {
        repriced.current = true;
        setAsked((n) => n + 1);
        // The trips' prices too, the traveller's trip and seats kept.
        void search.refresh({ origin: trip.trip_originId, destination: trip.trip_destinationId, date });
      }
      if (problemOf(error) === 'SEATS_TAKEN')
        void search.run({ origin: trip.trip_originId, destination: trip.trip_destinationId, date });
    } finally {
      setBusy(false);
    }
  };

  const price = (amount: number) => formatPrice(amount, lang, m);
  return (
    <section class="change-form" aria-labelledby={`change-${booking._id}`}>
      <h3 id={`change-${booking._id}`}>{c.title}</h3>
      <p class="hint">{c.intro}</p>
      <label class="field">
        <span>{c.date}</span>
        <input
          type="date"
          value={date}
          min={trip.trip_date}
          onInput={(e) => setDate(e.currentTarget.value)}
        />
      </label>
      {search.status === 'searching' && <Spinner label={c.searching} />}
      {search.status === 'failed' && <p class="message error">{c.searchFailed}</p>}
      {search.status === 'done' && options.length === 0 && <p class="hint">{c.noTrips}</p>}
      {options.length > 0 && (
        <fieldset class="choice">
          <legend>{c.trips}</legend>
          {options.map((found) => (
            <label key={found._id}>
              <input
                type="radio"
                name={`change-trip-${booking._id}`}
                checked={pickedId === found._id}
                onChange={() => setPickedId(found._id)}
              />
              {fill(c.tripOption, {
                time: formatBoardingTime(found.trip_boarding_time, m),
                price: price(found.trip_ticket_priceId.price),
                seats: formatNumber(found.busId.bus_number_of_seats - (found.bookedSeats?.length ?? 0), lang),
              })}
            </label>
          ))}
        </fieldset>
      )}
      {picked && (
        <>
          <p>{fill(c.pickSeats, { count: formatNumber(count, lang) })}</p>
          <SeatMap
            seatCount={picked.busId.bus_number_of_seats}
            booked={picked.bookedSeats ?? []}
            selected={seats.selected}
            onToggle={(seat) =>
              seats.selected.length >= count && !seats.selected.includes(seat)
                ? undefined
                : seats.toggle(seat)
            }
          />
        </>
      )}
      {quote === 'loading' && <p class="hint">{c.quoteLoading}</p>}
      {quote && quote !== 'loading' && (
        <div class="change-quote" data-change-quote>
          <p>{fill(c.newTotal, { amount: price(quote.newTotal) })}</p>
          <p>{fill(c.difference, { amount: price(quote.difference) })}</p>
          {quote.fee > 0 && <p>{fill(c.fee, { amount: price(quote.fee) })}</p>}
          <p>
            <strong>
              {quote.toPay > 0
                ? fill(c.toPay, { amount: price(quote.toPay) })
                : quote.refund > 0
                  ? fill(c.refund, { amount: price(quote.refund) })
                  : c.even}
            </strong>
          </p>
        </div>
      )}
      {problem && (
        <p class="message error" role="alert">
          {c[problem]}
        </p>
      )}
      <div class="actions">
        <button type="button" class="button secondary" onClick={onClose} disabled={busy}>
          {c.back}
        </button>
        <button
          type="button"
          class="button"
          disabled={!quote || quote === 'loading' || busy}
          onClick={() => void confirm()}
        >
          {busy ? c.changing : c.confirm}
        </button>
      </div>
    </section>
  );
}
