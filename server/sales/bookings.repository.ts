// Bookings: the seat sale is one transaction that inserts the booking and one booking_seats row per seat and
// leg of its stretch (trips/segments.ts); the (tripId, seat, leg) primary key makes the database refuse a
// seat-leg sold twice, whatever the concurrency and however many API nodes share the database. Cancelling
// deletes those rows, freeing the seats at once.
import { bookings } from '../../shared/registry/index.ts';
import { BUS_OUT_OF_SERVICE } from '../../shared/rules.ts';
import { isUniqueViolation } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { lockName, lockRow } from '../db/locks.ts';
import { bookingsUsingReference } from './payments.repository.ts';
import type { BookingRow, BookingsTable, Db } from '../db/schema.ts';
import { toDocuments } from '../resources/crud/populate.ts';
import type { Document } from '../resources/crud/row-mapper.ts';
import { LAPSING_STATUSES, type PaymentStatus } from '../../shared/payments.ts';
import type { SeatTraveller } from '../../shared/boarding.ts';
import { insertTravellers } from '../resources/boarding/travellers.ts';
import { insertProof, type Proof } from './proofs.ts';
import { bookingRowToDocument, type PassengerInfo } from '../resources/bookings/booking-mapper.ts';
import { openShiftOf, recordCash } from '../resources/shifts/shifts.repository.ts';
import { type Actor, diffOf, recordAudit } from '../audit/audit.ts';
import { newTicketId } from './ticket-ids.ts';
import { insertCancelledPart } from './cancel-seats.repository.ts';
import {
  fareOfStretch,
  legCount,
  onLegs,
  pricedRouteKey,
  routeOf,
  seatLegRows,
  type Stretch,
} from '../resources/trips/segments.ts';
import { checkHoldLimits, type HoldLimits, type HoldScope, lockHoldSources } from './unpaid-holds.ts';
import {
  type BookingFactsRow,
  insertCarrying,
  queueBookingMessage,
  saleTicketRow,
} from '../messages/messages.service.ts';
import type { RefundRules } from '../../shared/refund-rules.ts';
import type { CompanyAccount } from '../../shared/payment-instructions.ts';
import type { MessageSettings } from '../resources/settings/settings.repository.ts';

export interface NewBooking {
  tripId: string;
  seats: number[];
  /** The stops boarded and alighted at; its legs are what the sale holds. */
  stretch: Stretch;
  /** The route and price the sale priced the stretch from (pricedRouteKey), checked under the trip's lock. */
  pricedRoute: string;
  /** When its ticket text may leave (an unpaid online booking's waits a few minutes); at once when absent. */
  ticketSendAt?: Date;
  passenger: PassengerInfo;
  total: number;
  idempotencyKey?: string;
  /** The traveller's language for text messages. */
  language?: string;
  proof?: Proof;
  payment: {
    status: PaymentStatus;
    method: string | null;
    reference: string | null;
    deadline: string | null;
    /** A proof under review: when staff are expected to have decided. */
    reviewDeadline?: string | null;
    /** A counter sale: the staff member who sold (and so verified) it. */
    soldBy?: string;
  };
  /** Who sits on each seat (shared/boarding.ts). */
  travellers: SeatTraveller[];
  /** Who asks: the client address and the public site's device id, when known. */
  source?: { address: string | null; device: string | null };
  /** Limits on unpaid holds (travellers' bookings); none for a counter sale. */
  limits?: HoldLimits;
  /** Staff who sell at the counter: the sale's activity row, written with it. */
  seller?: Actor;
  /** The refund rules in force, copied onto the booking (a later change of policy never changes its refund). */
  refundRules: RefundRules;
  /**
   * What the ticket message needs that the sale has already read (the trip's cities, the site's address), so
   * that queueing it costs one statement; used when the locked trip still has these cities.
   */
  /**
   * Whose account the traveller is told to pay into (bookings.paidInto, paid-into.ts), decided from the same
   * company document as the ticket's account: a company may open its own account later.
   */
  paidInto: string;
  ticketMessage?: {
    originId: string;
    destinationId: string;
    cities: Pick<
      BookingFactsRow,
      'origin_city' | 'origin_city_ar' | 'destination_city' | 'destination_city_ar'
    >;
    /** The site's address and the operator's account (Settings). */
    settings: MessageSettings;
    /** The trip's company's own account, when it has one (issue 24). */
    company: CompanyAccount;
  };
  now: Date;
}

/** What the database said of a sale, checked under lock in the sale's own transaction. */
export type InsertOutcome =
  | { sold: Document }
  | { earlier: Document }
  | { takenSeats: number[] }
  | { unavailable: 'cancelled' | 'out_of_service' }
  | { notForSale: true }
  | { routeChanged: true }
  | { noShift: true }
  | { capacity: number }
  | { unpaidLimit: HoldScope; limit: number }
  | { referenceUsed: Awaited<ReturnType<typeof bookingsUsingReference>> };

class Refused extends Error {
  constructor(readonly outcome: InsertOutcome) {
    super('sale refused');
  }
}

const TICKET_ID_ATTEMPTS = 5;

/** Which of these seats are sold on any leg of the stretch (every leg without one). */
export async function takenSeats(
  db: Db,
  tripId: string,
  seats: number[],
  stretch?: Stretch,
): Promise<number[]> {
  const rows = await onLegs(
    db
      .selectFrom('booking_seats')
      .select('seat')
      .distinct()
      .where('tripId', '=', tripId)
      .where('seat', 'in', seats),
    stretch,
    'leg',
  ).execute();
  return rows.map((row) => Number(row.seat)).sort((a, b) => a - b);
}

/**
 * Expires the lapsed unpaid holds among `bookingIds` (their deadline passed) and frees their seats; answers
 * the ids it expired. Under the row lock each takes, a proof arriving at the same instant either got in first
 * (the booking is no longer lapsing) or finds it expired.
 */
export async function expireLapsed(
  trx: Db,
  rows: { id: string; tripId: string }[],
  now: Date,
): Promise<string[]> {
  if (!rows.length) return [];
  const expired = await trx
    .updateTable('bookings')
    .set({ paymentStatus: 'expired', isCancelled: 1 })
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .where('paymentStatus', 'in', [...LAPSING_STATUSES])
    .where('paymentDeadline', '<=', now.toISOString())
    .where('isCancelled', '=', 0)
    .returning(['id', 'tripId', 'changeOf'])
    .execute();
  if (!expired.length) return [];
  await trx
    .deleteFrom('booking_seats')
    .where('tripId', 'in', [...new Set(expired.map((row) => row.tripId))])
    .where(
      'bookingId',
      'in',
      expired.map((row) => row.id),
    )
    .execute();
  // Each traveller is told their seats went (with the expiry, in its transaction); a change to another day
  // that lapsed leaves its booking as it was, its ticket still good: nothing to tell.
  for (const row of expired) if (!row.changeOf) await queueBookingMessage(trx, 'hold_expired', row.id, now);
  return expired.map((row) => row.id);
}

/** Holds on these seats whose deadline passed: a sale treats them as free (and expires them). */
export async function lapsedHoldsOn(trx: Db, tripId: string, seats: number[], now: Date, stretch?: Stretch) {
  return onLegs(
    trx
      .selectFrom('booking_seats')
      .innerJoin('bookings', 'bookings.id', 'booking_seats.bookingId')
      .select(['bookings.id as id', 'bookings.tripId as tripId'])
      .where('booking_seats.tripId', '=', tripId)
      .where('booking_seats.seat', 'in', seats)
      .where('bookings.paymentStatus', 'in', [...LAPSING_STATUSES])
      .where('bookings.paymentDeadline', '<=', now.toISOString())
      .distinct(),
    stretch,
  ).execute();
}

/** Which of these seats a live booking holds (a lapsed hold does not count). */
async function heldSeats(
  trx: Db,
  tripId: string,
  seats: number[],
  now: Date,
  stretch: Stretch,
): Promise<number[]> {
  const rows = await onLegs(
    trx
      .selectFrom('booking_seats')
      .innerJoin('bookings', 'bookings.id', 'booking_seats.bookingId')
      .select('booking_seats.seat')
      .distinct()
      .where('booking_seats.tripId', '=', tripId)
      .where('booking_seats.seat', 'in', seats)
      .where((eb) =>
        eb.or([
          eb('bookings.paymentStatus', 'not in', [...LAPSING_STATUSES]),
          eb('bookings.paymentDeadline', 'is', null),
          eb('bookings.paymentDeadline', '>', now.toISOString()),
        ]),
      ),
    stretch,
  ).execute();
  return rows.map((row) => Number(row.seat)).sort((a, b) => a - b);
}

export async function insertBooking(db: Db, booking: NewBooking): Promise<InsertOutcome> {
  for (let attempt = 0; attempt < TICKET_ID_ATTEMPTS; attempt++) {
    const id = newId();
    const now = booking.now.toISOString();
    const row: BookingsTable = {
      id,
      tripId: booking.tripId,
      ticketId: newTicketId(),
      seats: JSON.stringify(booking.seats),
      first_name: booking.passenger.firstName,
      last_name: booking.passenger.lastName,
      phone: booking.passenger.phone,
      email: booking.passenger.email ?? null,
      totalTicketPrice: booking.total,
      bookingDate: now,
      isCancelled: 0,
      bankakScreenshot: booking.proof?.url ?? null,
      idempotencyKey: booking.idempotencyKey ?? null,
      created_at: now,
      paymentStatus: booking.payment.status,
      paymentReference: booking.payment.reference,
      paymentMethod: booking.payment.method,
      paymentDeadline: booking.payment.deadline,
      verifiedBy: booking.payment.soldBy ?? null,
      verifiedAt: booking.payment.soldBy ? now : null,
      verifiedVia: booking.payment.soldBy ? 'counter' : null,
      overrideNote: null,
      rejectionReason: null,
      rejectionNote: null,
      soldBy: booking.payment.soldBy ?? null,
      refundDue: null,
      refundPaidAt: null,
      refundPaidBy: null,
      refundReference: null,
      noShow: 0,
      reviewDeadline: booking.payment.reviewDeadline ?? null,
      clientAddress: booking.source?.address ?? null,
      deviceId: booking.source?.device ?? null,
      language: booking.language ?? null,
      refundRules: JSON.stringify(booking.refundRules),
      boardingStop: booking.stretch.from,
      alightingStop: booking.stretch.to,
      paidInto: booking.paidInto,
    };
    try {
      await db.transaction().execute(async (trx) => {
        // A transfer pays one sale at the counter (a sale with a seller): checked under a lock named by its
        // number, so two cashiers shown one screenshot at the same moment cannot both sell on it
        // (payments-race.test.ts).
        const reference = booking.payment.soldBy ? booking.payment.reference : null;
        if (reference) {
          await lockName(trx, `payment-reference|${reference}`);
          const used = await bookingsUsingReference(trx, reference);
          if (used.length) throw new Refused({ referenceUsed: used });
        }
        // A counter sale lands in its seller's open shift (cash-up), which cannot close until this commits.
        const seller = booking.payment.soldBy;
        const shift = seller ? await openShiftOf(trx, seller) : undefined;
        if (seller && !shift) throw new Refused({ noShift: true });
        // The trip and its bus are read again under a share lock: a cancel of the trip, or a change of its
        // bus (fewer seats, out of service), waits for this sale, and a sale cannot slip in after one.
        const trip = await lockRow(trx, 'trips', booking.tripId, 'share');
        if (!trip || Number(trip.isCancelled)) throw new Refused({ unavailable: 'cancelled' });
        const bus = await lockRow(trx, 'buses', String(trip.busId), 'share');
        if (!bus || bus.bus_status === BUS_OUT_OF_SERVICE)
          throw new Refused({ unavailable: 'out_of_service' });
        const capacity = Number(bus.bus_number_of_seats);
        if (booking.seats.some((seat) => seat > capacity)) throw new Refused({ capacity });
        // The route as it is now (an edit of its stops or fares waits for this sale, or this sale for it). One
        // committed since the sale read the trip would have it sell other towns at its stop indexes, or at
        // another fare: the sale is decided again on the trip as it is.
        const route = routeOf(trip);
        if (pricedRouteKey(route, trip.trip_ticket_priceId) !== booking.pricedRoute)
          throw new Refused({ routeChanged: true });
        if (fareOfStretch(route, 0, booking.stretch) === undefined) throw new Refused({ notForSale: true });
        if (booking.limits) {
          const source = {
            phone: booking.passenger.phone,
            address: booking.source?.address ?? null,
            device: booking.source?.device ?? null,
          };
          await lockHoldSources(trx, booking.tripId, source);
          // Seats already held answer SEATS_TAKEN, before any limit is counted.
          const taken = await heldSeats(trx, booking.tripId, booking.seats, booking.now, booking.stretch);
          if (taken.length) throw new Refused({ takenSeats: taken });
          const refused = await checkHoldLimits(trx, {
            tripId: booking.tripId,
            seats: booking.seats,
            legs: booking.stretch.to - booking.stretch.from,
            tripLegs: legCount(route),
            capacity,
            source,
            limits: booking.limits,
            now: booking.now,
          });
          if (refused) throw new Refused(refused);
        }
        await expireLapsed(
          trx,
          await lapsedHoldsOn(trx, booking.tripId, booking.seats, booking.now, booking.stretch),
          booking.now,
        );
        // The ticket by text message, committed with the sale (a refused sale queues nothing): written from
        // what the sale holds and carried by the booking's own INSERT (messages.service).
        const known = booking.ticketMessage;
        const ticketSendAt = booking.ticketSendAt ?? booking.now;
        const ticket =
          known &&
          // A stretch of a route with stops is told its own towns and time (read back, below).
          booking.stretch.from === 0 &&
          booking.stretch.to === legCount(routeOf(trip)) &&
          String(trip.trip_originId) === known.originId &&
          String(trip.trip_destinationId) === known.destinationId
            ? saleTicketRow(
                {
                  ...row,
                  ...known.cities,
                  trip_date: String(trip.trip_date),
                  trip_boarding_time: String(trip.trip_boarding_time),
                  reason_en: null,
                  reason_ar: null,
                  ...known.company,
                },
                known.settings,
                booking.now,
                ticketSendAt,
              )
            : undefined;
        await insertCarrying(trx, ticket, (q) => q.insertInto('bookings').values(row));
        await trx
          .insertInto('booking_seats')
          // In (seat, leg) order, so that two sales of overlapping seats lock them in the same order.
          .values(seatLegRows(booking.tripId, id, booking.seats, booking.stretch))
          .execute();
        await insertTravellers(trx, id, booking.travellers);
        if (booking.proof) await insertProof(trx, id, booking.proof, booking.now, booking.source);
        // Cash taken at the counter goes into the drawer, at the price sold (later changes to the booking
        // are their own events).
        if (shift && booking.payment.method === 'cash')
          await recordCash(
            trx,
            { shiftId: shift.id, bookingId: id, kind: 'sale', amount: booking.total },
            booking.now,
          );
        if (booking.seller)
          await recordAudit(
            trx,
            {
              ...booking.seller,
              action: 'counter_sale',
              resource: 'bookings',
              recordId: id,
              diff: {
                ...diffOf(undefined, bookingRowToDocument(row)),
                ...(shift ? { shiftId: [null, shift.id] } : {}),
              },
            },
            booking.now,
          );
        // The ticket by text message, committed with the sale (a refused sale queues nothing): carried by the
        // booking's INSERT when its text is known (above), else read back.
        if (!ticket) await queueBookingMessage(trx, 'ticket', id, booking.now, { sendAt: ticketSendAt });
      });
      return { sold: bookingRowToDocument(row) };
    } catch (error) {
      if (error instanceof Refused) return error.outcome;
      if (!isUniqueViolation(error)) throw error;
      // A retry that raced its own first attempt: the first one won.
      const earlier = booking.idempotencyKey && (await findByIdempotencyKey(db, booking.idempotencyKey));
      if (earlier) return { earlier };
      const taken = await takenSeats(db, booking.tripId, booking.seats, booking.stretch);
      if (taken.length) return { takenSeats: taken };
      // Otherwise the random ticket id (or the proof's generated name) collided: draw another.
    }
  }
  throw new Error('Could not draw a unique ticket id');
}

/** A booking with its trip populated (bus, company, cities, price), or unpopulated for cheap reads. */
export async function findBooking(db: Db, id: string, populate = true): Promise<Document | undefined> {
  const row = await db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
  return row && (await documents(db, [row], populate))[0];
}

/** The booking an earlier attempt with this idempotency key made, unpopulated. */
export async function findByIdempotencyKey(db: Db, key: string): Promise<Document | undefined> {
  const row = await db
    .selectFrom('bookings')
    .selectAll()
    .where('idempotencyKey', '=', key)
    .executeTakeFirst();
  return row && (await documents(db, [row], false))[0];
}

/** Bookings matching a ticket id and phone (the traveller's proof), with their trips. */
export async function findByTicket(db: Db, ticketId: string, phone: string): Promise<Document[]> {
  const rows = await db
    .selectFrom('bookings')
    .selectAll()
    .where('ticketId', '=', ticketId)
    .where('phone', '=', phone)
    .execute();
  return documents(db, rows, true);
}

/** Every booking made with a phone, the latest first (a phone books a few times a year: no paging). */
export async function findByPhone(db: Db, phone: string): Promise<Document[]> {
  const rows = await db
    .selectFrom('bookings')
    .selectAll()
    .where('phone', '=', phone)
    // Seats cancelled from a booking that kept its others are that booking's refund record, not a ticket.
    .where('splitFrom', 'is', null)
    .orderBy('bookingDate', 'desc')
    .limit(200)
    .execute();
  return documents(db, rows, true);
}

function documents(db: Db, rows: BookingRow[], populate: boolean) {
  return toDocuments(db, bookings, rows, populate ? undefined : 0);
}

/**
 * `amount` more owed back on booking `row`: added to its refund while none of that refund has gone back (paid,
 * or recorded as paid by a cashier); once some has, a refund record of its own (a cancelled part of the booking
 * at no price, naming it), which the refunds list pays once. A refund paid is never changed: the ledger counts
 * a paid booking's whole refundDue as paid, and the refunds list would hide the rest. Answers the booking's
 * refundDue to write, and the record made, if any.
 */
export async function oweBack(
  trx: Db,
  row: BookingRow,
  amount: number,
  now: Date,
): Promise<{ refundDue: number | null; recordId?: string }> {
  const due = row.refundDue == null ? null : Number(row.refundDue);
  if (!amount) return { refundDue: due };
  if (!row.refundPaidAt && !row.refundRecordedAt) return { refundDue: (due ?? 0) + amount };
  const seats = JSON.parse(row.seats) as number[];
  const recordId = await insertCancelledPart(trx, row, { seats, price: 0, refundDue: amount }, now);
  return { refundDue: due, recordId };
}

/**
 * oweBack on booking `id` as it is now (inside the caller's transaction, which holds its row), `amountOf` its
 * row, written; answers the activity log's terms of it (refundDue before and after, the record made).
 */
export async function writeOweBack(
  trx: Db,
  id: string,
  amountOf: (row: BookingRow) => number,
  now: Date,
): Promise<Record<string, [unknown, unknown]>> {
  const row = await trx.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const before = row.refundDue == null ? null : Number(row.refundDue);
  const { refundDue, recordId } = await oweBack(trx, row, amountOf(row), now);
  if (refundDue !== before)
    await trx.updateTable('bookings').set({ refundDue }).where('id', '=', id).execute();
  return {
    ...(refundDue !== before ? { refundDue: [before, refundDue] } : {}),
    ...(recordId ? { refundRecord: [null, recordId] } : {}),
  };
}

/** What a cancelled booking's row says of its money, for the refund rule. */
export type CancelledRow = Pick<BookingsTable, 'paymentStatus' | 'totalTicketPrice' | 'refundRules'>;

/**
 * Marks a booking cancelled, frees its seats and records who did it in the activity log, in one transaction:
 * 'cancelled'; 'refused' when it already was cancelled (or its trip was: it waits for its traveller's choice);
 * 'moved' when it is no longer on `tripId`, the trip it was read on ('' for a trip that is gone: not compared),
 * because a change committed since: the caller decides again, as the refund tiers count from the new trip's
 * departure. `refundFor` says what is owed back, read from the row under the cancellation's lock (a payment
 * verified a moment before counts); null or 0 owes nothing.
 */
export async function cancelBooking(
  db: Db,
  id: string,
  tripId: string,
  by: Actor,
  now: Date,
  refundFor: (row: CancelledRow) => number | null,
): Promise<'cancelled' | 'refused' | 'moved'> {
  return db.transaction().execute(async (trx) => {
    const row = (await lockRow(trx, 'bookings', id, 'update')) as BookingRow | undefined;
    // Not one whose trip the operator cancelled (it waits for a move or a full refund).
    if (!row || Number(row.isCancelled) || row.disruptionState === 'waiting') return 'refused';
    // '' when its trip is gone: nothing to compare (and no departure the tiers count from).
    if (tripId && row.tripId !== tripId) return 'moved';
    await trx.updateTable('bookings').set({ isCancelled: 1 }).where('id', '=', id).execute();
    // Naming the trip lets the write layer forget only that trip's cached seat map.
    await trx
      .deleteFrom('booking_seats')
      .where('tripId', '=', row.tripId)
      .where('bookingId', '=', id)
      .execute();
    await dropPendingChange(trx, id);
    // A refund still owed from before (a change to a cheaper trip) adds to this one rather than being lost;
    // one already paid back stays as it was, and this one is a record of its own.
    const refund = await writeOweBack(trx, id, (row) => refundFor(row) || 0, now);
    await recordAudit(
      trx,
      {
        ...by,
        action: 'cancel_booking',
        resource: 'bookings',
        recordId: id,
        diff: {
          isCancelled: [false, true],
          ...refund,
        },
      },
      now,
    );
    return 'cancelled' as const;
  });
}

/** A change to another day still awaiting payment of a booking being cancelled goes with it (its seats freed). */
async function dropPendingChange(trx: Db, bookingId: string) {
  const dropped = await trx
    .updateTable('bookings')
    .set({ isCancelled: 1 })
    .where('changeOf', '=', bookingId)
    .where('isCancelled', '=', 0)
    .where('paymentStatus', '<>', 'verified')
    .returning(['id', 'tripId'])
    .execute();
  for (const change of dropped)
    await trx
      .deleteFrom('booking_seats')
      .where('tripId', '=', change.tripId)
      .where('bookingId', '=', change.id)
      .execute();
}

/** Expires these holds if they lapsed (in their own transaction); answers the ids expired. */
export function expireHolds(db: Db, rows: { id: string; tripId: string }[], now: Date) {
  return db.transaction().execute((trx) => expireLapsed(trx, rows, now));
}

/** Deletes a booking for good, its seats on the trip its row names under the lock (a change may have moved it). */
export async function deleteBooking(db: Db, id: string, by: Actor, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = (await lockRow(trx, 'bookings', id, 'update')) as BookingRow | undefined;
    if (row)
      await trx
        .deleteFrom('booking_seats')
        .where('tripId', '=', row.tripId)
        .where('bookingId', '=', id)
        .execute();
    await trx.deleteFrom('bookings').where('id', '=', id).execute();
    await recordAudit(
      trx,
      {
        ...by,
        action: 'delete',
        resource: 'bookings',
        recordId: id,
        diff: diffOf(row && bookingRowToDocument(row), undefined),
      },
      now,
    );
  });
}
