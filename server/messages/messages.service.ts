// What a traveller is told, queued by the event that causes it inside that event's own transaction: the
// booking and its trip are read through the same transaction, so the message says what was committed with it.
import {
  type MessageFacts,
  type MessageKind,
  messageLanguage,
  messageText,
  REJECTION_WORDS,
} from '../../shared/messages.ts';
import type { Db } from '../db/schema.ts';
import { enqueue } from './outbox.repository.ts';

type TemplateKind = Exclude<MessageKind, 'broadcast'>;

/** A booking, its trip and its cities in the booking's language, as the templates need them. */
async function factsOf(trx: Db, bookingId: string) {
  const booking = await trx.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst();
  if (!booking) return undefined;
  const trip = await trx.selectFrom('trips').selectAll().where('id', '=', booking.tripId).executeTakeFirst();
  if (!trip) return undefined;
  const language = messageLanguage(booking.language);
  const origin = await trx
    .selectFrom('origins')
    .select(['origin_city', 'origin_city_ar'])
    .where('id', '=', trip.trip_originId)
    .executeTakeFirst();
  const destination = await trx
    .selectFrom('destinations')
    .select(['destination_city', 'destination_city_ar'])
    .where('id', '=', trip.trip_destinationId)
    .executeTakeFirst();
  const city = (en: string | undefined, ar: string | null | undefined) =>
    (language === 'ar' ? ar || en : en) ?? '';
  const facts: MessageFacts = {
    ticketId: booking.ticketId,
    from: city(origin?.origin_city, origin?.origin_city_ar),
    to: city(destination?.destination_city, destination?.destination_city_ar),
    date: trip.trip_date,
    time: trip.trip_boarding_time,
    seats: JSON.parse(booking.seats) as number[],
    amount: Number(booking.refundDue ?? booking.totalTicketPrice),
    paid: booking.paymentStatus === 'verified',
    deadline: booking.paymentDeadline,
    reason: booking.rejectionReason
      ? (REJECTION_WORDS[booking.rejectionReason] ?? REJECTION_WORDS.other)[language]
      : undefined,
  };
  return { booking, trip, language, facts };
}

/**
 * Queues the `kind` message of a booking (call with the event's transaction). `event` tells apart the events
 * of one kind that may happen more than once to a booking (a second rejection): the same event is queued once.
 */
export async function queueBookingMessage(
  trx: Db,
  kind: TemplateKind,
  bookingId: string,
  now: Date,
  options: { event?: string; createdBy?: string | null } = {},
): Promise<boolean> {
  const found = await factsOf(trx, bookingId);
  if (!found) return false;
  const { booking, trip, language, facts } = found;
  return enqueue(
    trx,
    {
      kind,
      phone: booking.phone,
      language,
      text: messageText(kind, language, facts),
      bookingId,
      tripId: trip.id,
      dedupeKey: `${kind}:${bookingId}${options.event ? `:${options.event}` : ''}`,
      createdBy: options.createdBy ?? null,
    },
    now,
  );
}

/**
 * Runs a booking's state change and, when it happened, queues its message, in one transaction: the message
 * exists exactly when the change committed.
 */
export async function changeAndTell(
  db: Db,
  change: (trx: Db) => Promise<boolean>,
  kind: TemplateKind,
  bookingId: string,
  now: Date,
  options: { event?: string; createdBy?: string | null } = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changed = await change(trx);
    if (changed) await queueBookingMessage(trx, kind, bookingId, now, options);
    return changed;
  });
}
