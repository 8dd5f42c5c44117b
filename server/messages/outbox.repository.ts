// The outbox's rows. A message is written by `enqueue` inside the transaction of the event that causes it (a
// rolled-back sale queues nothing), at most once per event (its dedupe key is unique), and sent by whichever
// node claims it: a claim marks it `sending` with a lease (its next_try_at); a node that dies mid-send loses
// nothing, because a lease that runs out makes the message due again. PostgreSQL's FOR UPDATE SKIP LOCKED lets
// nodes claim side by side; SQLite has one writer, so its transaction alone is enough.
import {
  internationalPhone,
  MAX_TRIES,
  MESSAGES_PER_PHONE_PER_HOUR,
  type MessageKind,
  type MessageLanguage,
  RETRY_MINUTES,
  segmentCount,
} from '../../shared/messages.ts';
import { newId } from '../db/ids.ts';
import { isPostgres } from '../db/locks.ts';
import type { Db, MessagesTable } from '../db/schema.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface NewMessage {
  kind: MessageKind;
  phone: string;
  language: MessageLanguage;
  text: string;
  bookingId?: string | null;
  tripId?: string | null;
  /** One message per event (`ticket:<bookingId>`); none for what may be sent again (a broadcast's copies). */
  dedupeKey?: string | null;
  /** The staff member whose action caused it (a broadcast, a resend). */
  createdBy?: string | null;
  /** Not sent before this (an unpaid online booking's ticket waits: UNPAID_TICKET_TEXT_DELAY_MINUTES); now when absent. */
  sendAt?: Date;
}

/**
 * Queues a message (call with the event's transaction). Answers false when its phone is no Sudanese mobile or
 * the same event already queued one.
 */
export async function enqueue(trx: Db, message: NewMessage, now: Date): Promise<boolean> {
  return (await enqueueMany(trx, [message], now)) === 1;
}

/** A queued message's row: what is not known yet (claim, provider, error, times of sending) is left to NULL. */
export type QueuedRow = Omit<
  MessagesTable,
  'claimed_by' | 'provider_id' | 'last_error' | 'sent_at' | 'delivered_at' | 'failed_at'
>;

/** The outbox rows of these messages, as queued now (none for a phone that is no Sudanese mobile). */
export function messageRows(messages: NewMessage[], now: Date): QueuedRow[] {
  return messages.flatMap((message) => {
    const phone = internationalPhone(message.phone);
    if (!phone) return [];
    return [
      {
        id: newId(),
        kind: message.kind,
        dedupe_key: message.dedupeKey ?? null,
        phone,
        language: message.language,
        text: message.text,
        segments: segmentCount(message.text),
        bookingId: message.bookingId ?? null,
        tripId: message.tripId ?? null,
        status: 'queued',
        tries: 0,
        next_try_at: (message.sendAt ?? now).toISOString(),
        created_at: now.toISOString(),
        created_by: message.createdBy ?? null,
      },
    ];
  });
}

/** Queues messages in as few statements as it can (a trip's passengers at once); answers how many were new. */
export async function enqueueMany(trx: Db, messages: NewMessage[], now: Date): Promise<number> {
  const rows = messageRows(messages, now);
  let queued = 0;
  // 14 columns a row: 200 rows stay far under either database's limit on parameters.
  for (let i = 0; i < rows.length; i += 200) {
    const result = await trx
      .insertInto('messages')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .executeTakeFirst();
    queued += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return queued;
}

export type Claimed = Pick<MessagesTable, 'id' | 'phone' | 'text' | 'tries' | 'kind'>;

/**
 * Of these due messages, those whose booking no longer calls for them: a reminder or a ticket of a cancelled
 * booking, a "hold expiring" of a booking cancelled or paid since, a ticket that a newer ticket of the same
 * booking replaces (a change of day sends the booking's ticket again). Decided at the claim, the one place every
 * message passes, so whatever cancelled, paid or changed the booking (a traveller, staff, the expiry sweep, a
 * disruption) is covered. So a loop of changes, or of bookings made and cancelled, to one phone costs at most
 * what reaches the gateway before the next claim, within the phone's hourly share: nothing waits to be sent later.
 */
async function outdated(
  trx: Db,
  rows: { id: string; kind: string; bookingId: string | null; created_at: string }[],
) {
  const conditional = rows.filter((row) => row.bookingId && CONDITIONAL_KINDS.has(row.kind));
  if (!conditional.length) return new Set<string>();
  const bookingIds = [...new Set(conditional.map((row) => row.bookingId!))];
  const bookings = await trx
    .selectFrom('bookings')
    .select(['id', 'isCancelled', 'paymentStatus'])
    .where('id', 'in', bookingIds)
    .execute();
  const byId = new Map(bookings.map((booking) => [booking.id, booking]));
  const tickets = conditional.filter((row) => row.kind === 'ticket');
  const newestTicket = new Map<string, string>();
  if (tickets.length)
    for (const row of await trx
      .selectFrom('messages')
      .select(['bookingId', (eb) => eb.fn.max('created_at').as('newest')])
      .where('kind', '=', 'ticket')
      .where('status', '<>', 'cancelled')
      .where('bookingId', 'in', [...new Set(tickets.map((ticket) => ticket.bookingId!))])
      .groupBy('bookingId')
      .execute())
      newestTicket.set(row.bookingId!, String(row.newest));
  return new Set(
    conditional
      .filter((row) => {
        const booking = byId.get(row.bookingId!);
        if (!booking || Number(booking.isCancelled)) return true;
        if (row.kind === 'ticket') return row.created_at < (newestTicket.get(row.bookingId!) ?? '');
        return row.kind === 'hold_expiring' && booking.paymentStatus === 'verified';
      })
      .map((row) => row.id),
  );
}

/** Whether this message no longer means anything (outdated): staff sending it again would have it dropped. */
export async function isOutdated(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select(['id', 'kind', 'bookingId', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return !!row && (await outdated(db, [row])).has(id);
}

/** The kinds a booking's later state can make pointless (outdated). */
const CONDITIONAL_KINDS = new Set(['reminder', 'hold_expiring', 'ticket']);

/**
 * Claims up to `limit` due messages for `node` until `now + leaseMs`. A phone that was sent its hourly share
 * waits: its messages are put off until an hour after the oldest of them, without counting a try.
 */
export async function claimDue(
  db: Db,
  node: string,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<Claimed[]> {
  return db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom('messages')
      .select(['id', 'phone', 'text', 'tries', 'kind', 'bookingId', 'created_at'])
      .where('status', 'in', ['queued', 'sending'])
      .where('next_try_at', '<=', now.toISOString())
      .orderBy('next_try_at')
      .limit(limit);
    if (isPostgres(trx)) due = due.forUpdate().skipLocked();
    const rows = await due.execute();
    if (!rows.length) return [];
    const cancelled = await outdated(trx, rows);
    if (cancelled.size)
      await trx
        .updateTable('messages')
        .set({ status: 'cancelled', claimed_by: null })
        .where('id', 'in', [...cancelled])
        .execute();
    const hourAgo = new Date(now.getTime() - HOUR).toISOString();
    const phones = [...new Set(rows.map((row) => row.phone))];
    const recent = await trx
      .selectFrom('messages')
      .select(['phone', 'sent_at'])
      .where('phone', 'in', phones)
      .where('sent_at', '>', hourAgo)
      .orderBy('sent_at')
      .execute();
    const sentTo = new Map<string, string[]>();
    for (const row of recent) sentTo.set(row.phone, [...(sentTo.get(row.phone) ?? []), row.sent_at!]);
    const claimed: Claimed[] = [];
    for (const { bookingId: _, created_at: __, ...row } of rows) {
      if (cancelled.has(row.id)) continue;
      const sent = sentTo.get(row.phone) ?? [];
      if (sent.length >= MESSAGES_PER_PHONE_PER_HOUR) {
        const later = new Date(Date.parse(sent[sent.length - MESSAGES_PER_PHONE_PER_HOUR]) + HOUR);
        await trx
          .updateTable('messages')
          .set({ status: 'queued', next_try_at: later.toISOString(), claimed_by: null })
          .where('id', '=', row.id)
          .execute();
        continue;
      }
      // Counted as sent from the claim on, so one batch cannot pass the share either.
      sentTo.set(row.phone, [...sent, now.toISOString()]);
      claimed.push({ ...row, tries: row.tries + 1 });
    }
    if (claimed.length)
      await trx
        .updateTable('messages')
        .set((eb) => ({
          status: 'sending',
          claimed_by: node,
          tries: eb('tries', '+', 1),
          next_try_at: new Date(now.getTime() + leaseMs).toISOString(),
        }))
        .where(
          'id',
          'in',
          claimed.map((row) => row.id),
        )
        .execute();
    return claimed;
  });
}

export type SendOutcome = { sent: true; providerId?: string | null } | { retry: string } | { fail: string };

/** Records what the gateway said of a claimed message: sent, to try again later, or failed for good. */
export async function recordOutcome(db: Db, message: Claimed, node: string, outcome: SendOutcome, now: Date) {
  if ('sent' in outcome) {
    // Sent is the truth whoever claimed it last (the gateway knows the message by its id).
    await db
      .updateTable('messages')
      .set({
        status: 'sent',
        sent_at: now.toISOString(),
        provider_id: outcome.providerId ?? null,
        last_error: null,
        claimed_by: null,
      })
      .where('id', '=', message.id)
      .where('status', 'in', ['sending', 'queued'])
      .execute();
    return;
  }
  const error = 'retry' in outcome ? outcome.retry : outcome.fail;
  const last = 'fail' in outcome || message.tries >= MAX_TRIES;
  const wait = RETRY_MINUTES[Math.min(message.tries, RETRY_MINUTES.length) - 1] ?? RETRY_MINUTES[0];
  await db
    .updateTable('messages')
    .set({
      status: last ? 'failed' : 'queued',
      failed_at: last ? now.toISOString() : null,
      next_try_at: new Date(now.getTime() + wait * MINUTE).toISOString(),
      last_error: error.slice(0, 500),
      claimed_by: null,
    })
    .where('id', '=', message.id)
    .where('status', '=', 'sending')
    .where('claimed_by', '=', node)
    .execute();
}

/** A delivery report from the gateway, by our id or the provider's. */
export async function recordDelivery(
  db: Db,
  report: { id: string; status: 'delivered' | 'failed'; error?: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set(
      report.status === 'delivered'
        ? { status: 'delivered', delivered_at: now.toISOString() }
        : {
            status: 'failed',
            failed_at: now.toISOString(),
            last_error: (report.error ?? 'not delivered').slice(0, 500),
          },
    )
    .where((eb) => eb.or([eb('id', '=', report.id), eb('provider_id', '=', report.id)]))
    .where('status', 'in', ['sent', 'sending'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Queues a failed or sent message again (staff's resend), as a new try from now. */
export async function requeue(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set({
      status: 'queued',
      tries: 0,
      next_try_at: now.toISOString(),
      last_error: null,
      failed_at: null,
      claimed_by: null,
    })
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'sent', 'delivered'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
