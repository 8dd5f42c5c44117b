// A booking of a trip the operator cancelled waits for its traveller's choice (shared/disruptions.ts): move,
// free of charge, to another trip of the same company that carries it between its towns within the window (the
// same seat rules and the database's seat key as a sale; the ticket id stays), or a full refund. At the cancelled trip's time the server refunds
// whoever has not chosen. The traveller proves the booking with its ticket id and phone; staff at the counter
// do the same for them, and the activity log names whoever acted.
import { BUS_OUT_OF_SERVICE, departureInstant } from '../../shared/rules.ts';
import { choiceOpen, moveWindow } from '../../shared/disruptions.ts';
import { type Actor, type AuditEntry, recordAudit, recordAudits } from '../audit/audit.ts';
import { isUniqueViolation } from '../db/database.ts';
import { lockRow } from '../db/locks.ts';
import type { Db, TripRow } from '../db/schema.ts';
import { queueBookingMessage } from '../messages/messages.service.ts';
import { writeOweBack } from './bookings.repository.ts';
import { lockTarget, relocate, soldSeats } from './seat-move.ts';
import { companyOfBus } from '../resources/seat-capacity.ts';
import { routeOf, type Stretch, stretchOfRow, stretchOfTowns, townsOf } from '../resources/trips/segments.ts';
import { minutesAt } from '../../shared/segments.ts';

/**
 * What cancelling a trip does to each of its live bookings, in the trip's transaction: one that `waits` (paid,
 * or a proof to decide) keeps its seats and waits for its traveller's choice; an unpaid hold is cancelled and
 * its seats freed (it owes nothing back: a verification waits for the trip's lock, see transition). Each
 * booking's change is in the activity log under `actor`.
 */
export async function settleCancelledTrip(
  trx: Db,
  trip: { id: string; disruptionId: string },
  bookings: { id: string; waits: boolean }[],
  actor: Actor,
  now: Date,
): Promise<void> {
  const waiting = bookings.filter((booking) => booking.waits).map((booking) => booking.id);
  const released = bookings.filter((booking) => !booking.waits).map((booking) => booking.id);
  const { disruptionId } = trip;
  if (waiting.length)
    await trx
      .updateTable('bookings')
      .set({ disruptionId, disruptionState: 'waiting' })
      .where('id', 'in', waiting)
      .execute();
  if (released.length) {
    await trx
      .updateTable('bookings')
      .set({ isCancelled: 1, disruptionId })
      .where('id', 'in', released)
      .execute();
    // Naming the trip lets the write layer forget only that trip's cached seat map.
    await trx
      .deleteFrom('booking_seats')
      .where('tripId', '=', trip.id)
      .where('bookingId', 'in', released)
      .execute();
  }
  await recordAudits(
    trx,
    bookings.map((booking): AuditEntry => ({
      ...actor,
      action: booking.waits ? 'disrupt_booking' : 'cancel_booking',
      resource: 'bookings',
      recordId: booking.id,
      diff: booking.waits
        ? { disruptionState: [null, 'waiting'], tripId: [trip.id, trip.id] }
        : { isCancelled: [false, true], tripId: [trip.id, trip.id] },
    })),
    now,
  );
}

export type MoveRefusal =
  | { code: 'NOT_FOUND' }
  | { code: 'NOT_WAITING' }
  | { code: 'TRIP_UNAVAILABLE' }
  | { code: 'SEAT_COUNT' }
  | { code: 'SEAT_OUT_OF_RANGE' }
  | { code: 'SEATS_TAKEN'; seats: number[] };

interface WaitingBooking {
  id: string;
  tripId: string;
  seats: number[];
  disruptionState?: string | null;
  isCancelled: number;
}

/** The live booking under a ticket id and phone. */
async function bookingOf(db: Db, ticketId: string, phone: string): Promise<WaitingBooking | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select(['id', 'tripId', 'seats', 'disruptionState', 'isCancelled'])
    .where('ticketId', '=', ticketId)
    .where('phone', '=', phone)
    .where('isCancelled', '=', 0)
    .executeTakeFirst();
  return row && { ...row, seats: JSON.parse(row.seats) as number[] };
}

const tripRow = (db: Db, id: string) =>
  db.selectFrom('trips').selectAll().where('id', '=', id).executeTakeFirst() as Promise<TripRow | undefined>;

/**
 * Whether `target` is a trip a booking of `from` over `stretch` may move to at `now`: another trip of the same
 * bus company (the traveller paid that company; another's seats are not its to give), not cancelled, in the
 * window, not yet left, that carries the traveller from the town they board at to the one
 * they alight at (a trip of another route passing both, in order, with a fare between them, will do: a
 * corridor's traveller from Madani to Kassala may take a Madani – Kassala bus). Answers the stretch there.
 */
function movableStretch(
  from: TripRow & { companyId: string | null },
  stretch: Stretch,
  target: TripRow & { companyId: string | null },
  now: Date,
): Stretch | undefined {
  const window = moveWindow(from.trip_date, now);
  const open =
    target.id !== from.id &&
    target.companyId === from.companyId &&
    !Number(target.isCancelled) &&
    target.trip_date >= window.from &&
    target.trip_date <= window.until &&
    departureInstant(target.trip_date, target.trip_boarding_time).getTime() > now.getTime();
  return open ? stretchOfTowns(target, townsOf(from, stretch)) : undefined;
}

/**
 * The trips a waiting booking over `stretch` may move to, with the seats they have left on the traveller's
 * legs (enough for the booking) and when they leave the traveller's town: trips of the route, and trips of
 * other routes that pass the booking's towns in order (found by trip_pairs, as the search finds them).
 */
export async function moveTargets(db: Db, from: TripRow, stretch: Stretch, seatCount: number, now: Date) {
  const window = moveWindow(from.trip_date, now);
  const towns = townsOf(from, stretch);
  if (!towns.origin || !towns.destination) return [];
  const passing = db
    .selectFrom('trip_pairs')
    .select('tripId')
    .where('origin', '=', towns.origin)
    .where('destination', '=', towns.destination)
    .where('trip_date', '>=', window.from)
    .where('trip_date', '<=', window.until);
  const company = await companyOfBus(db, from.busId);
  const rows = await db
    .selectFrom('trips')
    .innerJoin('buses', 'buses.id', 'trips.busId')
    .selectAll('trips')
    .select(['buses.bus_number_of_seats', 'buses.bus_status', 'buses.bus_owner_companyId'])
    .where('buses.bus_owner_companyId', company === null ? 'is' : '=', company)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('trips.trip_originId', '=', from.trip_originId),
          eb('trips.trip_destinationId', '=', from.trip_destinationId),
        ]),
        eb.and([
          eb('trips.trip_originId', '=', towns.origin!),
          eb('trips.trip_destinationId', '=', towns.destination!),
        ]),
        eb('trips.id', 'in', passing),
      ]),
    )
    .where('trips.trip_date', '>=', window.from)
    .where('trips.trip_date', '<=', window.until)
    .where('trips.isCancelled', '=', 0)
    .execute();
  const source = { ...from, companyId: company };
  const targets = [];
  for (const row of rows) {
    if (row.bus_status === BUS_OUT_OF_SERVICE) continue;
    const there = movableStretch(
      source,
      stretch,
      { ...(row as TripRow), companyId: row.bus_owner_companyId ?? null },
      now,
    );
    if (!there) continue;
    // Seats taken on any of the traveller's legs there (a seat-leg row each): a seat counts once.
    const seatsLeft = Number(row.bus_number_of_seats) - (await soldSeats(db, row.id, there)).size;
    if (seatsLeft < seatCount) continue;
    const departs = new Date(
      departureInstant(row.trip_date, row.trip_boarding_time).getTime() +
        minutesAt(routeOf(row).stops, there.from) * 60_000,
    );
    targets.push({
      _id: row.id,
      trip_date: row.trip_date,
      trip_boarding_time: row.trip_boarding_time,
      seatsLeft,
      departsAt: departs.toISOString(),
    });
  }
  return targets.sort((a, b) => Date.parse(a.departsAt) - Date.parse(b.departsAt));
}

/** The seats to move to: those asked for, else the booking's own numbers if free, else the first free ones. */
function pickSeats(own: number[], capacity: number, sold: Set<number>): number[] | undefined {
  if (own.every((seat) => seat <= capacity && !sold.has(seat))) return own;
  const free: number[] = [];
  for (let seat = 1; seat <= capacity && free.length < own.length; seat++)
    if (!sold.has(seat)) free.push(seat);
  return free.length === own.length ? free : undefined;
}

/** Moves a waiting booking to another trip of its route (same ticket id); its traveller is sent the new ticket. */
export async function moveBooking(
  db: Db,
  input: { ticketId: string; phone: string; tripId: string; seats?: number[] },
  actor: Actor,
  now: Date,
): Promise<{ moved: string } | { refused: MoveRefusal }> {
  const booking = await bookingOf(db, input.ticketId, input.phone);
  if (!booking) return { refused: { code: 'NOT_FOUND' } };
  const from = await tripRow(db, booking.tripId);
  if (
    booking.disruptionState !== 'waiting' ||
    !from ||
    !choiceOpen(from.trip_date, from.trip_boarding_time, now)
  )
    return { refused: { code: 'NOT_WAITING' } };
  const target = await tripRow(db, input.tripId);
  const stretch = stretchOfRow(
    await db
      .selectFrom('bookings')
      .select(['boardingStop', 'alightingStop'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow(),
  );
  const there =
    target &&
    movableStretch(
      { ...from, companyId: await companyOfBus(db, from.busId) },
      stretch,
      { ...target, companyId: await companyOfBus(db, target.busId) },
      now,
    );
  if (!target || !there) return { refused: { code: 'TRIP_UNAVAILABLE' } };
  if (input.seats && input.seats.length !== booking.seats.length) return { refused: { code: 'SEAT_COUNT' } };

  class Refused extends Error {
    constructor(readonly refusal: MoveRefusal) {
      super(refusal.code);
    }
  }
  try {
    await db.transaction().execute(async (trx) => {
      // The target trip under a share lock (a cancellation of it waits), the booking under an update lock (a
      // second choice at the same instant waits, then finds it no longer waiting).
      const locked = await lockTarget(trx, target.id);
      if (!locked) throw new Refused({ code: 'TRIP_UNAVAILABLE' });
      const current = await lockRow(trx, 'bookings', booking.id, 'update');
      if (!current || Number(current.isCancelled) || current.disruptionState !== 'waiting')
        throw new Refused({ code: 'NOT_WAITING' });
      const { capacity } = locked;
      if (input.seats?.some((seat) => seat > capacity)) throw new Refused({ code: 'SEAT_OUT_OF_RANGE' });
      let seats = input.seats;
      if (!seats) {
        seats = pickSeats(booking.seats, capacity, await soldSeats(trx, target.id, there));
        if (!seats) throw new Refused({ code: 'SEATS_TAKEN', seats: booking.seats });
      }
      await relocate(trx, booking, target.id, seats, now, {
        disruptionState: 'moved',
        movedFromTripId: booking.tripId,
      });
      await queueBookingMessage(trx, 'ticket', booking.id, now, {
        event: `move:${target.id}`,
        createdBy: actor.userId,
      });
      await recordAudit(
        trx,
        {
          ...actor,
          action: 'move_booking',
          resource: 'bookings',
          recordId: booking.id,
          diff: { tripId: [booking.tripId, target.id], seats: [booking.seats, seats] },
        },
        now,
      );
    });
  } catch (error) {
    if (error instanceof Refused) return { refused: error.refusal };
    if (!isUniqueViolation(error)) throw error;
    const sold = await soldSeats(db, target.id, there);
    const asked = input.seats ?? booking.seats;
    return { refused: { code: 'SEATS_TAKEN', seats: asked.filter((seat) => sold.has(seat)) } };
  }
  return { moved: booking.id };
}

/** Cancels a waiting booking with a full refund of what was paid (the refunds list shows it as owed). */
export async function requestRefund(
  db: Db,
  input: { ticketId: string; phone: string },
  actor: Actor,
  now: Date,
): Promise<{ refunded: string } | { refused: 'NOT_FOUND' | 'NOT_WAITING' }> {
  const booking = await bookingOf(db, input.ticketId, input.phone);
  if (!booking) return { refused: 'NOT_FOUND' };
  if (booking.disruptionState !== 'waiting') return { refused: 'NOT_WAITING' };
  const done = await refundWaiting(db, booking, 'refunded', actor, now);
  return done ? { refunded: booking.id } : { refused: 'NOT_WAITING' };
}

/** Refunds a waiting booking in full (cancelled, its seats freed), once: false if it no longer waits. */
async function refundWaiting(
  db: Db,
  booking: { id: string; tripId: string },
  state: 'refunded' | 'auto_refunded',
  actor: Actor,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('bookings')
      .set({ isCancelled: 1, disruptionState: state })
      .where('id', '=', booking.id)
      .where('isCancelled', '=', 0)
      .where('disruptionState', '=', 'waiting')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .deleteFrom('booking_seats')
      .where('tripId', '=', booking.tripId)
      .where('bookingId', '=', booking.id)
      .execute();
    // What was paid, in full, on top of a refund still owed from before (a change to a cheaper trip); beside
    // one already paid back, as a record of its own (oweBack).
    const refund = await writeOweBack(
      trx,
      booking.id,
      (row) => (row.paymentStatus === 'verified' ? Number(row.totalTicketPrice) : 0),
      now,
    );
    await recordAudit(
      trx,
      {
        ...actor,
        action: state === 'refunded' ? 'request_refund' : 'auto_refund',
        resource: 'bookings',
        recordId: booking.id,
        diff: {
          isCancelled: [false, true],
          disruptionState: ['waiting', state],
          ...refund,
        },
      },
      now,
    );
    return true;
  });
}

/**
 * Refunds in full every booking still waiting whose cancelled trip's time has come (the traveller did not
 * choose). On every node: each refund is one conditional update, so two nodes never refund twice.
 */
export async function refundUnchosen(db: Db, now: Date): Promise<number> {
  const waiting = await db
    .selectFrom('bookings')
    .innerJoin('trips', 'trips.id', 'bookings.tripId')
    .select(['bookings.id', 'bookings.tripId', 'trips.trip_date', 'trips.trip_boarding_time'])
    .where('bookings.disruptionState', '=', 'waiting')
    .where('bookings.isCancelled', '=', 0)
    .execute();
  let refunded = 0;
  for (const booking of waiting) {
    if (choiceOpen(booking.trip_date, booking.trip_boarding_time, now)) continue;
    if (await refundWaiting(db, booking, 'auto_refunded', { userId: null, userLabel: null }, now)) refunded++;
  }
  return refunded;
}

/**
 * What the traveller's answers say of their bookings' disruptions, by booking id: the disruption (action, the
 * reason in both languages, when, what became of the booking) and, for one still waiting, the choices open.
 */
export async function disruptionsOf(db: Db, bookings: { _id: string; seats: number[] }[], now: Date) {
  const found = new Map<
    string,
    { disruption: Record<string, unknown>; choices: Record<string, unknown> | null }
  >();
  if (!bookings.length) return found;
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('disruptions', 'disruptions.id', 'bookings.disruptionId')
    .select([
      'bookings.id as bookingId',
      'bookings.tripId',
      'bookings.disruptionState',
      'bookings.boardingStop',
      'bookings.alightingStop',
      'disruptions.action',
      'disruptions.reason_en',
      'disruptions.reason_ar',
      'disruptions.created_at',
      'disruptions.new_date',
      'disruptions.new_boarding_time',
    ])
    .where(
      'bookings.id',
      'in',
      bookings.map((booking) => booking._id),
    )
    .execute();
  for (const row of rows) {
    const booking = bookings.find((b) => b._id === row.bookingId)!;
    let choices: Record<string, unknown> | null = null;
    const trip = row.disruptionState === 'waiting' ? await tripRow(db, row.tripId) : undefined;
    if (trip && choiceOpen(trip.trip_date, trip.trip_boarding_time, now))
      choices = {
        move: {
          until: moveWindow(trip.trip_date, now).until,
          trips: await moveTargets(db, trip, stretchOfRow(row), booking.seats.length, now),
        },
        refund: true,
      };
    found.set(row.bookingId, {
      disruption: {
        action: row.action,
        reason_en: row.reason_en,
        reason_ar: row.reason_ar,
        at: row.created_at,
        state: row.disruptionState,
        new_date: row.new_date,
        new_boarding_time: row.new_boarding_time,
      },
      choices,
    });
  }
  return found;
}
