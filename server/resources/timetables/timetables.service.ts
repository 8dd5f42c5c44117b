// Trips from timetables. generateTrips keeps each active timetable's trips on sale `horizonDays` ahead: it
// inserts the trips of the dates on sale and lets the unique key (timetableId, timetable_date) drop those that
// exist (INSERT … ON CONFLICT DO NOTHING, on both databases), so two nodes, a restart or a retry never make a
// trip twice. applyTimetableEdit carries a timetable's edit to its future trips that no traveller holds and
// staff did not edit by hand; the others are left as they are and listed for staff.
import { khartoumToday } from '../../../shared/rules.ts';
import { datesOnSale, type TimetableCalendar } from '../../../shared/timetables.ts';
import type { Insertable, Selectable } from 'kysely';
import type { Db, TimetablesTable, TripsTable } from '../../db/schema.ts';
import { newId } from '../../db/ids.ts';
import { busyTrips } from '../trips/bus-conflicts.ts';
import { lockRow } from '../../db/locks.ts';

type TripRow = Selectable<TripsTable>;

/** Rows per INSERT: under SQLite's limit of bound values (32,766; 11 columns a row). */
const CHUNK = 2000;

export const calendarOf = (row: TimetablesTable): TimetableCalendar => ({
  timetable_days: JSON.parse(row.timetable_days) as number[],
  timetable_from: row.timetable_from,
  timetable_until: row.timetable_until,
  timetable_dates_off: JSON.parse(row.timetable_dates_off || '[]') as string[],
});

/** Puts on sale the missing trips of every active timetable (or of one); answers how many it created. */
export async function generateTrips(db: Db, now: Date, horizonDays: number, only?: string): Promise<number> {
  let query = db.selectFrom('timetables').selectAll().where('isActive', '=', 1);
  if (only) query = query.where('id', '=', only);
  const today = khartoumToday(now);
  const timetables = await query.execute();
  if (!timetables.length) return 0;
  // The dates each already has, read at once, are skipped before the insert (the unique key still settles a race).
  let madeQuery = db
    .selectFrom('trips')
    .select(['timetableId', 'timetable_date'])
    .where('timetable_date', '>=', today);
  madeQuery = only
    ? madeQuery.where('timetableId', '=', only)
    : madeQuery.where('timetableId', 'is not', null);
  const made = new Set((await madeQuery.execute()).map((row) => `${row.timetableId}|${row.timetable_date}`));
  // Rows of several timetables go in one INSERT; what they will hold counts as taken for the next timetables.
  const pending: Insertable<TripsTable>[] = [];
  const taken = new Set<string>();
  let created = 0;
  const flush = async () => {
    if (!pending.length) return;
    const result = await db
      .insertInto('trips')
      .values(pending.splice(0))
      .onConflict((oc) => oc.columns(['timetableId', 'timetable_date']).doNothing())
      .executeTakeFirst();
    created += Number(result.numInsertedOrUpdatedRows ?? 0);
  };
  for (const timetable of timetables) {
    const dates = datesOnSale(calendarOf(timetable), today, horizonDays).filter(
      (date) => !made.has(`${timetable.id}|${date}`),
    );
    if (!dates.length) continue;
    // A date whose bus is already on another trip at that time is skipped, not double-booked.
    const slot = (date: string) => `${timetable.busId}|${timetable.timetable_boarding_time}|${date}`;
    const busy = new Set(
      (
        await busyTrips(db, timetable.busId, timetable.timetable_boarding_time, dates, {
          timetableId: timetable.id,
        })
      ).map((trip) => trip.trip_date),
    );
    for (const date of dates) {
      if (busy.has(date) || taken.has(slot(date))) continue;
      taken.add(slot(date));
      pending.push({
        id: newId(),
        busId: timetable.busId,
        trip_originId: timetable.timetable_originId,
        trip_destinationId: timetable.timetable_destinationId,
        trip_date: date,
        trip_boarding_time: timetable.timetable_boarding_time,
        trip_ticket_priceId: timetable.timetable_ticket_priceId,
        trip_stops: timetable.trip_stops ?? '[]',
        trip_fares: timetable.trip_fares ?? '[]',
        isCancelled: 0,
        timetableId: timetable.id,
        timetable_date: date,
        editedByHand: 0,
      });
      if (pending.length >= CHUNK) await flush();
    }
  }
  await flush();
  return created;
}

/** A future trip the edit did not touch because travellers hold seats on it. */
export interface KeptTrip {
  _id: string;
  trip_date: string;
  trip_boarding_time: string;
  bookings: number;
}

export interface EditOutcome {
  updated: number;
  removed: number;
  kept: KeptTrip[];
}

/**
 * Carries the timetable's new fields to its trips from today on: a trip without a live booking that staff did
 * not edit by hand takes them (or goes, when its date left the calendar); a trip with a live booking keeps
 * its old time, bus and price and is listed. Run after the timetable row is updated.
 */
export async function applyTimetableEdit(db: Db, id: string, now: Date): Promise<EditOutcome> {
  const outcome: EditOutcome = { updated: 0, removed: 0, kept: [] };
  const timetable = await db.selectFrom('timetables').selectAll().where('id', '=', id).executeTakeFirst();
  if (!timetable) return outcome;
  const today = khartoumToday(now);
  const trips = await db
    .selectFrom('trips')
    .selectAll()
    .where('timetableId', '=', id)
    .where('trip_date', '>=', today)
    .where('isCancelled', '=', 0)
    .where('editedByHand', '=', 0)
    .orderBy('trip_date')
    .execute();
  if (!trips.length) return outcome;
  // A date still on sale by the new calendar (as far ahead as the trips already go).
  const last = trips[trips.length - 1].trip_date;
  const stillOn = new Set(datesOnSale(calendarOf(timetable), today, daysBetween(today, last) + 1));
  const wanted = {
    busId: timetable.busId,
    trip_originId: timetable.timetable_originId,
    trip_destinationId: timetable.timetable_destinationId,
    trip_boarding_time: timetable.timetable_boarding_time,
    trip_ticket_priceId: timetable.timetable_ticket_priceId,
    trip_stops: timetable.trip_stops ?? '[]',
    trip_fares: timetable.trip_fares ?? '[]',
  };
  const stays = (trip: TripRow) =>
    timetable.isActive === 0 || stillOn.has(trip.timetable_date ?? trip.trip_date);
  const differs = (trip: TripRow) =>
    (Object.keys(wanted) as (keyof typeof wanted)[]).some((key) => trip[key] !== wanted[key]);
  for (const candidate of trips) {
    if (stays(candidate) && !differs(candidate)) continue;
    // Each trip is decided and written in one transaction, its row locked: a sale takes a share lock on it
    // and checks the route it sells under that lock, so a sale either lands first and is counted here (the
    // trip is kept), or waits and finds the new route. Counted outside, a sale between the count and the
    // write kept its seats on stops the trip no longer had, and the seat could be sold again.
    const result = await db.transaction().execute(async (trx) => {
      const trip = (await lockRow(trx, 'trips', candidate.id, 'update')) as TripRow | undefined;
      // Gone, cancelled or edited by hand meanwhile: no longer this edit's to carry.
      if (!trip || Number(trip.isCancelled) || Number(trip.editedByHand)) return undefined;
      const leaves = !stays(trip);
      if (!leaves && !differs(trip)) return undefined;
      const booked = await trx
        .selectFrom('bookings')
        .select([
          (eb) => eb.fn.countAll().as('all'),
          (eb) => eb.fn.sum(eb.case().when('isCancelled', '=', 0).then(1).else(0).end()).as('live'),
        ])
        .where('tripId', '=', trip.id)
        .executeTakeFirstOrThrow();
      const bookings = Number(booked.live ?? 0);
      if (bookings > 0) {
        const { id: _id, trip_date, trip_boarding_time } = trip;
        return { kept: { _id, trip_date, trip_boarding_time, bookings } };
      }
      if (leaves) {
        // A trip a cancelled booking still names (its refund, its history) is cancelled rather than deleted.
        if (Number(booked.all) > 0)
          await trx.updateTable('trips').set({ isCancelled: 1 }).where('id', '=', trip.id).execute();
        else await trx.deleteFrom('trips').where('id', '=', trip.id).execute();
        return { removed: true };
      }
      await trx.updateTable('trips').set(wanted).where('id', '=', trip.id).execute();
      return { updated: true };
    });
    if (result?.kept) outcome.kept.push(result.kept);
    if (result?.removed) outcome.removed++;
    if (result?.updated) outcome.updated++;
  }
  return outcome;
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
