// Trips' rules beyond plain CRUD. Cancelling a trip is the operator's decision, a disruption of one trip
// (disruptions.service.ts): its paid bookings, and those whose proof is not yet decided, wait for their
// travellers' choice (another trip of the route, or a full refund) with their seats kept; an unpaid hold is
// released; every traveller is told; each booking's change is in the activity log under the staff member.
import { DEFAULT_CANCEL_REASON } from '../../../shared/disruptions.ts';
import type { Db } from '../../db/schema.ts';
import { type Actor, disruptTrip } from './disruptions.service.ts';

export type { Actor } from './disruptions.service.ts';

export type CancelTripOutcome =
  | { cancelled: { bookings: number; waiting: number; released: number } }
  | { refused: 'ALREADY_CANCELLED' | 'NOT_FOUND' | 'DEPARTED' | 'FAILED' };

/** Cancels a trip (the reason travellers are told, or the default one); refused when already cancelled. */
export async function cancelTrip(
  db: Db,
  id: string,
  actor: Actor,
  now: Date,
  reason: { reason_en?: string; reason_ar?: string } = {},
): Promise<CancelTripOutcome> {
  const impact = await db.transaction().execute((trx) =>
    disruptTrip(
      trx,
      id,
      {
        action: 'cancel',
        reason_en: reason.reason_en ?? DEFAULT_CANCEL_REASON.en,
        reason_ar: reason.reason_ar ?? DEFAULT_CANCEL_REASON.ar,
      },
      actor,
      now,
    ),
  );
  // A delay's refusals (NOT_LATER, BUS_BUSY) are not a cancellation's.
  if (impact.refused === 'NOT_LATER' || impact.refused === 'BUS_BUSY') throw new Error(impact.refused);
  if (impact.refused) return { refused: impact.refused };
  return { cancelled: { bookings: impact.bookings, waiting: impact.waiting, released: impact.released } };
}
