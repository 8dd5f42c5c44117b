// Messages due at a time rather than caused by a request, queued by every node's outbox job (server/jobs.ts):
// the warning that an unpaid hold lapses in HOLD_WARNING_MINUTES (once), and the reminder the evening before
// departure (from REMINDER_HOUR, Khartoum time, for bookings made before it, unless the traveller opted out).
// Each is queued at most once (its dedupe key), so two nodes or a restart never tell a traveller twice, and a
// node that was down at the hour queues them when it comes back, if the bus has not left.
import { HOLD_WARNING_MINUTES, type MessageKind, REMINDER_HOUR } from '../../shared/messages.ts';
import { khartoumMidnight, khartoumToday } from '../../shared/rules.ts';
import type { ExpressionBuilder } from 'kysely';
import type { Db, Tables } from '../db/schema.ts';
import { queueBookingMessage } from './messages.service.ts';

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;

/** A booking that was not sent a message of this kind yet. */
const notTold =
  (kind: MessageKind) =>
  ({ not, exists, selectFrom }: ExpressionBuilder<Tables, 'bookings'>) =>
    not(
      exists(
        selectFrom('messages')
          .select('messages.id')
          .whereRef('messages.bookingId', '=', 'bookings.id')
          .where('messages.kind', '=', kind),
      ),
    );

/** Holds lapsing within HOLD_WARNING_MINUTES that were not warned yet; answers how many were queued. */
export async function queueHoldWarnings(db: Db, now: Date, limit = 500): Promise<number> {
  const soon = new Date(now.getTime() + HOLD_WARNING_MINUTES * MINUTE).toISOString();
  const rows = await db
    .selectFrom('bookings')
    .select('id')
    .where('isCancelled', '=', 0)
    .where('paymentStatus', 'in', ['awaiting_proof', 'rejected'])
    .where('paymentDeadline', '>', now.toISOString())
    .where('paymentDeadline', '<=', soon)
    .where(notTold('hold_expiring'))
    .limit(limit)
    .execute();
  let queued = 0;
  for (const row of rows)
    if (await queueBookingMessage(db, 'hold_expiring', row.id, now, { event: 'once' })) queued++;
  return queued;
}

/**
 * From REMINDER_HOUR on, tomorrow's travellers who booked before it and did not opt out (a change awaiting its
 * difference is not one); answers how many.
 */
export async function queueReminders(db: Db, now: Date, limit = 2000): Promise<number> {
  const today = khartoumToday(now);
  const evening = khartoumMidnight(today) + REMINDER_HOUR * 60 * MINUTE;
  if (now.getTime() < evening) return 0;
  const tomorrow = khartoumToday(new Date(khartoumMidnight(today) + DAY + MINUTE));
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('trips', 'trips.id', 'bookings.tripId')
    .select('bookings.id')
    .where('trips.trip_date', '=', tomorrow)
    .where('trips.isCancelled', '=', 0)
    .where('bookings.isCancelled', '=', 0)
    .where('bookings.messagesOptOut', '=', 0)
    // A change to another day still awaiting its difference is no journey yet (its booking is reminded).
    .where('bookings.changeOf', 'is', null)
    .where('bookings.bookingDate', '<', new Date(evening).toISOString())
    // Not reminded of this trip today: a booking moved to another trip (its own was cancelled), or whose trip
    // was delayed to another day, is reminded of the journey it has now.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('messages')
            .select('messages.id')
            .whereRef('messages.bookingId', '=', 'bookings.id')
            .where('messages.kind', '=', 'reminder')
            .whereRef('messages.tripId', '=', 'bookings.tripId')
            .where('messages.created_at', '>=', new Date(khartoumMidnight(today)).toISOString()),
        ),
      ),
    )
    .limit(limit)
    .select('bookings.tripId')
    .execute();
  let queued = 0;
  for (const row of rows)
    if (await queueBookingMessage(db, 'reminder', row.id, now, { event: `${row.tripId}:${tomorrow}` }))
      queued++;
  return queued;
}
