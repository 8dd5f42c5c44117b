// The sale and what follows it, in one place: the rules of selling seats, cancelling and deleting bookings,
// and the payment proof's life. Each call answers a typed outcome; the routes only translate it into HTTP.
import type { Actor } from '../audit/audit.ts';
import { optOutsOf } from '../messages/messages.repository.ts';
import { maskedPhone } from '../../shared/passenger.ts';
import { disruptionsOf } from './disrupted-bookings.ts';
import { pendingChanges } from './booking-changes.ts';
import { hasLapsed, holdDeadline, type PaymentMethod, reviewHold } from '../../shared/payments.ts';
import { BUS_OUT_OF_SERVICE, departureInstant, hasDeparted, totalPrice } from '../../shared/rules.ts';
import type { BookingContext } from './context.ts';
import type { SeatTraveller } from '../../shared/boarding.ts';
import { seatTravellers } from '../resources/boarding/travellers.ts';
import { checkProof, type Proof, type ProofSender } from './proofs.ts';
import { proofHolds } from './rejections.ts';
import type { Document } from '../resources/crud/row-mapper.ts';
import { cachedTripDetails, tripDetailsOf } from '../resources/trips/trips.repository.ts';
import type { CreateBookingInput } from '../resources/bookings/bookings.schemas.ts';
import { holdLimitsOf, type HoldScope } from './unpaid-holds.ts';
import {
  cancelBooking,
  deleteBooking,
  expireHolds,
  findBooking,
  findByIdempotencyKey,
  findByPhone,
  findByTicket,
  insertBooking,
  type CancelledRow,
} from './bookings.repository.ts';
import type { TripDetails } from '../../shared/contract/documents.ts';
import { companyAccountOf } from '../../shared/payment-instructions.ts';
import { paidIntoOf } from './paid-into.ts';
import { FULL_REFUND_RULES, refundQuote, type RefundRules, seatsShare } from '../../shared/refund-rules.ts';
import { readMessageSettings, readRefundRules } from '../resources/settings/settings.repository.ts';
import { namedStops, routePlaces } from '../resources/boarding/trip-stops.ts';
import { askedStretch, fareOfStretch, pricedRouteKey, routeOf } from '../resources/trips/segments.ts';
import { minutesAt } from '../../shared/segments.ts';
import { normaliseReference } from '../../shared/payment-reference.ts';
import { seenBy } from './payments.repository.ts';

/** Why a sale is refused; the route says it in words and HTTP. */
export type SaleRefusal =
  | { code: 'TRIP_NOT_FOUND' }
  | { code: 'TRIP_UNAVAILABLE'; reason: 'cancelled' | 'departed' | 'out_of_service' }
  | { code: 'PAIR_NOT_FOR_SALE' }
  | { code: 'SEAT_OUT_OF_RANGE'; capacity: number }
  | { code: 'PRICE_CHANGED'; seats: number; price: number; total: number }
  | { code: 'SEATS_TAKEN'; seats: number[] }
  | { code: 'KEY_REUSED' }
  | { code: 'KEY_CANCELLED' }
  | { code: 'UNPAID_LIMIT'; scope: HoldScope; limit: number }
  | { code: 'TRAVELLER_SEAT'; seat: number }
  | { code: 'PROOF_NOT_IMAGE' }
  | { code: 'PROOF_TOO_LARGE' }
  | { code: 'NO_OPEN_SHIFT' }
  | { code: 'REFERENCE_REQUIRED' }
  | { code: 'REFERENCE_USED'; usedBy: { _id: string; ticketId: string }[]; usedElsewhere: number };

export type SaleOutcome = { sold: Document; trip: TripDetails; replayed: boolean } | { refused: SaleRefusal };

/**
 * How the seats are paid: a traveller's proof (now or later), sent from a client address and a device (the
 * public site's id) when known, or money taken at the counter by staff.
 */
export type Payment =
  | {
      by: 'traveller';
      method?: PaymentMethod;
      reference?: string;
      proof?: Buffer;
      source: ProofSender;
    }
  | {
      by: 'counter';
      staffId: string;
      actor: Actor;
      /** The seller's company (null: the platform's), whose bookings a refusal may name. */
      company: string | null;
      method: PaymentMethod;
      reference?: string;
    };

const sorted = (seats: number[]) => [...seats].sort((x, y) => x - y);
const sameSeats = (a: number[], b: number[]) => sorted(a).join() === sorted(b).join();

/**
 * A resent attempt whose first answer was lost gets the booking it already made, but only when it asks for
 * the same thing (trip, seats, phone); a key is never a way to read someone else's booking.
 */
function replay(earlier: Document, input: CreateBookingInput): { refused: SaleRefusal } | undefined {
  const phone = (earlier.passengerInfo as { phone: string }).phone;
  if (
    earlier.tripId !== input.tripId ||
    !sameSeats(earlier.seats as number[], input.seats) ||
    phone !== input.passengerInfo.phone
  )
    return { refused: { code: 'KEY_REUSED' } };
  if (earlier.isCancelled) return { refused: { code: 'KEY_CANCELLED' } };
  return undefined;
}

/**
 * Sells the seats of `input` on its trip. A traveller's booking holds its seats unpaid, within the limits on
 * unpaid holds: with a proof, for staff's review time and one proof window more; without one (or with a proof
 * from a phone, device or address whose proofs were rejected too often), until the proof window's deadline. A
 * counter sale is paid (verified) at once.
 */
export async function sell(
  ctx: BookingContext,
  input: CreateBookingInput,
  payment: Payment,
  given?: SeatTraveller[],
  /** Read the trip from its row, not the cache: the first attempt found its route changed under its lock. */
  fresh = false,
): Promise<SaleOutcome> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const earlier = input.idempotencyKey ? await findByIdempotencyKey(db, input.idempotencyKey) : undefined;
  if (earlier) {
    const refused = replay(earlier, input);
    if (refused) return refused;
    return { sold: earlier, trip: (await cachedTripDetails(db, input.tripId))!, replayed: true };
  }

  const trip = await tripDetailsOf(db, input.tripId, fresh);
  if (!trip) return { refused: { code: 'TRIP_NOT_FOUND' } };
  const bus = trip.busId;
  const route = routeOf(trip);
  const stretch = askedStretch(
    { originId: String(trip.trip_originId?._id), destinationId: String(trip.trip_destinationId?._id) },
    route,
    input,
  );
  const price = stretch && fareOfStretch(route, trip.trip_ticket_priceId.price, stretch);
  if (!stretch || price === undefined) return { refused: { code: 'PAIR_NOT_FOR_SALE' } };
  const tripDeparture = departureInstant(String(trip.trip_date), String(trip.trip_boarding_time));
  // The bus leaves the boarding stop later than its origin: a seat from Kassala sells until it leaves Kassala.
  const departure = new Date(tripDeparture.getTime() + minutesAt(route.stops, stretch.from) * 60_000);
  const unavailable = trip.isCancelled
    ? 'cancelled'
    : departure.getTime() <= now.getTime()
      ? 'departed'
      : bus.bus_status === BUS_OUT_OF_SERVICE
        ? 'out_of_service'
        : undefined;
  if (unavailable) return { refused: { code: 'TRIP_UNAVAILABLE', reason: unavailable } };
  const capacity = Number(bus.bus_number_of_seats);
  if (input.seats.some((seat) => seat < 1 || seat > capacity))
    return { refused: { code: 'SEAT_OUT_OF_RANGE', capacity } };
  const total = totalPrice(input.seats.length, price);
  if (input.totalTicketPrice !== undefined && Math.abs(input.totalTicketPrice - total) > 0.005) {
    return { refused: { code: 'PRICE_CHANGED', seats: input.seats.length, price, total } };
  }

  const booker = `${input.passengerInfo.firstName} ${input.passengerInfo.lastName}`;
  const travellers = seatTravellers(input.seats, given, booker);
  if ('wrongSeat' in travellers) return { refused: { code: 'TRAVELLER_SEAT', seat: travellers.wrongSeat } };

  let proof: Proof | undefined;
  if (payment.by === 'traveller' && payment.proof) {
    const checked = await checkProof(payment.proof);
    if ('refused' in checked) return { refused: { code: checked.refused } };
    proof = checked.proof;
  }
  const counter = payment.by === 'counter';
  // Kept in one form, so that a transfer dressed as another (spaces, look-alike letters) is still caught.
  const reference = payment.reference ? normaliseReference(payment.reference) : '';
  // A counter sale is paid when it is made: money that is not cash names its transaction, the only way to find
  // it on the bank statement. Whether that transaction already paid a booking is decided under a lock named by
  // it (insertBooking): a screenshot shown at the counter proves no more than one sent from a phone, and unlike
  // the payments desk the counter has no override.
  if (counter && !reference && payment.method !== 'cash') return { refused: { code: 'REFERENCE_REQUIRED' } };
  const source = payment.by === 'traveller' ? payment.source : undefined;
  const holds =
    !!proof &&
    !!source &&
    (await proofHolds(db, ctx.payments, { phone: input.passengerInfo.phone, ...source }, now));
  const review = holds ? reviewHold(now, ctx.payments.reviewMinutes, ctx.payments.proofMinutes) : undefined;
  const outcome = await insertBooking(db, {
    refundRules: await readRefundRules(db),
    paidInto: paidIntoOf(bus.bus_owner_companyId),
    ticketMessage: {
      originId: String(trip.trip_originId?._id),
      destinationId: String(trip.trip_destinationId?._id),
      cities: {
        origin_city: trip.trip_originId?.origin_city ?? null,
        origin_city_ar: trip.trip_originId?.origin_city_ar ?? null,
        destination_city: trip.trip_destinationId?.destination_city ?? null,
        destination_city_ar: trip.trip_destinationId?.destination_city_ar ?? null,
      },
      settings: await readMessageSettings(db),
      company: companyAccountOf(bus.bus_owner_companyId),
    },
    tripId: input.tripId,
    seats: input.seats,
    stretch,
    pricedRoute: pricedRouteKey(route, trip.trip_ticket_priceId?._id),
    // Paid at the counter: at once. Unpaid online: a few minutes later, so that a booking cancelled at once
    // (an address texting stranger after stranger) costs no text.
    ticketSendAt: counter
      ? now
      : new Date(now.getTime() + ctx.payments.unpaidTicketTextDelayMinutes * 60_000),
    passenger: input.passengerInfo,
    total,
    idempotencyKey: input.idempotencyKey,
    language: input.language,
    travellers,
    proof,
    payment: {
      status: counter ? 'verified' : proof ? 'proof_submitted' : 'awaiting_proof',
      method: payment.method ?? null,
      reference: reference || null,
      deadline: counter
        ? null
        : (review?.until ?? holdDeadline(now, ctx.payments.proofMinutes, departure)).toISOString(),
      reviewDeadline: review?.review.toISOString() ?? null,
      soldBy: counter ? payment.staffId : undefined,
    },
    source,
    seller: counter ? payment.actor : undefined,
    limits: counter ? undefined : holdLimitsOf(ctx.payments, holds),
    now,
  });
  if ('sold' in outcome) return { sold: outcome.sold, trip, replayed: false };
  if ('earlier' in outcome)
    return replay(outcome.earlier, input) ?? { sold: outcome.earlier, trip, replayed: true };
  if ('takenSeats' in outcome) return { refused: { code: 'SEATS_TAKEN', seats: outcome.takenSeats } };
  if ('capacity' in outcome) return { refused: { code: 'SEAT_OUT_OF_RANGE', capacity: outcome.capacity } };
  if ('unpaidLimit' in outcome)
    return { refused: { code: 'UNPAID_LIMIT', scope: outcome.unpaidLimit, limit: outcome.limit } };
  if ('notForSale' in outcome) return { refused: { code: 'PAIR_NOT_FOR_SALE' } };
  // The trip's stops, fares or price changed after it was read (an edit committed meanwhile, perhaps on
  // another node whose change has not reached this one's cache): sold again from the trip as it is now.
  if ('routeChanged' in outcome)
    return fresh ? { refused: { code: 'PAIR_NOT_FOR_SALE' } } : sell(ctx, input, payment, given, true);
  if ('noShift' in outcome) return { refused: { code: 'NO_OPEN_SHIFT' } };
  if ('referenceUsed' in outcome) {
    const { named, elsewhere } = seenBy(
      outcome.referenceUsed,
      payment.by === 'counter' ? payment.company : null,
    );
    return { refused: { code: 'REFERENCE_USED', usedBy: named, usedElsewhere: elsewhere } };
  }
  return { refused: { code: 'TRIP_UNAVAILABLE', reason: outcome.unavailable } };
}

/**
 * The operator cancelled the booking's trip: the booking waits for its traveller's choice, a free move or a full
 * refund (requestRefund), not a cancellation at the traveller's own rates.
 */
const operatorCancelled = (booking: Document, trip: TripDetails | null | undefined) =>
  Boolean(trip?.isCancelled) || booking.disruptionState === 'waiting';

export type CancelOutcome =
  | { cancelled: Document }
  | { refused: 'NOT_FOUND' | 'NOT_YOURS' | 'ALREADY_CANCELLED' | 'DEPARTED' | 'TRIP_CANCELLED' };

/** Who cancels: staff whose role may (by name), or a traveller proving the booking, from an address. */
export type Canceller = { staff: Actor } | { ticketId?: string; phone?: string; ip: string };

/**
 * Cancels a booking for staff, or for the traveller who proves it with its ticket id and phone (told nothing
 * about bookings that are not theirs: not found and not matching answer the same). A paid booking cancelled
 * records what is owed back. Every cancellation is in the activity log, in its transaction: under the staff
 * member's name, or as the traveller's (no one signed in, the phone's last digits only).
 */
export async function cancel(ctx: BookingContext, id: string, by: Canceller): Promise<CancelOutcome> {
  const found = await bookingOf(ctx, id, by);
  if ('refused' in found) return found;
  const { booking, actor } = found;
  if (booking.isCancelled) return { refused: 'ALREADY_CANCELLED' };
  const trip = booking.tripId as TripDetails | null;
  const now = ctx.clock.now();
  if (operatorCancelled(booking, trip)) return { refused: 'TRIP_CANCELLED' };
  if (trip && hasDeparted(trip.trip_date, trip.trip_boarding_time, now)) return { refused: 'DEPARTED' };
  const tripId = String(trip?._id ?? '');
  // Staff cancelling at a traveller's request apply the same tiers; the operator's own cancellations (a
  // cancelled or disrupted trip) refund in full elsewhere.
  const refundFor = (row: CancelledRow) =>
    refundQuote(
      rulesOf(row.refundRules),
      row.paymentStatus === 'verified' ? Number(row.totalTicketPrice) : 0,
      departureOf(trip, booking),
      now,
    ).refund;
  const written = await cancelBooking(ctx.db, id, tripId, actor, now, refundFor);
  // Changed to another trip since it was read: decided again there (its departure, its tiers).
  if (written === 'moved') return cancel(ctx, id, by);
  if (written === 'refused') {
    // Cancelled meanwhile, or its trip was (the booking now waits for its traveller's choice).
    const after = await findBooking(ctx.db, id);
    return { refused: after && !after.isCancelled ? 'TRIP_CANCELLED' : 'ALREADY_CANCELLED' };
  }
  return { cancelled: (await findBooking(ctx.db, id))! };
}

/**
 * The booking (trip populated) that `by` may change, and how the activity log names them: staff by their name,
 * a traveller who proves it with its ticket id and phone as the phone's last digits. A traveller is told
 * nothing about bookings that are not theirs: not found and not matching answer the same.
 */
export async function bookingOf(
  ctx: BookingContext,
  id: string,
  by: Canceller,
): Promise<{ booking: Document; actor: Actor } | { refused: 'NOT_FOUND' | 'NOT_YOURS' }> {
  const booking = await findBooking(ctx.db, id);
  const phone = (booking?.passengerInfo as { phone: string } | undefined)?.phone;
  if (!('staff' in by) && (!booking || by.ticketId !== booking.ticketId || by.phone !== phone))
    return { refused: 'NOT_YOURS' };
  if (!booking) return { refused: 'NOT_FOUND' };
  const actor = 'staff' in by ? by.staff : { userId: null, userLabel: maskedPhone(phone!), ip: by.ip };
  return { booking, actor };
}

/** The rules a booking was sold under (stored as JSON or already parsed); none kept: a full refund. */
export function rulesOf(stored: unknown): RefundRules {
  if (!stored) return FULL_REFUND_RULES;
  return typeof stored === 'string' ? (JSON.parse(stored) as RefundRules) : (stored as RefundRules);
}

/**
 * When the bus leaves the traveller's boarding stop (the trip's departure for a booking from its origin): refund
 * tiers count from there (issue 23). A booking whose trip was deleted has left long ago, as far as refunds go.
 */
export const departureOf = (trip: TripDetails | null, booking?: Record<string, unknown>) =>
  trip
    ? new Date(
        departureInstant(trip.trip_date, trip.trip_boarding_time).getTime() +
          minutesAt(routeOf(trip).stops, Number(booking?.boardingStop ?? 0)) * 60_000,
      )
    : new Date(0);

/**
 * What the traveller of a live booking (ticket id and phone) gets back if they cancel now, by the rules the
 * booking was sold under: a booking not paid has nothing to refund. The cancel records exactly this.
 */
export async function cancellationQuote(
  ctx: BookingContext,
  ticketId: string,
  phone: string,
  asked?: number[],
) {
  const found = await liveBooking(ctx, ticketId, phone);
  if (!found) return undefined;
  const { booking, trip } = found;
  if (operatorCancelled(booking, trip)) return { tripCancelled: true as const };
  const held = booking.seats as number[];
  const seats = asked ?? held;
  const notInBooking = seats.filter((seat) => !held.includes(seat));
  if (notInBooking.length) return { notInBooking };
  const rules = rulesOf(booking.refundRules);
  const total = (booking.totalTicketPrice as number[])[0];
  // Some seats: their share of what was paid, as cancelSeats records it.
  const paid = booking.paymentStatus === 'verified' ? seatsShare(total, held.length, seats.length) : 0;
  return { booking, rules, seats, ...refundQuote(rules, paid, departureOf(trip, booking), ctx.clock.now()) };
}

/** Deletes a booking for good (staff), with its seats and its payment proofs; logged under `by`. */
export async function remove(ctx: BookingContext, id: string, by: Actor): Promise<Document | undefined> {
  const booking = await findBooking(ctx.db, id);
  if (!booking) return undefined;
  await deleteBooking(ctx.db, id, by, ctx.clock.now());
  return booking;
}

/** What a traveller sees of a booking: the specification's fields and its payment, nothing of staff. */
export function travellerView(booking: Document): Document {
  const {
    verifiedBy,
    verifiedVia,
    overrideNote,
    soldBy,
    refundPaidBy,
    refundMethod,
    refundRecordedBy,
    refundRecordedAt,
    rejectionNote,
    noShow,
    // The refunds list's record of seats cancelled from another booking: staff's bookkeeping.
    splitFrom,
    ...view
  } = booking;
  void [verifiedBy, verifiedVia, overrideNote, soldBy, refundPaidBy, refundMethod, refundRecordedBy];
  void [refundRecordedAt, rejectionNote, noShow, splitFrom];
  return view as Document;
}

/** Bookings `find` reads, a lapsed hold shown as what it is (expired). */
async function withLapsedExpired(ctx: BookingContext, find: () => Promise<Document[]>) {
  const found = await find();
  const now = ctx.clock.now();
  const lapsed = found.filter(
    (b) => !b.isCancelled && hasLapsed(String(b.paymentStatus), b.paymentDeadline as string, now),
  );
  if (!lapsed.length) return found;
  await expireHolds(
    ctx.db,
    lapsed.map((b) => ({ id: b._id, tripId: String((b.tripId as TripDetails)?._id) })),
    now,
  );
  return find();
}

/** Bookings under a ticket id and phone, a lapsed hold shown as what it is (expired). */
const bookingsOfTraveller = (ctx: BookingContext, ticketId: string, phone: string) =>
  withLapsedExpired(ctx, () => findByTicket(ctx.db, ticketId, phone));

/** The traveller's bookings under a ticket id and phone, each with its trip as a traveller needs it. */
export async function travellerBookings(ctx: BookingContext, ticketId: string, phone: string) {
  return travellerMatches(ctx, await bookingsOfTraveller(ctx, ticketId, phone));
}

/** Every booking made with a phone (its traveller proved it with a texted code), as the look-up shows them. */
export async function phoneBookings(ctx: BookingContext, phone: string) {
  return travellerMatches(ctx, await withLapsedExpired(ctx, () => findByPhone(ctx.db, phone)));
}

/** Bookings as a traveller's look-up shows them: each with its trip, message choice and disruption. */
async function travellerMatches(ctx: BookingContext, found: Document[]) {
  const optedOut = await optOutsOf(
    ctx.db,
    found.map((booking) => String(booking._id)),
  );
  const disruptions = await disruptionsOf(
    ctx.db,
    found.map((booking) => ({ _id: String(booking._id), seats: booking.seats as number[] })),
    ctx.clock.now(),
  );
  const changes = await pendingChanges(
    ctx.db,
    found.map((booking) => String(booking._id)),
    ctx.clock.now(),
  );
  // Where each traveller boards and alights (issue 23): the trip's places, read once per trip.
  const placesOf = new Map<string, Promise<ReturnType<typeof routePlaces>>>();
  const legsOf = async (booking: Document, trip: TripDetails | null) => {
    if (!trip) return {};
    const id = String(trip._id);
    if (!placesOf.has(id))
      placesOf.set(
        id,
        namedStops(ctx.db, trip.trip_stops).then((stops) =>
          routePlaces(
            {
              origin: trip.trip_originId?.origin_city ?? '',
              originAr: trip.trip_originId?.origin_city_ar,
              destination: trip.trip_destinationId?.destination_city ?? '',
              destinationAr: trip.trip_destinationId?.destination_city_ar,
            },
            stops,
          ),
        ),
      );
    const places = await placesOf.get(id)!;
    const boarding = places[Number(booking.boardingStop ?? 0)];
    const alighting = places[Number(booking.alightingStop ?? places.length - 1)];
    return boarding && alighting ? { boarding, alighting } : {};
  };
  const legs = await Promise.all(
    found.map((booking) => legsOf(booking, booking.tripId as TripDetails | null)),
  );
  return found.map((found, index) => {
    const { tripId, ...booking } = travellerView(found);
    const trip = tripId as TripDetails | null;
    return {
      ...booking,
      tripId: trip?._id ?? null,
      trip: trip && {
        _id: trip._id,
        trip_date: trip.trip_date,
        trip_boarding_time: trip.trip_boarding_time,
        trip_originId: trip.trip_originId?._id,
        trip_destinationId: trip.trip_destinationId?._id,
        origin_city: trip.trip_originId?.origin_city,
        origin_city_ar: trip.trip_originId?.origin_city_ar ?? null,
        destination_city: trip.trip_destinationId?.destination_city,
        destination_city_ar: trip.trip_destinationId?.destination_city_ar ?? null,
        companyId: trip.busId?.bus_owner_companyId?._id ?? null,
        company_name: trip.busId?.bus_owner_companyId?.company_name,
        company_name_ar: trip.busId?.bus_owner_companyId?.company_name_ar ?? null,
        bus_number: trip.busId?.bus_number,
        isCancelled: trip.isCancelled,
        ...legs[index],
      },
      messagesOptOut: optedOut.get(String(found._id)) ?? false,
      disruption: disruptions.get(String(found._id))?.disruption ?? null,
      choices: disruptions.get(String(found._id))?.choices ?? null,
      pendingChange: changes.get(String(found._id)) ?? null,
    };
  });
}

/** The live booking under a ticket id and phone, with its trip, for its ticket. */
export async function liveBooking(ctx: BookingContext, ticketId: string, phone: string) {
  const booking = (await bookingsOfTraveller(ctx, ticketId, phone)).find((b) => !b.isCancelled);
  return booking?.tripId ? { booking, trip: booking.tripId as TripDetails } : undefined;
}
