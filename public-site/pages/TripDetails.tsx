// Trip details: seats → passenger details and payment → confirmation → sending → thank you (with the
// payment's status, and the proof to send when it comes later).
// Everything the traveller typed or picked lives here, so a conflict (a seat taken meanwhile, a new
// price), a failed send or the phone's Back (each step has its history entry: use-booking-steps.ts) never
// makes them type it again.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso/router';
import { hasDeparted, totalPrice } from '../../shared/rules.ts';
import { ConfirmBookingDialog } from '../components/ConfirmBookingDialog.tsx';
import { PassengerForm } from '../components/PassengerForm.tsx';
import { PaymentChoice } from '../components/PaymentChoice.tsx';
import { SeatStep } from '../components/SeatStep.tsx';
import { SendingDialog } from '../components/SendingDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { ThankYouDialog } from '../components/ThankYouDialog.tsx';
import { TripSummary } from '../components/TripSummary.tsx';
import { base64ToBlob, saveBlob, ticketFileName } from '../lib/download.ts';
import { lastSearchUrl } from '../lib/last-search.ts';
import { emptyPassenger, passengerInfo } from '../lib/passenger.ts';
import type { PaymentFacts } from '../lib/payment.ts';
import { useBookingPayment } from '../lib/use-booking-payment.ts';
import { useBookingSteps } from '../lib/use-booking-steps.ts';
import { useBookingSubmit } from '../lib/use-booking-submit.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { useSeatSelection } from '../lib/use-seat-selection.ts';
import { useTrip } from '../lib/use-trip.ts';
import { isWholeTrip, legsFromQuery, legsOf, legsPrice } from '../lib/legs.ts';
import type { TravellerBooking, Trip } from '../lib/types.ts';

const NO_SEATS: number[] = [];

export default function TripDetails({ id }: { id: string }) {
  const { m } = useI18n();
  // The traveller's legs of a trip with stops, as the search result's link gave them.
  const { query } = useLocation();
  const trip = useTrip(id, legsFromQuery(query));

  if (trip.trip) {
    const { trip: current } = trip;
    if (current.isCancelled || hasDeparted(current.trip_date, current.trip_boarding_time)) {
      return <TripMessage text={m.trip.unavailable} />;
    }
    // Kept by the server for staff, but not sold while its bus is out of service.
    if (current.outOfService) return <TripMessage text={m.trip.outOfService} />;
    return <Booking trip={current} reloadTrip={trip.reload} />;
  }
  if (trip.status === 'notFound') return <TripMessage text={m.trip.notFound} />;
  if (trip.status === 'failed') return <TripMessage text={m.trip.loadFailed} onRetry={trip.reload} />;
  return (
    <section class="page">
      <Spinner label={m.common.loading} />
    </section>
  );
}

function TripMessage({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const { m } = useI18n();
  return (
    <section class="page">
      <p class="message error" role="alert">
        {text}
      </p>
      <div class="actions">
        {onRetry && (
          <button type="button" class="button" onClick={onRetry}>
            {m.common.retry}
          </button>
        )}
        <a class="button secondary" href="/create-booking">
          {m.trip.findAnother}
        </a>
      </div>
    </section>
  );
}

function Booking({ trip, reloadTrip }: { trip: Trip; reloadTrip: () => Promise<void> }) {
  const { route } = useLocation();
  const { m, lang } = useI18n();
  const selection = useSeatSelection(trip.bookedSeats ?? NO_SEATS);
  const payment = useBookingPayment(trip);
  const submit = useBookingSubmit();
  const [passenger, setPassenger] = useState(emptyPassenger);
  const [booking, setBooking] = useState<TravellerBooking | null>(null);
  const { step, goTo } = useBookingSteps();
  const [newPrice, setNewPrice] = useState<number | null>(null);
  const [ticket, setTicket] = useState<Blob | null>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);

  const price = newPrice ?? legsPrice(trip);
  const legs = legsOf(trip);
  const seats = selection.selected;
  // An entry of a step whose choices a reload forgot shows the seats.
  const view = step === 'seats' || seats.length === 0 ? 'seats' : 'passenger';
  const confirming = step === 'confirm' && seats.length > 0;

  useEffect(() => {
    // Moving between steps removes the button that had focus: start the new step at its heading.
    if (firstStep.current) return void (firstStep.current = false);
    const heading = stepRef.current?.querySelector('h2');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }, [view]);

  const booked = submit.state.phase === 'booked';
  useEffect(() => {
    // The booking is made: Back leaves it for the search (its form would only offer to book it again).
    if (!booked) return;
    const leave = () => route(lastSearchUrl(), true);
    addEventListener('popstate', leave);
    return () => removeEventListener('popstate', leave);
  }, [booked, route]);
  const total = totalPrice(seats.length, price);
  const { proof, holdUntil } = payment;
  const paymentProblems = {
    needProof: m.payment.needProof,
    preparing: m.proof.preparing,
    reference: m.payment.referenceHint,
  };

  const send = async () => {
    if (step === 'confirm') goTo('passenger');
    const outcome = await submit.send({
      tripId: trip._id,
      seats,
      passenger: passengerInfo(passenger),
      total,
      proof,
      language: lang,
      ...(isWholeTrip(trip, legs) ? {} : { legs }),
    });
    if (outcome?.kind === 'booked') {
      setBooking(outcome.booking);
      if (outcome.pdfBase64) {
        const blob = base64ToBlob(outcome.pdfBase64);
        setTicket(blob);
        saveBlob(blob, ticketFileName(outcome.booking.ticketId));
      }
      // The seats stay chosen: the form behind the thank-you keeps the amount of the booking just made.
    } else if (outcome?.kind === 'seatsTaken') {
      selection.dropTaken(outcome.seats);
      goTo('seats');
      void reloadTrip();
    } else if (outcome?.kind === 'priceChanged') {
      setNewPrice(outcome.price ?? (outcome.total ?? total) / Math.max(seats.length, 1));
      goTo('confirm');
      void reloadTrip();
    } else if (outcome?.kind === 'unavailable') {
      // The page then says why (cancelled, departed, bus out of service) from the trip as it is now.
      void reloadTrip();
    }
  };

  const sendState = submit.state;
  const dialogOpen = confirming || sendState.phase !== 'idle';
  return (
    <section class="page">
      {/* Behind an open dialog the page is out of reach (focus, screen readers), as aria-modal promises. */}
      <div inert={dialogOpen}>
        <TripSummary trip={trip} price={price} />
        <div ref={stepRef}>
          {view === 'seats' ? (
            <SeatStep
              seatCount={trip.busId.bus_number_of_seats}
              booked={trip.bookedSeats ?? NO_SEATS}
              selected={seats}
              price={price}
              message={selection.message}
              onToggle={selection.toggle}
              onRemove={selection.remove}
              onContinue={() => goTo('passenger')}
              onBack={() => route(lastSearchUrl())}
            />
          ) : (
            <PassengerForm
              value={passenger}
              onChange={setPassenger}
              seatCount={seats.length}
              payment={
                <PaymentChoice
                  draft={payment.draft}
                  onChange={payment.setDraft}
                  proof={payment.image.proof}
                  onChooseProof={payment.image.choose}
                  onClearProof={payment.image.clear}
                  total={total}
                  holdUntil={holdUntil}
                  tripId={trip._id}
                />
              }
              paymentProblem={payment.problem && paymentProblems[payment.problem]}
              onContinue={() => goTo('confirm')}
              onBack={() => goTo('seats')}
            />
          )}
        </div>
      </div>
      {confirming && (
        <ConfirmBookingDialog
          trip={trip}
          seats={seats}
          price={price}
          total={total}
          passenger={passengerInfo(passenger)}
          proof={proof}
          holdUntil={holdUntil}
          priceChanged={newPrice !== null}
          onConfirm={send}
          onClose={() => goTo('passenger')}
        />
      )}
      {booked && booking && (
        <ThankYouDialog
          booking={booking}
          refunds={{
            rules: booking.refundRules,
            tripDate: trip.trip_date,
            boardingTime: trip.trip_boarding_time,
          }}
          hasTicket={ticket !== null}
          trip={trip}
          onChange={(patch: Partial<PaymentFacts>) => setBooking({ ...booking, ...patch })}
          onReserveAgain={() => location.reload()}
          onBookNewTrip={() => route('/create-booking')}
        />
      )}
      {sendState.phase !== 'idle' && sendState.phase !== 'booked' && (
        <SendingDialog
          state={sendState}
          onStop={submit.stop}
          onRetry={send}
          onBack={() => {
            submit.reset();
            goTo('passenger');
          }}
          onFindAnother={() => route('/create-booking')}
        />
      )}
    </section>
  );
}
