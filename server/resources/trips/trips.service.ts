// Trips' rules beyond plain CRUD. Cancelling a trip is the operator's decision, so it acts on every live
// booking of the trip in the same transaction: a paid booking owes its whole price back (a refund due, on the
// refunds list), an unpaid hold is released, and every seat is freed. A booking whose proof was not yet decided
// is cancelled with it and reaches the payments desk's cancelled proofs (staff check whether the money arrived).
// Each booking's cancellation is in the activity log under the staff member who cancelled the trip.
import { type Actor, recordAudit } from '../../audit/audit.ts';
import type { Db } from '../../db/schema.ts';
import { cancelTripBookings } from '../bookings/bookings.repository.ts';
import { queueBookingMessage } from '../../messages/messages.service.ts';

export type CancelTripOutcome =
  { cancelled: { bookings: number; refunds: number } } | { refused: 'ALREADY_CANCELLED' };

/** Cancels a trip and its live bookings at once; refused when the trip already was cancelled (even in a race). */
export async function cancelTrip(db: Db, id: string, actor: Actor, now: Date): Promise<CancelTripOutcome> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('trips')
      .set({ isCancelled: 1 })
      .where('id', '=', id)
      .where('isCancelled', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return { refused: 'ALREADY_CANCELLED' } as const;
    const cancelled = await cancelTripBookings(trx, id);
    for (const booking of cancelled) {
      await queueBookingMessage(trx, 'trip_cancelled', booking.id, now);
      await recordAudit(
        trx,
        {
          ...actor,
          action: 'cancel_booking',
          resource: 'bookings',
          recordId: booking.id,
          diff: {
            isCancelled: [false, true],
            ...(booking.refundDue != null ? { refundDue: [null, booking.refundDue] } : {}),
            tripId: [id, id],
          },
        },
        now,
      );
    }
    return {
      cancelled: {
        bookings: cancelled.length,
        refunds: cancelled.filter((booking) => booking.refundDue != null).length,
      },
    };
  });
}
