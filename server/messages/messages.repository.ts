// Reading the outbox for staff (a message as the API answers it, with its booking's ticket id), and a staff
// broadcast: one message per phone of a trip's live bookings, in each traveller's language, skipping those who
// asked for none, queued in one transaction.
import { companyWhere } from '../auth/company-scope.ts';
import type { Db, MessagesTable } from '../db/schema.ts';
import { messageLanguage, segmentCount } from '../../shared/messages.ts';
import { enqueue } from './outbox.repository.ts';

type Row = MessagesTable & { ticketId: string | null };

export function messageDocument(row: Row) {
  return {
    _id: row.id,
    kind: row.kind,
    phone: row.phone,
    language: row.language,
    text: row.text,
    segments: Number(row.segments),
    bookingId: row.bookingId,
    ticketId: row.ticketId,
    tripId: row.tripId,
    status: row.status,
    tries: Number(row.tries),
    nextTryAt: row.next_try_at,
    providerId: row.provider_id,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    deliveredAt: row.delivered_at,
    createdBy: row.created_by,
  };
}

const withTicket = (db: Db) =>
  db
    .selectFrom('messages')
    .leftJoin('bookings', 'bookings.id', 'messages.bookingId')
    .selectAll('messages')
    .select('bookings.ticketId');

export async function findMessage(db: Db, id: string) {
  const row = await withTicket(db).where('messages.id', '=', id).executeTakeFirst();
  return row && messageDocument(row as Row);
}

export interface MessageFilters {
  _start: number;
  _end: number;
  status?: string;
  kind?: string;
  phone?: string;
  ticketId?: string;
  tripId?: string;
  bookingId?: string;
  failedFirst?: boolean;
  /** Company staff: their company's messages alone (server/auth/company-scope.ts). */
  companyId?: string;
}

export async function listMessages(db: Db, filters: MessageFilters) {
  let query = withTicket(db);
  if (filters.status) query = query.where('messages.status', '=', filters.status);
  if (filters.kind) query = query.where('messages.kind', '=', filters.kind);
  if (filters.phone)
    query = query.where('messages.phone', 'like', `%${filters.phone.replace(/\D/g, '').replace(/^0/, '')}%`);
  if (filters.ticketId) query = query.where('bookings.ticketId', '=', filters.ticketId);
  if (filters.tripId) query = query.where('messages.tripId', '=', filters.tripId);
  if (filters.bookingId) query = query.where('messages.bookingId', '=', filters.bookingId);
  if (filters.companyId) query = query.where(companyWhere(db, 'message', filters.companyId, 'messages'));
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  let ordered = query;
  if (filters.failedFirst)
    ordered = ordered.orderBy((eb) => eb.case().when('messages.status', '=', 'failed').then(0).else(1).end());
  const size = Math.max(0, Math.min(filters._end - filters._start, 200));
  const rows = await ordered
    .orderBy('messages.created_at', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(size)
    .offset(filters._start)
    .execute();
  return { rows: rows.map((row) => messageDocument(row as Row)), total: Number(counted?.count ?? 0) };
}

export type BroadcastOutcome =
  { phones: number; segments: number; queued: number } | { refused: 'NOT_FOUND' | 'CANCELLED' };

/** Queues staff's words to every passenger of a trip (or, with dryRun, only counts phones and segments). */
export async function broadcast(
  db: Db,
  body: { tripId: string; text_en: string; text_ar: string; dryRun?: boolean },
  actor: { userId: string | null },
  now: Date,
): Promise<BroadcastOutcome> {
  return db.transaction().execute(async (trx) => {
    const trip = await trx
      .selectFrom('trips')
      .select(['id', 'isCancelled'])
      .where('id', '=', body.tripId)
      .executeTakeFirst();
    if (!trip) return { refused: 'NOT_FOUND' } as const;
    if (Number(trip.isCancelled)) return { refused: 'CANCELLED' } as const;
    const bookings = await trx
      .selectFrom('bookings')
      .select(['id', 'phone', 'language'])
      .where('tripId', '=', body.tripId)
      .where('isCancelled', '=', 0)
      .where('messagesOptOut', '=', 0)
      .orderBy('bookingDate')
      .execute();
    const byPhone = new Map<string, (typeof bookings)[number]>();
    for (const booking of bookings) if (!byPhone.has(booking.phone)) byPhone.set(booking.phone, booking);
    let segments = 0;
    let queued = 0;
    for (const booking of byPhone.values()) {
      const language = messageLanguage(booking.language);
      const text = language === 'ar' ? body.text_ar : body.text_en;
      segments += segmentCount(text);
      if (body.dryRun) continue;
      const done = await enqueue(
        trx,
        {
          kind: 'broadcast',
          phone: booking.phone,
          language,
          text,
          bookingId: booking.id,
          tripId: trip.id,
          createdBy: actor.userId,
        },
        now,
      );
      if (done) queued++;
    }
    return { phones: byPhone.size, segments, queued };
  });
}

/**
 * A traveller's choice about reminders and staff's messages to a trip (tickets and payment news always go),
 * for the booking under this ticket id and phone; false when none matches. Reminders already queued stay.
 */
export async function setOptOut(db: Db, ticketId: string, phone: string, optOut: boolean) {
  const result = await db
    .updateTable('bookings')
    .set({ messagesOptOut: optOut ? 1 : 0 })
    .where('ticketId', '=', ticketId)
    .where('phone', '=', phone)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether each of these bookings' travellers opted out of reminders and messages to the trip. */
export async function optOutsOf(db: Db, ids: string[]): Promise<Map<string, boolean>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('bookings')
    .select(['id', 'messagesOptOut'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, Boolean(Number(row.messagesOptOut ?? 0))]));
}
