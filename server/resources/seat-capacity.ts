// A bus may not shrink below a seat already sold on one of its trips that has not departed, and a trip may
// not move to a bus too small for its sold seats: the sold seat would be left outside the bus. Checked in the
// update's transaction with the bus or trip locked (sales share-lock both), so no sale slips in between.
// A trip's create and edit also keep its bus on one trip at a time (trips/bus-conflicts.ts), and an edit marks
// the trip as made by hand for its timetable.
import {
  COMPANY_ACCOUNT_MESSAGES,
  type CompanyAccount,
  companyAccountProblem,
} from '../../shared/payment-instructions.ts';
import { assertBusFree } from './trips/bus-conflicts.ts';
import type { Db } from '../db/schema.ts';
import type { ResourceName } from '../../shared/registry/index.ts';
import { hasDeparted } from '../../shared/rules.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { assertBookingsKeepRoute, assertRoute, renameStopPartners } from './trips/route-rules.ts';
import { routeOf } from './trips/segments.ts';
import type { TripFare, TripStop } from '../../shared/segments.ts';

/** The highest seat sold on each live trip matching `where`, with the trip's date and boarding time. */
async function highestSoldSeats(db: Db, where: { busId?: string; tripId?: string }) {
  let query = db
    .selectFrom('booking_seats')
    .innerJoin('trips', 'trips.id', 'booking_seats.tripId')
    .select(['trips.id as tripId', 'trips.trip_date', 'trips.trip_boarding_time'])
    .select((eb) => eb.fn.max('booking_seats.seat').as('highest'))
    .where('trips.isCancelled', '=', 0)
    .groupBy(['trips.id', 'trips.trip_date', 'trips.trip_boarding_time']);
  if (where.busId) query = query.where('trips.busId', '=', where.busId);
  if (where.tripId) query = query.where('trips.id', '=', where.tripId);
  const rows = await query.execute();
  return rows
    .filter((row) => !hasDeparted(row.trip_date, row.trip_boarding_time))
    .map((row) => ({ ...row, highest: Number(row.highest) }));
}

function tooSmall(seats: number, sold: { highest: number; trip_date: string; trip_boarding_time: string }) {
  return conflict(
    `Seat ${sold.highest} is sold on the trip of ${sold.trip_date} at ${sold.trip_boarding_time}, which has not departed: ` +
      `the bus cannot have fewer than ${sold.highest} seats (asked: ${seats}).`,
    { code: 'SEATS_SOLD_BEYOND', highestSeat: sold.highest, seats },
  );
}

export async function assertBusKeepsSoldSeats(db: Db, busId: string, seats: number) {
  const beyond = (await highestSoldSeats(db, { busId })).find((sold) => sold.highest > seats);
  if (beyond) throw tooSmall(seats, beyond);
}

export async function assertTripFitsBus(db: Db, tripId: string, busId: string) {
  const bus = await db
    .selectFrom('buses')
    .select('bus_number_of_seats')
    .where('id', '=', busId)
    .executeTakeFirst();
  if (!bus) return; // the reference check answers that
  const seats = Number(bus.bus_number_of_seats);
  const [sold] = await highestSoldSeats(db, { tripId });
  if (sold && sold.highest > seats) throw tooSmall(seats, sold);
}

/**
 * Bookings on `trips` that are still a company's business: live (seats held, money taken or awaited), or
 * cancelled with a refund still owed. A company's desk finds its bookings through their trip's bus.
 */
async function companyBusiness(db: Db, where: { busId: string } | { tripId: string }) {
  const trips = db
    .selectFrom('trips')
    .select('id')
    .$if('busId' in where, (q) => q.where('busId', '=', (where as { busId: string }).busId))
    .$if('tripId' in where, (q) => q.where('id', '=', (where as { tripId: string }).tripId));
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tripId', 'in', trips)
    .where((eb) =>
      eb.or([eb('isCancelled', '=', 0), eb.and([eb('refundDue', '>', 0), eb('refundPaidAt', 'is', null)])]),
    )
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The company whose bus it is (null for a bus of none). */
export const companyOfBus = async (db: Db, busId: string) =>
  (await db.selectFrom('buses').select('bus_owner_companyId').where('id', '=', busId).executeTakeFirst())
    ?.bus_owner_companyId ?? null;

/**
 * A bus keeps its company while bookings sold for that company ride on it or are owed a refund: its desk, its
 * money and its travellers' data go with the bus (409 BUS_HAS_BOOKINGS; move those trips to another of the
 * company's buses first).
 */
async function assertBusKeepsCompany(db: Db, busId: string, companyId: unknown) {
  if (companyId === undefined || (companyId ?? null) === (await companyOfBus(db, busId))) return;
  const bookings = await companyBusiness(db, { busId });
  if (bookings > 0)
    throw conflict(
      `This bus carries ${bookings} bookings sold for its company (live, or owed a refund): it changes company once they are on another of that company's buses or settled.`,
      { code: 'BUS_HAS_BOOKINGS', bookings },
    );
}

/** A trip with bookings moves to a bus of the same company only (409 OTHER_COMPANY_BUS). */
async function assertTripKeepsCompany(db: Db, tripId: string, busId: string) {
  const trip = await db.selectFrom('trips').select('busId').where('id', '=', tripId).executeTakeFirst();
  if (!trip || trip.busId === busId) return;
  if ((await companyOfBus(db, trip.busId)) === (await companyOfBus(db, busId))) return;
  const bookings = await companyBusiness(db, { tripId });
  if (bookings > 0)
    throw conflict(
      `This trip has ${bookings} bookings sold for its bus's company (live, or owed a refund): it moves to that company's buses only.`,
      { code: 'OTHER_COMPANY_BUS', bookings },
    );
}

/** A company's own payment account (issue 24): well formed, or blank. */
async function assertCompanyAccount(_db: Db, body: Body) {
  const problem = companyAccountProblem(body as CompanyAccount);
  if (!problem) return;
  const field = problem === 'bankak' ? 'company_bankak_account' : 'company_wallets';
  throw badRequest(COMPANY_ACCOUNT_MESSAGES[problem], { [field]: COMPANY_ACCOUNT_MESSAGES[problem] });
}

/** Rules a resource's update must pass, run in its transaction with its row locked. */
export const updateRules: Partial<Record<ResourceName, (db: Db, id: string, body: Body) => Promise<void>>> = {
  companies: (db, _id, body) => assertCompanyAccount(db, body),
  origins: (db, id, body) => renameStopPartners(db, 'origins', id, body),
  destinations: (db, id, body) => renameStopPartners(db, 'destinations', id, body),
  buses: async (db, id, body) => {
    if (typeof body.bus_number_of_seats === 'number')
      await assertBusKeepsSoldSeats(db, id, body.bus_number_of_seats);
    await assertBusKeepsCompany(db, id, body.bus_owner_companyId);
  },
  trips: async (db, id, body) => {
    if (typeof body.busId === 'string') {
      await assertTripFitsBus(db, id, body.busId);
      await assertTripKeepsCompany(db, id, body.busId);
    }
    const trip = await db.selectFrom('trips').selectAll().where('id', '=', id).executeTakeFirst();
    if (trip) await assertBusFree(db, { ...trip, ...body }, id);
    if (trip) {
      // The route as it would be: what the body changes over what the trip has.
      const current = routeOf(trip);
      const next = {
        originId: (body.trip_originId as string | undefined) ?? trip.trip_originId,
        destinationId: (body.trip_destinationId as string | undefined) ?? trip.trip_destinationId,
        stops: (body.trip_stops as TripStop[] | undefined) ?? current.stops,
        fares: (body.trip_fares as TripFare[] | undefined) ?? current.fares,
      };
      await assertRoute(db, next);
      await assertBookingsKeepRoute(db, id, next);
    }
    // Edited by hand: its timetable's later edits leave it as staff made it.
    await db.updateTable('trips').set({ editedByHand: 1 }).where('id', '=', id).execute();
  },
};

/** Rules a resource's create must pass. */
export const createRules: Partial<Record<ResourceName, (db: Db, body: Body) => Promise<void>>> = {
  companies: assertCompanyAccount,
  trips: async (db, body) => {
    await assertBusFree(db, body);
    await assertRoute(db, {
      originId: body.trip_originId as string,
      destinationId: body.trip_destinationId as string,
      stops: (body.trip_stops as TripStop[] | undefined) ?? [],
      fares: (body.trip_fares as TripFare[] | undefined) ?? [],
    });
  },
};

type Body = Record<string, unknown>;
