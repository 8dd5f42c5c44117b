// A bus is on one trip at a time: no two live trips of a bus leave on the same date at the same boarding time
// (routes have no duration yet, so the same departure is the overlap we can see). Checked when staff create or
// edit a trip or a timetable; a timetable's job skips a date whose bus is taken rather than double-book it.
import type { Db } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';

export interface BusyTrip {
  _id: string;
  trip_date: string;
  trip_boarding_time: string;
}

/** The bus's live trips at `time` on any of `dates`, other than those `except` names. */
export async function busyTrips(
  db: Db,
  busId: string,
  time: string,
  dates: readonly string[],
  except: { tripId?: string; timetableId?: string } = {},
): Promise<BusyTrip[]> {
  if (!dates.length) return [];
  let query = db
    .selectFrom('trips')
    .select(['id', 'trip_date', 'trip_boarding_time'])
    .where('busId', '=', busId)
    .where('trip_boarding_time', '=', time)
    .where('isCancelled', '=', 0)
    .orderBy('trip_date');
  // Long lists as a range and a filter here: an IN of a year of dates is slow on SQLite and long on PG.
  query =
    dates.length > 50
      ? query.where('trip_date', '>=', dates[0]).where('trip_date', '<=', dates[dates.length - 1])
      : query.where('trip_date', 'in', dates);
  if (except.tripId) query = query.where('id', '<>', except.tripId);
  if (except.timetableId)
    query = query.where((eb) =>
      eb.or([eb('timetableId', 'is', null), eb('timetableId', '<>', except.timetableId)]),
    );
  const wanted = new Set(dates);
  const rows = await query.execute();
  return rows
    .filter((row) => wanted.has(row.trip_date))
    .map((row) => ({ _id: row.id, trip_date: row.trip_date, trip_boarding_time: row.trip_boarding_time }));
}

/** 409 BUS_BUSY naming the other trip. */
export function busBusy(other: BusyTrip) {
  return conflict(
    `This bus already has a trip on ${other.trip_date} at ${other.trip_boarding_time} (trip ${other._id}).`,
    {
      code: 'BUS_BUSY',
      tripId: other._id,
      trip_date: other.trip_date,
      trip_boarding_time: other.trip_boarding_time,
    },
  );
}

/** A hand-made trip's create or edit: refused when its bus is already on another trip at that time. */
export async function assertBusFree(
  db: Db,
  trip: { busId?: unknown; trip_date?: unknown; trip_boarding_time?: unknown },
  tripId?: string,
) {
  if (typeof trip.busId !== 'string' || typeof trip.trip_date !== 'string') return;
  if (typeof trip.trip_boarding_time !== 'string') return;
  const [other] = await busyTrips(db, trip.busId, trip.trip_boarding_time, [trip.trip_date], { tripId });
  if (other) throw busBusy(other);
}
