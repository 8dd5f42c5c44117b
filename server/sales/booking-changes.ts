// Another day (shared/booking-change.ts): a traveller (ticket id + phone) moves their booking to another trip
// of its route until 15 minutes before its departure. Equal or lower price: moved at once, in one transaction
// (the ticket id stays, the old seats free as the new ones are held, a lower price's rest owed back). Higher:
// a change awaiting payment, which is a booking of its own (`changeOf`) holding the new seats for the
// difference, with its own ticket id, proof and deadline, so the payments desk, proofs, expiry and the seat key
// work for it unchanged; the old booking keeps its seats until the change is paid (completeChange moves it) or
// lapses (its seats free, the booking stays as it was).
import { paidIntoOf } from './paid-into.ts';
import {
  changeOpen,
  changeQuote,
  CHANGE_CUTOFF_MINUTES,
  type ChangeQuote,
} from '../../shared/booking-change.ts';
import { hasLapsed, holdDeadline } from '../../shared/payments.ts';
import { FULL_REFUND_RULES, type RefundRules } from '../../shared/refund-rules.ts';
import { BUS_OUT_OF_SERVICE, departureInstant, totalPrice } from '../../shared/rules.ts';
import { maskedPhone } from '../../shared/passenger.ts';
import type { TripDetails } from '../../shared/contract/documents.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { isUniqueViolation } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { lockName, lockRow } from '../db/locks.ts';
import type { BookingRow, BookingsTable, Db, TripRow } from '../db/schema.ts';
import { queueBookingMessage } from '../messages/messages.service.ts';
import { cachedTripDetails, tripDetailsOf } from '../resources/trips/trips.repository.ts';
import type { BookingContext } from './context.ts';
import { expireLapsed, oweBack, takenSeats } from './bookings.repository.ts';
import { holdSeats, lockTarget, relocate, stretchForMove } from './seat-move.ts';
import { freeTicketId } from './ticket-ids.ts';
import { checkHoldLimits, holdLimitsOf, type HoldScope, tripHoldsLock } from './unpaid-holds.ts';
import {
  fareOfStretch,
  legCount,
  pricedRouteKey,
  routeOf,
  sameTownsOn,
  stretchOfRow,
} from '../resources/trips/segments.ts';

export type ChangeRefusal =
  | { code: 'NOT_FOUND' }
  | { code: 'CHANGE_CLOSED' }
  | { code: 'PAYMENT_UNDER_REVIEW' }
  | { code: 'CHANGE_PENDING' }
  | { code: 'TRIP_UNAVAILABLE' }
  | { code: 'SEAT_COUNT' }
  | { code: 'SEAT_OUT_OF_RANGE' }
  | { code: 'PAIR_NOT_FOR_SALE' }
  | { code: 'SEATS_TAKEN'; seats: number[] }
  | { code: 'PRICE_CHANGED'; newTotal: number }
  | { code: 'UNPAID_LIMIT'; scope: HoldScope; limit: number };

export interface ChangeRequest {
  ticketId: string;
  phone: string;
  tripId: string;
  seats: number[];
  /** The new total the traveller was quoted: a change priced otherwise now is refused (PRICE_CHANGED). */
  totalTicketPrice?: number;
}

/** What a change awaiting payment will do once paid. */
interface ChangeTerms {
  fromTripId: string;
  oldTotal: number;
  newTotal: number;
  fee: number;
}

interface Plan {
  booking: BookingRow;
  seats: number[];
  paid: boolean;
  from: TripDetails;
  target: TripDetails;
  quote: ChangeQuote;
}

const departureOf = (trip: TripDetails) => departureInstant(trip.trip_date, trip.trip_boarding_time);
/** The last moment a booking of a trip leaving at `departure` may be changed (changeOpen's end). */
const cutoffOf = (departure: Date) => new Date(departure.getTime() - CHANGE_CUTOFF_MINUTES * 60_000);
const rulesOf = (stored: string | null | undefined): RefundRules =>
  stored ? (JSON.parse(stored) as RefundRules) : FULL_REFUND_RULES;

/** A change of `booking` waiting for its difference to be paid, if any. */
function pendingChangeOf(db: Db, bookingId: string) {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('changeOf', '=', bookingId)
    .where('isCancelled', '=', 0)
    .executeTakeFirst();
}

/** Checks a change against the booking and the trips as they are now; the change re-checks under locks. */
async function plan(
  ctx: BookingContext,
  input: ChangeRequest,
  now: Date,
  /** Read the new trip from its row, not the cache: the first attempt found its route changed under its lock. */
  fresh = false,
): Promise<Plan | { refused: ChangeRefusal }> {
  const booking = await ctx.db
    .selectFrom('bookings')
    .selectAll()
    .where('ticketId', '=', input.ticketId)
    .where('phone', '=', input.phone)
    .where('isCancelled', '=', 0)
    .executeTakeFirst();
  // A change awaiting payment is not itself changed (its traveller pays or lets it lapse).
  if (!booking || booking.changeOf || hasLapsed(booking.paymentStatus, booking.paymentDeadline, now))
    return { refused: { code: 'NOT_FOUND' } };
  const from = await cachedTripDetails(ctx.db, booking.tripId);
  if (!from || from.isCancelled || !changeOpen(departureOf(from), now))
    return { refused: { code: 'CHANGE_CLOSED' } };
  // A proof staff may still verify was sent for the old price: the change waits for their decision.
  const paid = booking.paymentStatus === 'verified';
  if (!paid && (booking.paymentStatus === 'proof_submitted' || booking.bankakScreenshot))
    return { refused: { code: 'PAYMENT_UNDER_REVIEW' } };
  const pending = await pendingChangeOf(ctx.db, booking.id);
  if (pending && !hasLapsed(pending.paymentStatus, pending.paymentDeadline, now))
    return { refused: { code: 'CHANGE_PENDING' } };
  const target = await tripDetailsOf(ctx.db, input.tripId, fresh);
  // Only to a trip of the same bus company: the traveller paid that company (its account, its ledger and
  // settlement) and another company's seats are not its to give; to ride with another, a refund and a new sale.
  if (
    !target ||
    target._id === from._id ||
    companyOfTrip(target) !== companyOfTrip(from) ||
    target.isCancelled ||
    target.busId?.bus_status === BUS_OUT_OF_SERVICE ||
    !changeOpen(departureOf(target), now)
  )
    return { refused: { code: 'TRIP_UNAVAILABLE' } };
  const own = JSON.parse(booking.seats) as number[];
  if (input.seats.length !== own.length || new Set(input.seats).size !== own.length)
    return { refused: { code: 'SEAT_COUNT' } };
  if (input.seats.some((seat) => seat < 1 || seat > Number(target.busId.bus_number_of_seats)))
    return { refused: { code: 'SEAT_OUT_OF_RANGE' } };
  // The traveller's own towns on the new trip, whatever its ends (a route with stops may pass them): its seats
  // on those legs, at that pair's fare. A trip that does not pass them in order, or does not sell them, is refused.
  const stretch = await sameTownsOn(
    ctx.db,
    { tripId: booking.tripId, stretch: stretchOfRow(booking) },
    target._id,
  );
  const fare = stretch && fareOfStretch(routeOf(target), target.trip_ticket_priceId.price, stretch);
  if (!stretch || fare === undefined) return { refused: { code: 'TRIP_UNAVAILABLE' } };
  const taken = await takenSeats(ctx.db, target._id, input.seats, stretch);
  if (taken.length) return { refused: { code: 'SEATS_TAKEN', seats: taken } };
  const newTotal = totalPrice(input.seats.length, fare);
  // The fare changed since the traveller was quoted (staff edited it, even while this change waited for its
  // lock): they confirm the new amount, as a sale does.
  if (input.totalTicketPrice !== undefined && Math.abs(input.totalTicketPrice - newTotal) > 0.005)
    return { refused: { code: 'PRICE_CHANGED', newTotal } };
  const quote = changeQuote(
    Number(booking.totalTicketPrice),
    newTotal,
    rulesOf(booking.refundRules).changeFee,
    paid,
  );
  return { booking, seats: input.seats, paid, from, target, quote };
}

/** What changing would cost or give back now (nothing is held). */
export async function quoteChange(ctx: BookingContext, input: ChangeRequest) {
  const planned = await plan(ctx, input, ctx.clock.now());
  if ('refused' in planned) return planned;
  const { booking, quote, from } = planned;
  const until = cutoffOf(departureOf(from));
  return {
    quote: { bookingId: booking.id, ticketId: booking.ticketId, ...quote, until: until.toISOString() },
  };
}

class Refused extends Error {
  constructor(readonly refusal: ChangeRefusal) {
    super(refusal.code);
  }
}

export type ChangeOutcome =
  | { changed: string; quote: ChangeQuote }
  | {
      awaitingPayment: { bookingId: string; changeId: string; ticketId: string; deadline: string };
      quote: ChangeQuote;
    }
  | { refused: ChangeRefusal };

/**
 * Changes a booking to another trip of its route (the traveller proves it with its ticket id and phone; staff
 * at the counter do it for them). One transaction: the booking under an update lock (a second change, a cancel
 * or a payment decision at the same instant waits), the new trip under a share lock, the seat key the guard.
 */
export async function changeBooking(
  ctx: BookingContext,
  input: ChangeRequest,
  by: Actor | { ip: string },
  retried = false,
): Promise<ChangeOutcome> {
  const now = ctx.clock.now();
  const planned = await plan(ctx, input, now, retried);
  if ('refused' in planned) return planned;
  const { booking, seats, paid, from, target, quote } = planned;
  const actor: Actor =
    'userId' in by ? by : { userId: null, userLabel: maskedPhone(booking.phone), ip: by.ip };
  const own = JSON.parse(booking.seats) as number[];
  try {
    return await ctx.db.transaction().execute(async (trx): Promise<ChangeOutcome> => {
      // The old trip first (the order a cancellation takes: trip, then its bookings): cancelled meanwhile, the
      // booking waits for its traveller's choice instead, and a cancellation waits until this change is done.
      const old = (await lockRow(trx, 'trips', booking.tripId, 'share')) as TripRow | undefined;
      const current = (await lockRow(trx, 'bookings', booking.id, 'update')) as BookingRow | undefined;
      if (!old || Number(old.isCancelled) || current?.disruptionState === 'waiting')
        throw new Refused({ code: 'CHANGE_CLOSED' });
      if (
        !current ||
        Number(current.isCancelled) ||
        current.tripId !== booking.tripId ||
        current.paymentStatus !== booking.paymentStatus
      )
        throw new Refused({ code: 'CHANGE_PENDING' });
      // Some seats cancelled since the plan read it (their refund recorded): planned again from the booking as it
      // is, so the cancelled seats do not move with it and the difference counts from what is left.
      if (
        current.seats !== booking.seats ||
        Number(current.totalTicketPrice) !== Number(booking.totalTicketPrice)
      )
        throw new BookingChanged();
      // A change that lapsed unswept gives way (expired, its seats freed); one still waiting refuses another.
      const pending = await pendingChangeOf(trx, booking.id);
      if (pending && !(await expireLapsed(trx, [pending], now)).length)
        throw new Refused({ code: 'CHANGE_PENDING' });
      const locked = await lockTarget(trx, target._id);
      if (!locked) throw new Refused({ code: 'TRIP_UNAVAILABLE' });
      // The new trip's stops, fares or price changed since it was read and priced (an edit committed
      // meanwhile): the change is planned again on the trip as it is (see sell).
      if (
        pricedRouteKey(routeOf(locked.trip), locked.trip.trip_ticket_priceId) !==
        pricedRouteKey(routeOf(target), target.trip_ticket_priceId?._id)
      )
        throw new RouteChanged();
      if (seats.some((seat) => seat > locked.capacity)) throw new Refused({ code: 'SEAT_OUT_OF_RANGE' });
      // An unpaid booking moves for free, so it meets the new trip's limits on unpaid holds as a sale would
      // (the seats its address holds unpaid there, the trip's unpaid share): holds made on other trips within
      // every limit cannot be gathered onto one trip to close it.
      if (!paid) await assertTripHolds(trx, ctx, current, locked, seats, now);
      const diff: Record<string, [unknown, unknown]> = {
        tripId: [booking.tripId, target._id],
        seats: [own, seats],
        ...moneyDiff(quote),
      };
      if (quote.toPay > 0) {
        const pending = await insertChange(trx, ctx, current, planned, now);
        await recordAudit(
          trx,
          {
            ...actor,
            action: 'request_change',
            resource: 'bookings',
            recordId: booking.id,
            diff: { ...diff, changeTicketId: [null, pending.ticketId] },
          },
          now,
        );
        return {
          awaitingPayment: {
            bookingId: booking.id,
            changeId: pending.id,
            ticketId: pending.ticketId,
            deadline: pending.deadline,
          },
          quote,
        };
      }
      // The difference owed back: onto a refund still owed, or a record of its own beside one paid (oweBack).
      const { refundDue, recordId } = await oweBack(trx, current, quote.refund, now);
      if (recordId) diff.refundRecord = [null, recordId];
      // A booking not yet paid keeps its deadline, never past the new departure.
      const deadline =
        !paid && current.paymentDeadline
          ? new Date(
              Math.min(Date.parse(current.paymentDeadline), departureOf(target).getTime()),
            ).toISOString()
          : current.paymentDeadline;
      await relocate(trx, { id: booking.id, tripId: booking.tripId, seats: own }, target._id, seats, now, {
        totalTicketPrice: quote.newTotal,
        refundDue,
        paymentDeadline: deadline,
      });
      await queueBookingMessage(trx, 'ticket', booking.id, now, {
        event: `change:${from._id}:${target._id}:${now.getTime()}`,
        createdBy: actor.userId,
      });
      await recordAudit(
        trx,
        { ...actor, action: 'change_booking', resource: 'bookings', recordId: booking.id, diff },
        now,
      );
      return { changed: booking.id, quote };
    });
  } catch (error) {
    if (error instanceof Refused) return { refused: error.refusal };
    if (error instanceof RouteChanged)
      return retried ? { refused: { code: 'PAIR_NOT_FOR_SALE' } } : changeBooking(ctx, input, by, true);
    if (error instanceof BookingChanged)
      return retried ? { refused: { code: 'CHANGE_PENDING' } } : changeBooking(ctx, input, by, true);
    if (!isUniqueViolation(error)) throw error;
    return { refused: { code: 'SEATS_TAKEN', seats: await takenSeats(ctx.db, target._id, seats) } };
  }
}

/** 409 UNPAID_LIMIT when the unpaid `booking` moving onto `locked`'s trip would pass that trip's hold limits. */
async function assertTripHolds(
  trx: Db,
  ctx: BookingContext,
  booking: BookingRow,
  locked: { trip: TripRow; capacity: number },
  seats: number[],
  now: Date,
) {
  const stretch = await stretchForMove(trx, booking.id, locked.trip.id);
  if (!stretch) throw new Refused({ code: 'PAIR_NOT_FOR_SALE' });
  await lockName(trx, tripHoldsLock(locked.trip.id));
  const refused = await checkHoldLimits(trx, {
    tripId: locked.trip.id,
    seats,
    legs: stretch.to - stretch.from,
    tripLegs: legCount(routeOf(locked.trip)),
    capacity: locked.capacity,
    source: { phone: booking.phone, address: booking.clientAddress, device: booking.deviceId },
    limits: holdLimitsOf(ctx.payments, false),
    now,
    moving: true,
  });
  if (refused) throw new Refused({ code: 'UNPAID_LIMIT', scope: refused.unpaidLimit, limit: refused.limit });
}

/** The target trip's route changed between the plan and the lock. */
class RouteChanged extends Error {}

/** The booking's seats or price changed between the plan and the lock (some seats cancelled). */
class BookingChanged extends Error {}

const moneyDiff = (quote: ChangeQuote): Record<string, [unknown, unknown]> => ({
  totalTicketPrice: [quote.oldTotal, quote.newTotal],
  ...(quote.fee ? { changeFee: [null, quote.fee] } : {}),
  ...(quote.toPay ? { toPay: [null, quote.toPay] } : {}),
  ...(quote.refund ? { refundDue: [null, quote.refund] } : {}),
});

/**
 * The change awaiting payment: a booking of the new seats for the amount owed, unpaid until the earlier of the
 * proof window and the old trip's change cut-off (after it the traveller travels on their old booking).
 */
async function insertChange(trx: Db, ctx: BookingContext, booking: BookingRow, planned: Plan, now: Date) {
  const { target, from, seats, quote } = planned;
  const cutoff = cutoffOf(departureOf(from));
  const deadline = holdDeadline(now, ctx.payments.proofMinutes, cutoff).toISOString();
  const terms: ChangeTerms = {
    fromTripId: from._id,
    oldTotal: quote.oldTotal,
    newTotal: quote.newTotal,
    fee: quote.fee,
  };
  const row: BookingsTable = {
    ...booking,
    id: newId(),
    tripId: target._id,
    ticketId: await freeTicketId(trx),
    seats: JSON.stringify(seats),
    totalTicketPrice: quote.toPay,
    bookingDate: now.toISOString(),
    created_at: now.toISOString(),
    isCancelled: 0,
    bankakScreenshot: null,
    idempotencyKey: null,
    paymentStatus: 'awaiting_proof',
    paymentReference: null,
    paymentMethod: null,
    paymentDeadline: deadline,
    verifiedBy: null,
    verifiedAt: null,
    verifiedVia: null,
    overrideNote: null,
    rejectionReason: null,
    rejectionNote: null,
    soldBy: null,
    refundDue: null,
    refundPaidAt: null,
    refundPaidBy: null,
    refundReference: null,
    refundMethod: null,
    refundRecordedBy: null,
    refundRecordedAt: null,
    noShow: 0,
    reviewDeadline: null,
    disruptionId: null,
    disruptionState: null,
    movedFromTripId: null,
    changeOf: booking.id,
    changeTerms: JSON.stringify(terms),
  };
  delete row.tripDeparture;
  const stretch = await stretchForMove(trx, booking.id, target._id);
  if (!stretch) throw new Refused({ code: 'PAIR_NOT_FOR_SALE' });
  row.boardingStop = stretch.from;
  row.alightingStop = stretch.to;
  // The difference is paid where the new trip's company is paid (its ticket and messages say so).
  row.paidInto = paidIntoOf(target.busId?.bus_owner_companyId);
  await trx.insertInto('bookings').values(row).execute();
  await holdSeats(trx, row.id, target._id, seats, now, stretch);
  return { id: row.id, ticketId: row.ticketId, deadline };
}

/**
 * For a change awaiting payment, its old trip's change cut-off (after it the change cannot complete: the
 * traveller travels on the old booking); undefined for any other booking.
 */
export async function changeCutoffOf(db: Db, bookingId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select(['changeOf', 'changeTerms'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (!row?.changeOf || !row.changeTerms) return undefined;
  return oldTripCutoff(db, JSON.parse(row.changeTerms) as ChangeTerms);
}

/** The change cut-off of the trip a change is from, as that trip leaves now; undefined when it is gone. */
async function oldTripCutoff(db: Db, terms: ChangeTerms): Promise<Date | undefined> {
  const old = await db
    .selectFrom('trips')
    .select(['trip_date', 'trip_boarding_time'])
    .where('id', '=', terms.fromTripId)
    .executeTakeFirst();
  return old && cutoffOf(departureInstant(old.trip_date, old.trip_boarding_time));
}

/**
 * Completes a change whose difference was just verified (inside the verification's transaction, whichever way
 * it came: the desk, a bank statement): the booking moves to the change's seats and price, the change's row is
 * closed (cancelled, its payment kept). A booking cancelled or moved meanwhile cannot take it: the difference
 * paid is owed back instead. Nothing for a booking that is not a change.
 */
export async function completeChange(trx: Db, changeId: string, now: Date): Promise<void> {
  const change = await trx.selectFrom('bookings').selectAll().where('id', '=', changeId).executeTakeFirst();
  if (!change?.changeOf || !change.changeTerms) return;
  const terms = JSON.parse(change.changeTerms) as ChangeTerms;
  const booking = (await lockRow(trx, 'bookings', change.changeOf, 'update')) as BookingRow | undefined;
  // The new trip as it is now (the verification locked it first: a cancellation of it waits or came before).
  const target = await lockTarget(trx, change.tripId);
  await trx
    .deleteFrom('booking_seats')
    .where('tripId', '=', change.tripId)
    .where('bookingId', '=', change.id)
    .execute();
  const actor = { userId: change.verifiedBy, userLabel: null };
  const cutoff = await oldTripCutoff(trx, terms);
  // Cancelled or moved meanwhile, some of its seats cancelled, its old trip cancelled (it waits for its
  // traveller's choice: a free move or a full refund) or past its change cut-off (verified late: the traveller
  // travels, or travelled, on the old booking), or the new trip cancelled or its bus out of service: the
  // difference paid goes back.
  if (
    !booking ||
    Number(booking.isCancelled) ||
    booking.tripId !== terms.fromTripId ||
    Number(booking.totalTicketPrice) !== terms.oldTotal ||
    booking.disruptionState === 'waiting' ||
    !cutoff ||
    now.getTime() >= cutoff.getTime() ||
    !target
  ) {
    await trx
      .updateTable('bookings')
      .set({ isCancelled: 1, refundDue: Number(change.totalTicketPrice) })
      .where('id', '=', change.id)
      .execute();
    await recordAudit(
      trx,
      {
        ...actor,
        action: 'change_refunded',
        resource: 'bookings',
        recordId: change.id,
        diff: { refundDue: [null, Number(change.totalTicketPrice)] },
      },
      now,
    );
    return;
  }
  const seats = JSON.parse(change.seats) as number[];
  const own = JSON.parse(booking.seats) as number[];
  await trx.updateTable('bookings').set({ isCancelled: 1 }).where('id', '=', change.id).execute();
  await relocate(trx, { id: booking.id, tripId: booking.tripId, seats: own }, change.tripId, seats, now, {
    totalTicketPrice: terms.newTotal,
  });
  await queueBookingMessage(trx, 'ticket', booking.id, now, { event: `change:${change.id}` });
  await recordAudit(
    trx,
    {
      ...actor,
      action: 'change_booking',
      resource: 'bookings',
      recordId: booking.id,
      diff: {
        tripId: [booking.tripId, change.tripId],
        seats: [own, seats],
        totalTicketPrice: [terms.oldTotal, terms.newTotal],
        changeTicketId: [null, change.ticketId],
      },
    },
    now,
  );
}

/** The changes awaiting payment of these bookings, by booking id, as their traveller sees them. */
export async function pendingChanges(db: Db, bookingIds: string[], now: Date) {
  const found = new Map<string, Record<string, unknown>>();
  if (!bookingIds.length) return found;
  const rows = await db
    .selectFrom('bookings')
    .selectAll()
    .where('changeOf', 'in', bookingIds)
    .where('isCancelled', '=', 0)
    .execute();
  for (const row of rows) {
    if (hasLapsed(row.paymentStatus, row.paymentDeadline, now)) continue;
    const trip = await cachedTripDetails(db, row.tripId);
    const terms = JSON.parse(row.changeTerms ?? '{}') as ChangeTerms;
    found.set(row.changeOf!, {
      ticketId: row.ticketId,
      toPay: Number(row.totalTicketPrice),
      fee: terms.fee,
      newTotal: terms.newTotal,
      seats: JSON.parse(row.seats) as number[],
      paymentStatus: row.paymentStatus,
      paymentDeadline: row.paymentDeadline,
      tripId: row.tripId,
      trip_date: trip?.trip_date ?? null,
      trip_boarding_time: trip?.trip_boarding_time ?? null,
    });
  }
  return found;
}

/** The _id of the company whose bus runs a trip (read with its references filled). */
const companyOfTrip = (trip: {
  busId?: { bus_owner_companyId?: { _id?: string } | string | null } | null;
}) => {
  const company = trip.busId?.bus_owner_companyId;
  return typeof company === 'string' ? company : company?._id;
};
