// Some seats of a booking cancelled, in one transaction under the booking's row lock: their booking_seats rows
// deleted (the seats are for sale the moment it commits; the (tripId, seat) key stays the only guard against a
// seat sold twice), their travellers' IDs erased, the booking's seats and total reduced, the refund of a paid
// booking recorded as a cancelled part of its own (seats, price, refund due) that the refunds list pays once,
// and the activity-log row naming the seats.
import type { BookingRow, BookingsTable, Db } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { lockRow } from '../db/locks.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { seatsShare } from '../../shared/refund-rules.ts';
import { freeTicketId } from './ticket-ids.ts';

export type SeatsCancelWrite =
  | { done: { refundDue: number; refundBookingId: string | null } }
  | { cancelled: true }
  | { notInBooking: number[] }
  /**
   * Not while money is in flight: a proof staff have not decided (it was sent for the whole total, which a bank
   * statement will match) or a change to another day awaiting its difference (it moves every seat).
   */
  | { waits: 'PAYMENT_UNDER_REVIEW' | 'CHANGE_PENDING' }
  /** Every seat left was asked for (another partial cancel got in first): a whole cancellation instead. */
  | { every: true }
  /** No longer on the trip it was read on (a change committed meanwhile): decided again there. */
  | { moved: true };

export interface SeatsCancelRequest {
  id: string;
  /** The trip the booking was read on, whose departure `refundFor` counts from. */
  tripId: string;
  seats: number[];
  by: Actor;
  now: Date;
  /** What goes back for `amount` of this booking (its stored rules): called for a paid booking only. */
  refundFor: (rules: BookingsTable['refundRules'], amount: number) => number;
}

/**
 * The cancelled part of a paid booking: its seats, what they cost and their refund, naming the booking. At no
 * price, a refund record of its own (oweBack).
 */
export async function insertCancelledPart(
  trx: Db,
  row: BookingRow,
  part: { seats: number[]; price: number; refundDue: number },
  now: Date,
): Promise<string> {
  const id = newId();
  // The trip's departure key is the database's own (its triggers set it).
  const { tripDeparture, ...copied } = row;
  void tripDeparture;
  await trx
    .insertInto('bookings')
    .values({
      ...copied,
      id,
      ticketId: await freeTicketId(trx),
      seats: JSON.stringify(part.seats),
      totalTicketPrice: part.price,
      isCancelled: 1,
      bankakScreenshot: null,
      idempotencyKey: null,
      created_at: now.toISOString(),
      paymentDeadline: null,
      reviewDeadline: null,
      refundDue: part.refundDue || null,
      refundPaidAt: null,
      refundPaidBy: null,
      refundReference: null,
      refundMethod: null,
      refundRecordedBy: null,
      refundRecordedAt: null,
      noShow: 0,
      disruptionId: null,
      disruptionState: null,
      splitFrom: row.id,
    })
    .execute();
  return id;
}

export async function cancelSeatsOf(db: Db, request: SeatsCancelRequest): Promise<SeatsCancelWrite> {
  const { id, seats, now } = request;
  return db.transaction().execute(async (trx) => {
    const row = (await lockRow(trx, 'bookings', id, 'update')) as BookingRow | undefined;
    if (!row || Number(row.isCancelled)) return { cancelled: true };
    if (row.tripId !== request.tripId) return { moved: true };
    const held = JSON.parse(row.seats) as number[];
    const missing = seats.filter((seat) => !held.includes(seat));
    if (missing.length) return { notInBooking: missing };
    const kept = held.filter((seat) => !seats.includes(seat));
    if (!kept.length) return { every: true };
    if (row.paymentStatus === 'proof_submitted') return { waits: 'PAYMENT_UNDER_REVIEW' };
    const change = await trx
      .selectFrom('bookings')
      .select('id')
      .where('changeOf', '=', id)
      .where('isCancelled', '=', 0)
      .executeTakeFirst();
    if (change) return { waits: 'CHANGE_PENDING' };

    const total = Number(row.totalTicketPrice);
    const price = seatsShare(total, held.length, seats.length);
    // Naming the trip lets the write layer forget only that trip's cached seat map.
    await trx
      .deleteFrom('booking_seats')
      .where('tripId', '=', row.tripId)
      .where('bookingId', '=', id)
      .where('seat', 'in', seats)
      .execute();
    await trx
      .deleteFrom('booking_passengers')
      .where('bookingId', '=', id)
      .where('seat', 'in', seats)
      .execute();
    await trx
      .updateTable('bookings')
      .set({ seats: JSON.stringify(kept), totalTicketPrice: total - price })
      .where('id', '=', id)
      .execute();
    const paid = row.paymentStatus === 'verified';
    const refundDue = paid ? request.refundFor(row.refundRules, price) : 0;
    const refundBookingId = paid
      ? await insertCancelledPart(trx, row, { seats, price, refundDue }, now)
      : null;
    await recordAudit(
      trx,
      {
        ...request.by,
        action: 'cancel_seats',
        resource: 'bookings',
        recordId: id,
        diff: {
          seats: [held, kept],
          totalTicketPrice: [total, total - price],
          ...(refundBookingId ? { refundDue: [null, refundDue], refundRecord: [null, refundBookingId] } : {}),
        },
      },
      now,
    );
    return { done: { refundDue, refundBookingId } };
  });
}
