// A trip's travellers as the bus door and the checkpoints need them, the scans conductors sync, the no-shows
// marked after departure and the ID numbers erased after ID_RETENTION_DAYS.
import { createHash } from 'node:crypto';
import { type SeatTraveller, type Verdict } from '../../../shared/boarding.ts';
import { departureInstant, khartoumToday } from '../../../shared/rules.ts';
import type { Db } from '../../db/schema.ts';
import { travellersOf } from './travellers.ts';

/** Scans that board a ticket (the earliest of them is its boarding). */
export const BOARDING = ['valid', 'already_boarded'];

export interface TripTraveller {
  bookingId: string;
  ticketId: string;
  seats: number[];
  phone: string;
  bookerName: string;
  paymentStatus: string;
  /** How a paid booking was verified (review, import or counter). */
  verifiedVia: string | null;
  isCancelled: boolean;
  noShow: boolean;
  /** Its stops (issue 23): indexes, 0 = the trip's origin … n + 1 = its destination. */
  boardingStop: number;
  alightingStop: number;
  travellers: SeatTraveller[];
  /** Every boarding scan of the ticket, earliest first (two devices may both have boarded it). */
  boardings: { scannedAt: string; deviceId: string }[];
}

export async function tripRow(db: Db, tripId: string) {
  return db.selectFrom('trips').selectAll().where('id', '=', tripId).executeTakeFirst();
}

/** Every booking of a trip with its travellers and boardings, by first seat. */
export async function tripTravellers(db: Db, tripId: string): Promise<TripTraveller[]> {
  const rows = await db
    .selectFrom('bookings')
    .select([
      'id',
      'ticketId',
      'seats',
      'phone',
      'first_name',
      'last_name',
      'paymentStatus',
      'verifiedVia',
      'isCancelled',
      'noShow',
      'boardingStop',
      'alightingStop',
    ])
    .where('tripId', '=', tripId)
    .execute();
  const travellers = await travellersOf(
    db,
    rows.map((row) => row.id),
  );
  const scans = await db
    .selectFrom('scans')
    .select(['bookingId', 'scannedAt', 'deviceId'])
    .where('tripId', '=', tripId)
    .where('verdict', 'in', BOARDING)
    .orderBy('scannedAt')
    .orderBy('receivedAt')
    .orderBy('id')
    .execute();
  return rows
    .map((row) => ({
      bookingId: row.id,
      ticketId: row.ticketId,
      seats: JSON.parse(row.seats) as number[],
      phone: row.phone,
      bookerName: `${row.first_name} ${row.last_name}`,
      paymentStatus: row.paymentStatus,
      verifiedVia: row.verifiedVia ?? null,
      isCancelled: Boolean(Number(row.isCancelled)),
      noShow: Boolean(Number(row.noShow)),
      boardingStop: Number(row.boardingStop ?? 0),
      alightingStop: Number(row.alightingStop ?? 1),
      travellers: travellers.get(row.id) ?? [],
      boardings: scans
        .filter((scan) => scan.bookingId === row.id)
        .map((scan) => ({ scannedAt: scan.scannedAt, deviceId: scan.deviceId })),
    }))
    .sort((a, b) => Math.min(...a.seats) - Math.min(...b.seats));
}

export interface ScanRecord {
  tripId: string;
  ticketId: string | null;
  bookingId: string | null;
  deviceId: string;
  scannedAt: string;
  verdict: Verdict;
  staffId: string;
}

/** The same scan (ticket, device, the time the phone gave it) synced twice is one row. */
export const scanId = (scan: Pick<ScanRecord, 'ticketId' | 'deviceId' | 'scannedAt' | 'tripId'>) =>
  createHash('sha256')
    .update(`${scan.tripId}|${scan.ticketId}|${scan.deviceId}|${scan.scannedAt}`)
    .digest('hex');

/**
 * Keeps a scan once, under `id` (scanId of the scan as the phone sent it; its stored time may have been
 * bounded since). The same scan sent again (a batch whose answer was lost) keeps its time and who sent it; a
 * verdict that did not board (unpaid, at another stop) takes the one judged now, so a proof verified in
 * between boards the traveller. A scan that boarded stays boarded: the traveller is on the bus.
 */
export async function keepScan(db: Db, id: string, scan: ScanRecord, receivedAt: Date): Promise<void> {
  await db
    .insertInto('scans')
    .values({ id, ...scan, receivedAt: receivedAt.toISOString() })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          verdict: eb.ref('excluded.verdict'),
          bookingId: eb.ref('excluded.bookingId'),
        }))
        .where('scans.verdict', 'not in', BOARDING),
    )
    .execute();
}

/** The earliest boarding scan of a booking (the one that boarded it), if any. */
export async function firstBoarding(db: Db, bookingId: string) {
  return db
    .selectFrom('scans')
    .select(['id', 'scannedAt', 'deviceId'])
    .where('bookingId', '=', bookingId)
    .where('verdict', 'in', BOARDING)
    .orderBy('scannedAt')
    .orderBy('receivedAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Whether a booking was boarded by a scan other than `scanId` (the traveller is on the bus already). */
export async function boardedBefore(db: Db, bookingId: string, scanId: string): Promise<boolean> {
  const row = await db
    .selectFrom('scans')
    .select('id')
    .where('bookingId', '=', bookingId)
    .where('verdict', 'in', BOARDING)
    .where('id', '<>', scanId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function bookingByTicket(db: Db, ticketId: string) {
  return db
    .selectFrom('bookings')
    .select([
      'id',
      'tripId',
      'ticketId',
      'seats',
      'paymentStatus',
      'isCancelled',
      'boardingStop',
      'alightingStop',
    ])
    .where('ticketId', '=', ticketId)
    .executeTakeFirst();
}

/**
 * Marks as no-shows the live bookings not boarded on trips that departed more than `graceMinutes` ago (and
 * not yet closed), then closes those trips. Answers how many trips it closed.
 */
export async function closeDepartedTrips(db: Db, now: Date, graceMinutes: number): Promise<number> {
  const today = khartoumToday(now);
  const yesterday = khartoumToday(new Date(now.getTime() - 2 * 86_400_000));
  const candidates = await db
    .selectFrom('trips')
    .leftJoin('trip_closures', 'trip_closures.tripId', 'trips.id')
    .select(['trips.id', 'trips.trip_date', 'trips.trip_boarding_time'])
    .where('trips.trip_date', '>=', yesterday)
    .where('trips.trip_date', '<=', today)
    .where('trip_closures.tripId', 'is', null)
    .execute();
  const due = candidates.filter(
    (trip) =>
      departureInstant(trip.trip_date, trip.trip_boarding_time).getTime() + graceMinutes * 60_000 <=
      now.getTime(),
  );
  for (const trip of due) {
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('trip_closures')
        .values({ tripId: trip.id, closedAt: now.toISOString() })
        .onConflict((oc) => oc.column('tripId').doNothing())
        .executeTakeFirst();
      if (!Number(inserted.numInsertedOrUpdatedRows ?? 0)) return; // another node closed it
      await trx
        .updateTable('bookings')
        .set({ noShow: 1 })
        .where('tripId', '=', trip.id)
        .where('isCancelled', '=', 0)
        .where('noShow', '=', 0)
        // A cancelled trip's traveller still choosing did not miss the bus (the refund job looks after them).
        .where((eb) => eb.or([eb('disruptionState', 'is', null), eb('disruptionState', '!=', 'waiting')]))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('scans')
                .select('scans.id')
                .whereRef('scans.bookingId', '=', 'bookings.id')
                .where('scans.verdict', 'in', BOARDING),
            ),
          ),
        )
        .execute();
    });
  }
  return due.length;
}

export async function isClosed(db: Db, tripId: string): Promise<boolean> {
  return !!(await db
    .selectFrom('trip_closures')
    .select('tripId')
    .where('tripId', '=', tripId)
    .executeTakeFirst());
}

/**
 * Erases the ID numbers of travellers on trips dated before `cutoff` (YYYY-MM-DD), and of bookings whose trip
 * no longer exists (deleted once its bookings were cancelled: nobody travels on it, and its date is gone);
 * answers how many. It starts from the travellers who still have an ID (a partial index holds them: migration
 * 2026-11-28-100) and keeps those whose trip is still to come: asked the other way round, "which bookings are
 * old", it read every booking of the year each hour, even with no ID left to erase.
 */
export async function eraseOldIdNumbers(db: Db, cutoff: string): Promise<number> {
  const result = await oldIdNumbers(db, cutoff).executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

/** The sweep's statement (its plan is tested: it must start from the travellers with an ID). */
export function oldIdNumbers(db: Db, cutoff: string) {
  return db
    .updateTable('booking_passengers')
    .set({ idNumber: null })
    .where('idNumber', 'is not', null)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('bookings')
            .innerJoin('trips', 'trips.id', 'bookings.tripId')
            .select('bookings.id')
            .whereRef('bookings.id', '=', 'booking_passengers.bookingId')
            .where('trips.trip_date', '>=', cutoff),
        ),
      ),
    );
}
