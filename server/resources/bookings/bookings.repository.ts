// Bookings: the seat sale is one transaction that inserts the booking and one booking_seats row per seat;
// the (tripId, seat) primary key makes the database refuse a seat sold twice, whatever the concurrency and
// however many API nodes share the database. Cancelling deletes those rows, freeing the seats at once.
import { bookings } from '../../../shared/registry/index.ts';
import { BUS_OUT_OF_SERVICE } from '../../../shared/rules.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import { lockRow } from '../../db/locks.ts';
import type { BookingRow, BookingsTable, Db } from '../../db/schema.ts';
import { toDocuments } from '../crud/populate.ts';
import type { Document } from '../crud/row-mapper.ts';
import { bookingRowToDocument, type PassengerInfo } from './booking-mapper.ts';
import { newTicketId } from './ticket-ids.ts';

export interface NewBooking {
  tripId: string;
  seats: number[];
  passenger: PassengerInfo;
  total: number;
  bankakScreenshot: string | null;
  idempotencyKey?: string;
}

/** What the database said of a sale, checked under lock in the sale's own transaction. */
export type InsertOutcome =
  | { sold: Document }
  | { earlier: Document }
  | { takenSeats: number[] }
  | { unavailable: 'cancelled' | 'out_of_service' }
  | { capacity: number };

class Refused extends Error {
  constructor(readonly outcome: InsertOutcome) {
    super('sale refused');
  }
}

const TICKET_ID_ATTEMPTS = 5;

export async function takenSeats(db: Db, tripId: string, seats: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('booking_seats')
    .select('seat')
    .where('tripId', '=', tripId)
    .where('seat', 'in', seats)
    .execute();
  return rows.map((row) => Number(row.seat)).sort((a, b) => a - b);
}

export async function insertBooking(db: Db, booking: NewBooking): Promise<InsertOutcome> {
  for (let attempt = 0; attempt < TICKET_ID_ATTEMPTS; attempt++) {
    const id = newId();
    const now = new Date().toISOString();
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
      bankakScreenshot: booking.bankakScreenshot,
      idempotencyKey: booking.idempotencyKey ?? null,
      created_at: now,
    };
    try {
      await db.transaction().execute(async (trx) => {
        // The trip and its bus are read again under a share lock: a cancel of the trip, or a change of its
        // bus (fewer seats, out of service), waits for this sale, and a sale cannot slip in after one.
        const trip = await lockRow(trx, 'trips', booking.tripId, 'share');
        if (!trip || Number(trip.isCancelled)) throw new Refused({ unavailable: 'cancelled' });
        const bus = await lockRow(trx, 'buses', String(trip.busId), 'share');
        if (!bus || bus.bus_status === BUS_OUT_OF_SERVICE)
          throw new Refused({ unavailable: 'out_of_service' });
        const capacity = Number(bus.bus_number_of_seats);
        if (booking.seats.some((seat) => seat > capacity)) throw new Refused({ capacity });
        await trx.insertInto('bookings').values(row).execute();
        await trx
          .insertInto('booking_seats')
          // In seat order, so that two sales of overlapping seats lock them in the same order (no deadlock).
          .values(
            [...booking.seats]
              .sort((a, b) => a - b)
              .map((seat) => ({ tripId: booking.tripId, seat, bookingId: id })),
          )
          .execute();
      });
      return { sold: bookingRowToDocument(row) };
    } catch (error) {
      if (error instanceof Refused) return error.outcome;
      if (!isUniqueViolation(error)) throw error;
      // A retry that raced its own first attempt: the first one won.
      const earlier = booking.idempotencyKey && (await findByIdempotencyKey(db, booking.idempotencyKey));
      if (earlier) return { earlier };
      const taken = await takenSeats(db, booking.tripId, booking.seats);
      if (taken.length) return { takenSeats: taken };
      // Otherwise the random ticket id collided with an existing one: draw another.
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

function documents(db: Db, rows: BookingRow[], populate: boolean) {
  return toDocuments(db, bookings, rows, populate ? undefined : 0);
}

/** Marks a booking cancelled and frees its seats in one transaction; false when it already was cancelled. */
export async function cancelBooking(db: Db, id: string, tripId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('bookings')
      .set({ isCancelled: 1 })
      .where('id', '=', id)
      .where('isCancelled', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    // Naming the trip lets the write layer forget only that trip's cached seat map.
    await trx.deleteFrom('booking_seats').where('tripId', '=', tripId).where('bookingId', '=', id).execute();
    return true;
  });
}

export async function deleteBooking(db: Db, id: string, tripId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('booking_seats').where('tripId', '=', tripId).where('bookingId', '=', id).execute();
    await trx.deleteFrom('bookings').where('id', '=', id).execute();
  });
}
