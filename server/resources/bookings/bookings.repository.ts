// Bookings: the seat sale is one transaction that inserts the booking and one booking_seats row per seat;
// the (tripId, seat) primary key makes the database refuse a seat sold twice, whatever the concurrency and
// however many API nodes share the database. Cancelling deletes those rows, freeing the seats at once.
import type { Kysely } from 'kysely';
import { bookings } from '../../../shared/registry/index.ts';
import { newId } from '../../db/ids.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { lockRow } from '../../db/locks.ts';
import { forgetCounts } from '../crud/count-cache.ts';
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

export type CreateResult =
  { booking: Document; repeated?: boolean } | { takenSeats: number[] } | { tripUnavailable: true };

class TripUnavailable extends Error {}

const TICKET_ID_ATTEMPTS = 5;

export async function takenSeats(db: Kysely<any>, tripId: string, seats: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('booking_seats')
    .select('seat')
    .where('tripId', '=', tripId)
    .where('seat', 'in', seats)
    .execute();
  return rows.map((row) => Number(row.seat)).sort((a, b) => a - b);
}

export async function createBooking(db: Kysely<any>, booking: NewBooking): Promise<CreateResult> {
  for (let attempt = 0; attempt < TICKET_ID_ATTEMPTS; attempt++) {
    const id = newId();
    const now = new Date().toISOString();
    let row: Record<string, unknown> | undefined;
    try {
      await db.transaction().execute(async (trx) => {
        // The trip is read again under a share lock: a cancel or delete of the trip waits for this sale,
        // and a sale cannot slip in after the trip was cancelled.
        const trip = await lockRow(trx, 'trips', booking.tripId, 'share');
        if (!trip || Number(trip.isCancelled)) throw new TripUnavailable();
        await trx
          .insertInto('bookings')
          .values(
            (row = {
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
            }),
          )
          .execute();
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
      forgetCounts(db, 'bookings');
      return { booking: bookingRowToDocument(row!) };
    } catch (error) {
      if (error instanceof TripUnavailable) return { tripUnavailable: true };
      if (!isUniqueViolation(error)) throw error;
      // A retry that raced its own first attempt: the first one won, answer it.
      const earlier = booking.idempotencyKey && (await findByIdempotencyKey(db, booking.idempotencyKey));
      if (earlier) return { booking: earlier, repeated: true };
      const taken = await takenSeats(db, booking.tripId, booking.seats);
      if (taken.length) return { takenSeats: taken };
      // Otherwise the random ticket id collided with an existing one: draw another.
    }
  }
  throw new Error('Could not draw a unique ticket id');
}

/** A booking with its trip populated (bus, company, cities, price), or unpopulated for cheap reads. */
export async function findBooking(
  db: Kysely<any>,
  id: string,
  populate = true,
): Promise<Document | undefined> {
  const row = await db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return (await toDocuments(db, bookings, [row], populate ? undefined : 0))[0];
}

/** The booking an earlier attempt with this idempotency key made, unpopulated. */
export async function findByIdempotencyKey(db: Kysely<any>, key: string): Promise<Document | undefined> {
  const row = await db
    .selectFrom('bookings')
    .selectAll()
    .where('idempotencyKey', '=', key)
    .executeTakeFirst();
  return row ? (await toDocuments(db, bookings, [row], 0))[0] : undefined;
}

/** Bookings matching a ticket id and phone (the traveller's proof), with their trips. */
export async function findByTicket(db: Kysely<any>, ticketId: string, phone: string): Promise<Document[]> {
  const rows = await db
    .selectFrom('bookings')
    .selectAll()
    .where('ticketId', '=', ticketId)
    .where('phone', '=', phone)
    .execute();
  return toDocuments(db, bookings, rows);
}

/** Marks a booking cancelled and frees its seats in one transaction; false when it already was cancelled. */
export async function cancelBooking(db: Kysely<any>, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('bookings')
      .set({ isCancelled: 1 })
      .where('id', '=', id)
      .where('isCancelled', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('booking_seats').where('bookingId', '=', id).execute();
    forgetCounts(db, 'bookings');
    return true;
  });
}

export async function deleteBooking(db: Kysely<any>, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('booking_seats').where('bookingId', '=', id).execute();
    await trx.deleteFrom('bookings').where('id', '=', id).execute();
  });
  forgetCounts(db, 'bookings');
}
