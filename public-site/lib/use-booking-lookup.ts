// The cancel-reservation page's calls: find bookings by ticket id and phone, cancel one (or some of its
// seats, the booking then shown as it now is), download a ticket again; and a booking's payment updated in place once a proof was sent or its status checked.
// Messages are kept as keys so they follow a language switch.
import { useState } from 'preact/hooks';
import { ApiError, getJson, sendJson, withQuery } from './api.ts';
import { apiPaths } from './api-paths.ts';
import type { ChoiceOutcome } from './disruption-choice.ts';
import type { PaymentFacts } from './payment.ts';
import { saveTickets } from './saved-tickets.ts';
import { credentials, downloadProblem, downloadTicket } from './ticket.ts';
import type { BookingMatch, SeatsCancelled } from './types.ts';

export type LookupStatus = 'idle' | 'searching' | 'found' | 'notFound' | 'failed' | 'tooMany';
export type ActionProblem = 'cancelFailed' | 'cannotCancel' | 'downloadFailed' | 'downloadMissing' | null;
/** Why some seats could not be cancelled, as a key of the page's `seatsRefused` words. */
export type SeatsRefusal =
  | 'seatNotInBooking'
  | 'bookingCancelled'
  | 'tripDeparted'
  | 'tripUnavailable'
  | 'paymentUnderReview'
  | 'changePending';
const SEATS_REFUSALS: Record<string, SeatsRefusal> = {
  SEAT_NOT_IN_BOOKING: 'seatNotInBooking',
  BOOKING_CANCELLED: 'bookingCancelled',
  TRIP_DEPARTED: 'tripDeparted',
  TRIP_UNAVAILABLE: 'tripUnavailable',
  PAYMENT_UNDER_REVIEW: 'paymentUnderReview',
  CHANGE_PENDING: 'changePending',
};
/** Seats just cancelled from a booking that keeps its others: said at the top of the results. */
export interface SeatsDone extends SeatsCancelled {
  ticketId: string;
  kept: number[];
}

export function useBookingLookup() {
  const [status, setStatus] = useState<LookupStatus>('idle');
  const [bookings, setBookings] = useState<BookingMatch[]>([]);
  const [cancelledTicket, setCancelledTicket] = useState<string | null>(null);
  const [problem, setProblem] = useState<ActionProblem>(null);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<ChoiceOutcome | null>(null);
  const [changed, setChanged] = useState<'changed' | 'awaiting' | null>(null);
  const [seatsDone, setSeatsDone] = useState<SeatsDone | null>(null);
  const [refusal, setRefusal] = useState<{ key: SeatsRefusal; seats: number[] } | null>(null);

  const fetchMatches = (ticketId: string, phone: string) =>
    getJson<BookingMatch[]>(withQuery(apiPaths.filterBookings, credentials(ticketId, phone)));

  const find = async (ticketId: string, phone: string) => {
    setStatus('searching');
    setCancelledTicket(null);
    setProblem(null);
    setChosen(null);
    setChanged(null);
    setSeatsDone(null);
    setRefusal(null);
    try {
      const found = await fetchMatches(ticketId, phone);
      setBookings(found);
      setStatus(found.length > 0 ? 'found' : 'notFound');
      // Kept for My tickets; a phone that cannot store them still shows the look-up.
      void saveTickets(found, phone).catch(() => undefined);
    } catch (error) {
      setStatus(error instanceof ApiError && error.status === 429 ? 'tooMany' : 'failed');
    }
  };

  /** A disrupted booking's traveller chose: say so, and show the booking as it now is (dialog kept open). */
  const choose = async (outcome: ChoiceOutcome, phone: string) => {
    setChosen(outcome);
    try {
      setBookings(await fetchMatches(outcome.ticketId, phone));
    } catch {
      // The choice is made; the list shown stays as it was until the next look-up.
    }
  };

  /** A booking changed day, or its change waits for payment: say so, and show it as it now is. */
  const afterChange = async (booking: BookingMatch, outcome: 'changed' | 'awaiting', phone: string) => {
    setChanged(outcome);
    try {
      setBookings(await fetchMatches(booking.ticketId, phone));
    } catch {
      // Changed all the same; the list shown stays as it was until the next look-up.
    }
  };

  /** Some of the booking's seats: the others stay booked, and the booking is shown again as it now is. */
  const cancelSome = async (booking: BookingMatch, phone: string, seats: number[]) => {
    const done = await sendJson<SeatsCancelled>('PATCH', apiPaths.cancelSeats(booking._id), {
      ...credentials(booking.ticketId, phone),
      seats,
    });
    setSeatsDone({
      ...done,
      ticketId: booking.ticketId,
      kept: booking.seats.filter((seat) => !seats.includes(seat)),
    });
    setBookings(await fetchMatches(booking.ticketId, phone));
  };

  /** Cancels the booking, or only `seats` of it when they are not all of its seats. */
  const cancel = async (booking: BookingMatch, phone: string, seats = booking.seats) => {
    setBusy(true);
    setProblem(null);
    setSeatsDone(null);
    setRefusal(null);
    const some = seats.length < booking.seats.length;
    try {
      if (some) return await cancelSome(booking, phone, seats);
      await sendJson('PATCH', apiPaths.cancelBooking(booking._id), credentials(booking.ticketId, phone));
      setBookings([]);
      setStatus('idle');
      setCancelledTicket(booking.ticketId);
    } catch (error) {
      const code = error instanceof ApiError ? String(error.body?.code ?? '') : '';
      if (some && SEATS_REFUSALS[code]) {
        const named = (error as ApiError).body?.seats;
        setRefusal({ key: SEATS_REFUSALS[code], seats: Array.isArray(named) ? (named as number[]) : [] });
      } else if (code === 'TRIP_UNAVAILABLE') {
        // The bus company cancelled the trip since the page was loaded: its choices (another trip, a full
        // refund) are shown instead of a cancellation at the traveller's own rates.
        setRefusal({ key: 'tripUnavailable', seats: [] });
        setBookings(await fetchMatches(booking.ticketId, phone));
      } else setProblem(error instanceof ApiError && error.status === 409 ? 'cannotCancel' : 'cancelFailed');
    } finally {
      setBusy(false);
    }
  };

  const download = async (booking: BookingMatch, phone: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await downloadTicket(booking.ticketId, phone);
    } catch (error) {
      setProblem(downloadProblem(error));
    } finally {
      setBusy(false);
    }
  };

  const update = (id: string, patch: Partial<PaymentFacts>) =>
    setBookings((current) =>
      current.map((booking) => (booking._id === id ? { ...booking, ...patch } : booking)),
    );

  const close = () => {
    setStatus('idle');
    setProblem(null);
  };

  return {
    status,
    bookings,
    cancelledTicket,
    chosen,
    changed,
    afterChange,
    seatsDone,
    refusal,
    problem,
    busy,
    find,
    cancel,
    choose,
    download,
    update,
    close,
  };
}
