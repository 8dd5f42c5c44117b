// What a traveller is told, queued by the event that causes it inside that event's own transaction: the
// booking and its trip are read through the same transaction, so the message says what was committed with it.
import {
  type MessageFacts,
  type MessageKind,
  messageLanguage,
  messageText,
  REJECTION_WORDS,
} from '../../shared/messages.ts';
import type { QueryCreator } from 'kysely';
import type { Db, Tables } from '../db/schema.ts';
import { isPostgres } from '../db/locks.ts';
import { ticketLink } from '../../shared/settings.ts';
import {
  type MessageSettings,
  messageSettingsOf,
  OPERATOR_SETTINGS_KEY,
} from '../resources/settings/settings.repository.ts';
import {
  type CompanyAccount,
  paymentInstructionsFor,
  payToWords,
} from '../../shared/payment-instructions.ts';
import { enqueueMany, messageRows, type NewMessage, type QueuedRow } from './outbox.repository.ts';
import { minutesAt } from '../../shared/segments.ts';
import { stopTime } from '../../shared/stop-times.ts';
import { addDays } from '../../shared/rules.ts';
import { routeOf, stretchOfRow, townsOf } from '../resources/trips/segments.ts';

type TemplateKind = Exclude<MessageKind, 'broadcast' | 'access_code'>;

/** Bookings, their trips and their cities in each booking's language, as the templates need them (one query). */
async function factsOf(trx: Db, bookingIds: string[]) {
  const rows = await trx
    .selectFrom('bookings')
    .innerJoin('trips', 'trips.id', 'bookings.tripId')
    .leftJoin('origins', 'origins.id', 'trips.trip_originId')
    .leftJoin('destinations', 'destinations.id', 'trips.trip_destinationId')
    .leftJoin('disruptions', 'disruptions.id', 'bookings.disruptionId')
    // Where an unpaid booking pays: its trip's company's account, else the operator's (issue 24).
    .leftJoin('buses', 'buses.id', 'trips.busId')
    .leftJoin('companies', 'companies.id', 'buses.bus_owner_companyId')
    // The operator's settings (one row) ride along for the site's address and account: no second round trip.
    .leftJoin('app_settings', (join) => join.on('app_settings.key', '=', OPERATOR_SETTINGS_KEY))
    // Seats cancelled from a booking that kept its others are refunded under that booking's ticket id.
    .leftJoin('bookings as whole', 'whole.id', 'bookings.splitFrom')
    .select((eb) => [
      'app_settings.value as operatorSettings',
      eb.fn.coalesce('whole.ticketId', 'bookings.ticketId').as('ticketId'),
      'bookings.id',
      'disruptions.reason_en',
      'disruptions.reason_ar',
      'bookings.disruptionState',
      'bookings.phone',
      'bookings.seats',
      'bookings.language',
      'bookings.totalTicketPrice',
      'bookings.refundDue',
      'bookings.paymentStatus',
      'bookings.paymentDeadline',
      'bookings.rejectionReason',
      'trips.id as tripId',
      'trips.trip_date',
      'trips.trip_boarding_time',
      'origins.origin_city',
      'origins.origin_city_ar',
      'destinations.destination_city',
      'destinations.destination_city_ar',
      'bookings.boardingStop',
      'bookings.alightingStop',
      'trips.trip_originId',
      'trips.trip_destinationId',
      'trips.trip_stops',
      'companies.company_bankak_account',
      'companies.company_account_name',
      'companies.company_wallets',
    ])
    .where('bookings.id', 'in', bookingIds)
    .execute();
  await onTheirStretch(trx, rows);
  return rows.map((row) => factsOfRow(row, messageSettingsOf(row.operatorSettings)));
}

type StretchRow = Pick<
  BookingFactsRow,
  | 'origin_city'
  | 'origin_city_ar'
  | 'destination_city'
  | 'destination_city_ar'
  | 'trip_date'
  | 'trip_boarding_time'
> & {
  boardingStop?: number | null;
  alightingStop?: number | null;
  trip_originId: string;
  trip_destinationId: string;
  trip_stops?: string | null;
};

/**
 * A booking on part of a route with stops (issue 23) is told its own towns, and the day and time the bus
 * leaves its boarding stop, not the trip's ends: the rows are rewritten in place (one query per table).
 */
async function onTheirStretch(trx: Db, rows: StretchRow[]) {
  const partial = rows
    .map((row) => ({ row, route: routeOf(row), stretch: stretchOfRow(row) }))
    .filter(
      ({ route, stretch }) => route.stops.length && (stretch.from > 0 || stretch.to <= route.stops.length),
    );
  if (!partial.length) return;
  const towns = partial.map(({ row, stretch }) => townsOf(row, stretch));
  const originIds = [...new Set(towns.map((town) => town.origin).filter((id): id is string => !!id))];
  const destinationIds = [
    ...new Set(towns.map((town) => town.destination).filter((id): id is string => !!id)),
  ];
  const origins = new Map(
    (
      await trx
        .selectFrom('origins')
        .select(['id', 'origin_city', 'origin_city_ar'])
        .where('id', 'in', originIds)
        .execute()
    ).map((town) => [town.id, town]),
  );
  const destinations = new Map(
    (
      await trx
        .selectFrom('destinations')
        .select(['id', 'destination_city', 'destination_city_ar'])
        .where('id', 'in', destinationIds)
        .execute()
    ).map((town) => [town.id, town]),
  );
  for (const [i, { row, route, stretch }] of partial.entries()) {
    const origin = origins.get(towns[i]!.origin ?? '');
    const destination = destinations.get(towns[i]!.destination ?? '');
    if (origin)
      Object.assign(row, { origin_city: origin.origin_city, origin_city_ar: origin.origin_city_ar });
    if (destination)
      Object.assign(row, {
        destination_city: destination.destination_city,
        destination_city_ar: destination.destination_city_ar,
      });
    const at = stopTime(row.trip_boarding_time, minutesAt(route.stops, stretch.from));
    row.trip_boarding_time = at.time;
    row.trip_date = addDays(row.trip_date, at.days);
  }
}

/** What a template needs of a booking and its trip, as read (or, for a sale, as already in hand). */
export type BookingFactsRow = {
  id: string;
  ticketId: string;
  phone: string;
  seats: string;
  language?: string | null;
  totalTicketPrice: number;
  refundDue: number | null;
  paymentStatus: string;
  paymentDeadline: string | null;
  rejectionReason: string | null;
  tripId: string;
  trip_date: string;
  trip_boarding_time: string;
  origin_city: string | null;
  origin_city_ar: string | null;
  destination_city: string | null;
  destination_city_ar: string | null;
  reason_en: string | null;
  reason_ar: string | null;
  disruptionState?: string | null;
} & CompanyAccount;

function factsOfRow(row: BookingFactsRow, settings: MessageSettings) {
  const language = messageLanguage(row.language);
  const city = (en: string | null | undefined, ar: string | null | undefined) =>
    (language === 'ar' ? ar || en : en) ?? '';
  const facts: MessageFacts = {
    ticketId: row.ticketId,
    from: city(row.origin_city, row.origin_city_ar),
    to: city(row.destination_city, row.destination_city_ar),
    date: row.trip_date,
    time: row.trip_boarding_time,
    seats: JSON.parse(row.seats) as number[],
    amount: Number(row.refundDue ?? row.totalTicketPrice),
    paid: row.paymentStatus === 'verified',
    deadline: row.paymentDeadline,
    reason: row.rejectionReason
      ? (REJECTION_WORDS[row.rejectionReason] ?? REJECTION_WORDS.other)[language]
      : undefined,
    why: (language === 'ar' ? row.reason_ar : row.reason_en) ?? undefined,
    chooses: row.disruptionState === 'waiting',
    link: ticketLink(settings.siteAddress, row.ticketId),
  };
  if (!facts.paid) facts.payTo = payToWords(paymentInstructionsFor(row, settings.payment), language);
  return { bookingId: row.id, phone: row.phone, tripId: row.tripId, language, facts };
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
  options: BookingMessageOptions = {},
): Promise<boolean> {
  return (await queueBookingMessages(trx, kind, [bookingId], now, options)) === 1;
}

/** Queues the `kind` message of each of these bookings at once (a trip's passengers): how many were queued. */
export async function queueBookingMessages(
  trx: Db,
  kind: TemplateKind,
  bookingIds: string[],
  now: Date,
  options: BookingMessageOptions = {},
): Promise<number> {
  if (!bookingIds.length) return 0;
  return queueFacts(trx, kind, await factsOf(trx, bookingIds), now, options);
}

async function queueFacts(
  trx: Db,
  kind: TemplateKind,
  found: ReturnType<typeof factsOfRow>[],
  now: Date,
  options: BookingMessageOptions,
): Promise<number> {
  return enqueueMany(trx, newMessages(kind, found, options), now);
}

/** What tells one booking message from another of its kind (`event`), who caused it, and when it may leave. */
export interface BookingMessageOptions {
  event?: string;
  createdBy?: string | null;
  sendAt?: Date;
}

function newMessages(
  kind: TemplateKind,
  found: ReturnType<typeof factsOfRow>[],
  options: BookingMessageOptions,
): NewMessage[] {
  return found.map(({ bookingId, phone, tripId, language, facts }) => ({
    kind,
    phone,
    language,
    text: messageText(kind, language, facts),
    bookingId,
    tripId,
    dedupeKey: `${kind}:${bookingId}${options.event ? `:${options.event}` : ''}`,
    createdBy: options.createdBy ?? null,
    sendAt: options.sendAt,
  }));
}

/**
 * A sale's ticket message as the row to insert, from the facts the sale holds (the booking it writes, the trip
 * it locked, the cities it read): nothing is read. None for a phone that is no Sudanese mobile.
 */
export function saleTicketRow(
  row: BookingFactsRow,
  settings: MessageSettings,
  now: Date,
  sendAt = now,
): QueuedRow | undefined {
  return messageRows(newMessages('ticket', [factsOfRow(row, settings)], { sendAt }), now)[0];
}

/**
 * Runs the event's own INSERT (a sale's booking row) carrying its message's. On PostgreSQL both go in one
 * statement (a data-modifying WITH): the message costs no round trip of its own, which is most of what it
 * added to a sale on a busy machine (bench/messages.ts). SQLite, in process, runs the two in turn.
 */
export async function insertCarrying(
  trx: Db,
  message: QueuedRow | undefined,
  insert: (db: QueryCreator<Tables>) => { execute(): Promise<unknown> },
): Promise<void> {
  if (!message) {
    await insert(trx).execute();
    return;
  }
  const queue = (db: QueryCreator<Tables>) =>
    db
      .insertInto('messages')
      .values(message)
      .onConflict((oc) => oc.column('dedupe_key').doNothing());
  if (!isPostgres(trx)) {
    await insert(trx).execute();
    await queue(trx).execute();
    return;
  }
  const carrying = trx.with('queued_message', (db) => queue(db).returning('id'));
  await insert(carrying as unknown as QueryCreator<Tables>).execute();
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
  options: BookingMessageOptions = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changed = await change(trx);
    if (changed) await queueBookingMessage(trx, kind, bookingId, now, options);
    return changed;
  });
}
