// The activity rows of the sales module, written in the transaction of the change they record: a change
// rolled back leaves no row, and a row never names a change that did not happen. The booking is read as the
// log compares it (its row as a document, references by id), before and after the change.
import { type Actor, diffOf, recordAudit } from '../audit/audit.ts';
import type { Db } from '../db/schema.ts';
import { bookingRowToDocument } from '../resources/bookings/booking-mapper.ts';
import type { Document } from '../resources/crud/row-mapper.ts';
import { bookingRow } from './payments.repository.ts';

export type { Actor };

/** The booking as the activity log compares it. */
export async function loggedBooking(trx: Db, id: string): Promise<Document | undefined> {
  const row = await bookingRow(trx, id);
  return row && bookingRowToDocument(row);
}

/** Appends `action` on booking `id` by `actor`: what changed since `before` (read in the same transaction). */
export async function logBookingChange(
  trx: Db,
  actor: Actor,
  action: string,
  id: string,
  before: Document | undefined,
  at: Date,
): Promise<void> {
  const after = await loggedBooking(trx, id);
  await recordAudit(
    trx,
    { ...actor, action, resource: 'bookings', recordId: id, diff: diffOf(before, after) },
    at,
  );
}
