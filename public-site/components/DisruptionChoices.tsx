// Under a booking found on the look-up whose trip the bus company cancelled or delayed: why (in the page's
// language), and while the choice is open, the trips to move to free of charge (of the route, or of another
// passing the traveller's towns: each shown by when it leaves the traveller's town) or a full refund, each after
// a confirmation question.
import { useState } from 'preact/hooks';
import { boardingTimeOfClock, khartoumClock } from '../../shared/rules.ts';
import { type ChoiceOutcome, type ChoiceProblem, sendChoice } from '../lib/disruption-choice.ts';
import { formatBoardingTime, formatNumber, formatPrice, formatTripDate } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { BookingMatch } from '../lib/types.ts';

interface Props {
  booking: BookingMatch;
  onChosen: (outcome: ChoiceOutcome) => void;
}

export function DisruptionChoices({ booking, onChosen }: Props) {
  const { m, lang } = useI18n();
  const d = m.disruption;
  const { disruption, choices } = booking;
  const targets = choices?.move.trips ?? [];
  const [picked, setPicked] = useState(targets[0]?._id ?? '');
  const [asking, setAsking] = useState<'move' | 'refund' | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ChoiceProblem | null>(null);
  if (!disruption) return null;

  const when = (date: string, time: string) => ({
    date: formatTripDate(date, lang),
    time: formatBoardingTime(time, m),
  });
  /** When a trip to move to leaves the traveller's own town (later than its departure on a trip with stops). */
  const leaves = (trip: { departsAt: string }) => {
    const clock = khartoumClock(new Date(trip.departsAt));
    return when(clock.slice(0, 10), boardingTimeOfClock(clock.slice(11, 16)));
  };
  const amount = formatPrice(booking.totalTicketPrice[0] ?? 0, lang, m);
  const target = targets.find((trip) => trip._id === picked);

  const send = async () => {
    if (!asking) return;
    setBusy(true);
    setProblem(null);
    const failed = await sendChoice(booking, asking === 'move' ? { move: picked } : { refund: true });
    setBusy(false);
    setAsking(null);
    if (failed) setProblem(failed);
    else
      onChosen({
        kind: asking === 'move' ? 'moved' : 'refunded',
        ticketId: booking.ticketId,
        amount: booking.totalTicketPrice[0] ?? 0,
      });
  };

  const state =
    disruption.state === 'moved'
      ? d.stateMoved
      : disruption.state === 'refunded' || disruption.state === 'auto_refunded'
        ? d.stateRefunded
        : null;
  return (
    <div class="disruption">
      <div class="notice warning" role="note">
        <div class="notice-body">
          <strong>{disruption.action === 'cancel' ? d.cancelled : d.delayed}</strong>
          <p>{fill(d.reason, { reason: lang === 'ar' ? disruption.reason_ar : disruption.reason_en })}</p>
          {disruption.new_date && disruption.new_boarding_time && (
            <p>{fill(d.newTime, when(disruption.new_date, disruption.new_boarding_time))}</p>
          )}
          {state && <p>{state}</p>}
        </div>
      </div>
      {problem && (
        <p class="message error" role="alert">
          {d[problem]}
        </p>
      )}
      {choices && (
        <>
          {booking.trip && (
            <p>{fill(d.choose, when(booking.trip.trip_date, booking.trip.trip_boarding_time))}</p>
          )}
          <fieldset class="choice move-choice">
            <legend>{d.moveTitle}</legend>
            {targets.length === 0 && <p class="hint">{d.noTrips}</p>}
            {targets.map((trip) => (
              <label key={trip._id}>
                <input
                  type="radio"
                  name={`move-${booking._id}`}
                  value={trip._id}
                  checked={picked === trip._id}
                  disabled={busy}
                  onChange={() => setPicked(trip._id)}
                />
                {fill(d.moveOption, {
                  ...leaves(trip),
                  seats: formatNumber(trip.seatsLeft, lang),
                })}
              </label>
            ))}
            {targets.length > 0 && <p class="hint">{d.seatsNote}</p>}
          </fieldset>
          {asking ? (
            <div
              class="confirm-box"
              role="group"
              aria-label={d[asking === 'move' ? 'moveButton' : 'refundButton']}
            >
              <p>
                {asking === 'move' && target
                  ? fill(d.moveQuestion, leaves(target))
                  : fill(d.refundQuestion, { amount })}
              </p>
              <div class="actions">
                <button
                  type="button"
                  class="button secondary"
                  disabled={busy}
                  onClick={() => setAsking(null)}
                >
                  {d.no}
                </button>
                <button type="button" class="button" disabled={busy} onClick={() => void send()}>
                  {busy
                    ? d[asking === 'move' ? 'moving' : 'refunding']
                    : d[asking === 'move' ? 'moveYes' : 'refundYes']}
                </button>
              </div>
            </div>
          ) : (
            <div class="actions">
              {target && (
                <button type="button" class="button" onClick={() => setAsking('move')}>
                  {d.moveButton}
                </button>
              )}
              {choices.refund && (
                <button type="button" class="button secondary" onClick={() => setAsking('refund')}>
                  {d.refundButton}
                </button>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
