// Disruptions (shared/disruptions.ts): the operator cancels or delays trips, one or a route over dates, and
// every passenger is looked after. cancelTrip and disrupt do the same thing to a trip, in one transaction per
// trip (a failure on one trip is reported and the others still happen):
// - cancel: the trip takes no more sales; an unpaid hold without a proof is released; a paid booking, or one
//   whose proof is not yet decided, keeps its seats and waits for its traveller's choice (move or refund; at
//   the trip's time the server refunds in full); each traveller is told in their language with the reason.
// - delay: the trip gets its new date or time, its bookings stay, each traveller is told the new time (the
//   ticket, drawn on demand, shows it).
// Each booking is acted on through the sales module (settleCancelledTrip), its change in the activity log under
// the staff member who made it.
import { companyWhere } from '../../auth/company-scope.ts';
import { proofUndecided } from '../../../shared/payments.ts';
import { type DisruptionAction, MAX_DISRUPTED_TRIPS } from '../../../shared/disruptions.ts';
import type { DisruptBody } from '../../../shared/contract/disruptions.ts';
import { addDays, datesFrom, departureInstant, khartoumToday } from '../../../shared/rules.ts';
import { MAX_STOP_MINUTES, minutesAt, pairsOverRoad, townKey } from '../../../shared/segments.ts';
import { type Actor, recordAudit } from '../../audit/audit.ts';
import { newId } from '../../db/ids.ts';
import { busyTrips } from './bus-conflicts.ts';
import { askedStretch, routeOf } from './segments.ts';
import { lockRow } from '../../db/locks.ts';
import { HttpError } from '../../http/errors.ts';
import type { Db, TripRow } from '../../db/schema.ts';
import { queueBookingMessages } from '../../messages/messages.service.ts';
import { settleCancelledTrip } from '../../sales/index.ts';

export type { Actor };

export interface Disruption {
  action: DisruptionAction;
  reason_en: string;
  reason_ar: string;
  newDate?: string;
  newBoardingTime?: string;
}

/** What a disruption does (or, in a dry run, would do) to one trip. */
export interface TripImpact {
  tripId: string;
  /** Its route (a closed road's trips are of several). */
  trip_originId?: string;
  trip_destinationId?: string;
  trip_date: string;
  trip_boarding_time: string;
  /** After a delay. */
  new_date?: string;
  new_boarding_time?: string;
  /** Live bookings, and of them: waiting for their traveller's choice (cancel), released (unpaid, cancel). */
  bookings: number;
  waiting: number;
  released: number;
  /** Seats of the live bookings, and the phones to tell. */
  passengers: number;
  phones: number;
  /** Paid (verified) money on the trip, and money whose proof is not yet decided (SDG). */
  paid: number;
  undecided: number;
  /** Why it was not done (the trip is already cancelled, departed…); absent when done. */
  refused?: 'ALREADY_CANCELLED' | 'DEPARTED' | 'NOT_FOUND' | 'FAILED' | 'NOT_LATER' | 'BUS_BUSY';
}

interface LiveBooking {
  id: string;
  phone: string;
  seats: string;
  paymentStatus: string;
  bankakScreenshot: string | null;
  totalTicketPrice: number;
}

/** A booking of a cancelled trip that keeps its seats while its traveller chooses: paid, or a proof to decide. */
const chooses = (booking: LiveBooking) => booking.paymentStatus === 'verified' || proofUndecided(booking);

function impactOf(trip: TripRow, live: LiveBooking[], disruption: Disruption): TripImpact {
  const waiting = disruption.action === 'cancel' ? live.filter(chooses).length : 0;
  return {
    tripId: trip.id,
    trip_originId: trip.trip_originId,
    trip_destinationId: trip.trip_destinationId,
    trip_date: trip.trip_date,
    trip_boarding_time: trip.trip_boarding_time,
    ...(disruption.action === 'delay'
      ? {
          new_date: disruption.newDate ?? trip.trip_date,
          new_boarding_time: disruption.newBoardingTime ?? trip.trip_boarding_time,
        }
      : {}),
    bookings: live.length,
    waiting,
    released: disruption.action === 'cancel' ? live.length - waiting : 0,
    passengers: live.reduce((sum, booking) => sum + (JSON.parse(booking.seats) as number[]).length, 0),
    phones: new Set(live.map((booking) => booking.phone)).size,
    paid: live
      .filter((booking) => booking.paymentStatus === 'verified')
      .reduce((sum, booking) => sum + Number(booking.totalTicketPrice), 0),
    undecided: live
      .filter((booking) => proofUndecided(booking))
      .reduce((sum, booking) => sum + Number(booking.totalTicketPrice), 0),
  };
}

const liveBookings = (db: Db, tripId: string) =>
  db
    .selectFrom('bookings')
    .select(['id', 'phone', 'seats', 'paymentStatus', 'bankakScreenshot', 'totalTicketPrice'])
    .where('tripId', '=', tripId)
    .where('isCancelled', '=', 0)
    .orderBy('id')
    .execute();

/**
 * Disrupts one trip in the caller's transaction (or, with `dryRun`, only says what it would do). Refused when
 * the trip is already cancelled or has departed (under the trip's row lock: a sale or a second disruption
 * waits for this one).
 */
export async function disruptTrip(
  trx: Db,
  tripId: string,
  disruption: Disruption,
  actor: Actor,
  now: Date,
  options: { dryRun?: boolean } = {},
): Promise<TripImpact> {
  const { dryRun = false } = options;
  const trip = (await lockRow(trx, 'trips', tripId, 'update')) as TripRow | undefined;
  const empty = { bookings: 0, waiting: 0, released: 0, passengers: 0, phones: 0, paid: 0, undecided: 0 };
  if (!trip) return { tripId, trip_date: '', trip_boarding_time: '', ...empty, refused: 'NOT_FOUND' };
  const live = await liveBookings(trx, tripId);
  const impact = impactOf(trip, live, disruption);
  if (Number(trip.isCancelled)) return { ...impact, refused: 'ALREADY_CANCELLED' };
  if (departureInstant(trip.trip_date, trip.trip_boarding_time).getTime() <= now.getTime())
    return { ...impact, refused: 'DEPARTED' };
  if (disruption.action === 'delay') {
    // Later than the trip's own time (an earlier or past one would leave its travellers behind, and mark them
    // not boarded), and on a time its bus is free.
    const later = departureInstant(impact.new_date!, impact.new_boarding_time!).getTime();
    if (later <= departureInstant(trip.trip_date, trip.trip_boarding_time).getTime())
      return { ...impact, refused: 'NOT_LATER' };
    const [busy] = await busyTrips(trx, trip.busId, impact.new_boarding_time!, [impact.new_date!], {
      tripId,
    });
    if (busy) return { ...impact, refused: 'BUS_BUSY' };
  }
  if (dryRun) return impact;

  const disruptionId = newId();
  await trx
    .insertInto('disruptions')
    .values({
      id: disruptionId,
      tripId,
      action: disruption.action,
      reason_en: disruption.reason_en,
      reason_ar: disruption.reason_ar,
      old_date: trip.trip_date,
      old_boarding_time: trip.trip_boarding_time,
      new_date: impact.new_date ?? null,
      new_boarding_time: impact.new_boarding_time ?? null,
      created_at: now.toISOString(),
      created_by: actor.userId,
    })
    .execute();

  if (disruption.action === 'delay') {
    await trx
      .updateTable('trips')
      .set({ trip_date: impact.new_date!, trip_boarding_time: impact.new_boarding_time! })
      .where('id', '=', tripId)
      .execute();
    await recordAudit(
      trx,
      {
        ...actor,
        action: 'delay_trip',
        resource: 'trips',
        recordId: tripId,
        diff: {
          trip_date: [trip.trip_date, impact.new_date],
          trip_boarding_time: [trip.trip_boarding_time, impact.new_boarding_time],
          reason_en: [null, disruption.reason_en],
          reason_ar: [null, disruption.reason_ar],
        },
      },
      now,
    );
    if (live.length)
      await trx
        .updateTable('bookings')
        .set({ disruptionId, disruptionState: 'delayed' })
        .where('tripId', '=', tripId)
        .where('isCancelled', '=', 0)
        .execute();
    await queueBookingMessages(
      trx,
      'trip_delayed',
      live.map((booking) => booking.id),
      now,
      { event: disruptionId, createdBy: actor.userId },
    );
    return impact;
  }

  await trx.updateTable('trips').set({ isCancelled: 1 }).where('id', '=', tripId).execute();
  // The trip's row, in the transaction that cancels it (cancelTrip's and a disruption's alike).
  await recordAudit(
    trx,
    {
      ...actor,
      action: 'cancel_trip',
      resource: 'trips',
      recordId: tripId,
      diff: {
        isCancelled: [false, true],
        reason_en: [null, disruption.reason_en],
        reason_ar: [null, disruption.reason_ar],
      },
    },
    now,
  );
  await settleCancelledTrip(
    trx,
    { id: tripId, disruptionId },
    live.map((booking) => ({ id: booking.id, waits: chooses(booking) })),
    actor,
    now,
  );
  await queueBookingMessages(
    trx,
    'trip_cancelled',
    live.map((booking) => booking.id),
    now,
    // Named by the disruption: a booking moved to another trip that is cancelled in turn is told again.
    { event: disruptionId, createdBy: actor.userId },
  );
  return impact;
}

/** A way along a road: boarding at an origins row, alighting at a destinations row. */
interface Way {
  origin: string;
  destination: string;
}

/** Every town's name by its row, in each list (a road and its routes are compared by name, townKey). */
async function townNames(db: Db) {
  const [origins, destinations] = await Promise.all([
    db.selectFrom('origins').select(['id', 'origin_city']).execute(),
    db.selectFrom('destinations').select(['id', 'destination_city']).execute(),
  ]);
  return { origins, destinations };
}
type TownNames = Awaited<ReturnType<typeof townNames>>;

/**
 * A road between two towns, both ways: every origins row named as the first town with every destinations row
 * named as the second, and back (names compared as a stop's are: case and spaces do not count; the Arabic
 * names are not compared, so a town spelt two ways in Arabic is still one road).
 */
function roadWays({ origins, destinations }: TownNames, originId: string, destinationId: string): Way[] {
  const first = origins.find((row) => row.id === originId);
  const second = destinations.find((row) => row.id === destinationId);
  if (!first || !second) return [{ origin: originId, destination: destinationId }];
  const named = (name: string) => ({
    boarding: origins.filter((row) => townKey(row.origin_city) === townKey(name)).map((row) => row.id),
    alighting: destinations
      .filter((row) => townKey(row.destination_city) === townKey(name))
      .map((row) => row.id),
  });
  const a = named(first.origin_city);
  const b = named(second.destination_city);
  const pairs = (from: string[], to: string[]) =>
    from.flatMap((origin) => to.map((destination) => ({ origin, destination })));
  return [...pairs(a.boarding, b.alighting), ...pairs(b.boarding, a.alighting)];
}

/** How far around a closed road's dates the routes that travel it are looked for (unsureTrips). */
const ROUTES_AROUND_DAYS = 31;

/**
 * The trips a closed road leaves as they were that may well travel it: not cancelled, leaving on its dates,
 * naming no stops, and running between two towns that another route (a trip of the weeks around, or a
 * timetable) joins over the road, either way: a direct Khartoum – Port Sudan bus when the corridor's bus
 * passes the closed Gedaref – Kassala road. Whether it does is for staff to find out (a direct bus may take
 * another road): they are listed, not cancelled. A company's staff: their company's trips alone.
 */
async function unsureTrips(
  db: Db,
  body: DisruptBody,
  names: TownNames,
  caught: ReadonlySet<string>,
  companyId: string | undefined,
): Promise<UnsureTrip[]> {
  const originKey = new Map(names.origins.map((row) => [row.id, townKey(row.origin_city)]));
  const destinationKey = new Map(names.destinations.map((row) => [row.id, townKey(row.destination_city)]));
  const a = originKey.get(body.originId!);
  const b = destinationKey.get(body.destinationId!);
  if (!a || !b) return [];
  const [trips, timetables] = await Promise.all([
    db
      .selectFrom('trips')
      .select(['trip_originId as originId', 'trip_destinationId as destinationId', 'trip_stops'])
      .distinct()
      .where('trip_stops', '<>', '[]')
      .where('trip_date', '>=', addDays(body.from!, -ROUTES_AROUND_DAYS))
      .where('trip_date', '<=', addDays(body.to!, ROUTES_AROUND_DAYS))
      .execute(),
    db
      .selectFrom('timetables')
      .select(['timetable_originId as originId', 'timetable_destinationId as destinationId', 'trip_stops'])
      .distinct()
      .where('trip_stops', '<>', '[]')
      .execute(),
  ]);
  const pairs = new Set<string>();
  for (const route of [...trips, ...timetables]) {
    const towns = [
      originKey.get(route.originId),
      ...routeOf(route).stops.map((stop) => originKey.get(stop.originId)),
      destinationKey.get(route.destinationId),
    ];
    if (towns.every((town) => town !== undefined))
      for (const pair of pairsOverRoad(towns as string[], a, b)) pairs.add(pair);
  }
  if (pairs.size === 0) return [];
  const boardingTowns = new Set([...pairs].map((pair) => pair.split('|')[0]));
  const boarding = names.origins
    .filter((row) => boardingTowns.has(townKey(row.origin_city)))
    .map((row) => row.id);
  const rows = await liveTrips(db, companyId, body.from!, body.to!)
    .where('trip_originId', 'in', boarding)
    .where('trip_stops', '=', '[]')
    .execute();
  return rows
    .filter(
      (row) =>
        !caught.has(row.id) &&
        pairs.has(`${originKey.get(row.trip_originId)}|${destinationKey.get(row.trip_destinationId)}`),
    )
    .slice(0, MAX_DISRUPTED_TRIPS)
    .map((row) => ({
      tripId: row.id,
      trip_originId: row.trip_originId,
      trip_destinationId: row.trip_destinationId,
      trip_date: row.trip_date,
      trip_boarding_time: row.trip_boarding_time,
    }));
}

/**
 * The Khartoum date a route reaches a road on, leaving on `date` at `time`: the day it boards the road's first
 * town (a stop may be up to two days after the departure); undefined when it does not travel the road.
 */
export function roadDate(
  route: { originId: string; destinationId: string; trip_stops?: unknown },
  ways: Way[],
  date: string,
  time: string,
): string | undefined {
  const { stops } = routeOf(route);
  for (const way of ways) {
    const stretch = askedStretch(route, { stops, fares: [] }, way);
    if (stretch)
      return khartoumToday(
        new Date(departureInstant(date, time).getTime() + minutesAt(stops, stretch.from) * 60_000),
      );
  }
  return undefined;
}

/** How many days before a road's first date a trip may leave and still be on it then (MAX_STOP_MINUTES). */
const ROAD_LEAD_DAYS = Math.ceil(MAX_STOP_MINUTES / 1440);

/** The trips not cancelled departing from..to, of `companyId` when given, by departure. */
function liveTrips(db: Db, companyId: string | undefined, from: string, to: string) {
  return db
    .selectFrom('trips')
    .select(['id', 'trip_originId', 'trip_destinationId', 'trip_stops', 'trip_date', 'trip_boarding_time'])
    .$if(!!companyId, (q) => q.where(companyWhere(db, 'trip', companyId!)))
    .where('trip_date', '>=', from)
    .where('trip_date', '<=', to)
    .where('isCancelled', '=', 0)
    .orderBy('trip_date')
    .orderBy('id');
}

/**
 * The trips a disruption names, not cancelled, by departure: by id; a route's trips over its dates; or, for a
 * closed road, the trips of any route that travel it either way (its `ways`, from roadWays: their ends, or
 * stops in order) and reach it on one of its dates.
 */
export async function disruptedTrips(
  db: Db,
  body: DisruptBody,
  companyId: string | undefined,
  ways: Way[],
): Promise<string[]> {
  if (body.tripIds) return [...new Set(body.tripIds)];
  const boarding = [...new Set(ways.map((way) => way.origin))];
  const first = body.road ? addDays(body.from!, -ROAD_LEAD_DAYS) : body.from!;
  // Company staff: their company's trips alone (trips named by id are checked by the route).
  const rows = await liveTrips(db, companyId, first, body.to!)
    .$if(!body.road, (q) =>
      q.where('trip_originId', '=', body.originId!).where('trip_destinationId', '=', body.destinationId!),
    )
    // A road: the trips that board at either town (their origin, or a stop found by trip_towns' key), then
    // whether each alights at the other town after it, and when.
    .$if(!!body.road, (q) =>
      q.where((eb) =>
        eb.or([
          eb('trip_originId', 'in', boarding),
          eb(
            'id',
            'in',
            db
              .selectFrom('trip_towns')
              .select('tripId')
              .where('town', 'in', boarding)
              .where('role', '=', 'b')
              .where('trip_date', '>=', first)
              .where('trip_date', '<=', body.to!),
          ),
        ]),
      ),
    )
    .execute();
  return rows
    .filter((row) => {
      if (!body.road) return true;
      const route = {
        originId: row.trip_originId,
        destinationId: row.trip_destinationId,
        trip_stops: row.trip_stops,
      };
      const on = roadDate(route, ways, row.trip_date, row.trip_boarding_time);
      return on !== undefined && on >= body.from! && on <= body.to!;
    })
    .map((row) => row.id);
}

/** A trip a closed road may concern but leaves as it was (unsureTrips). */
export type UnsureTrip = Pick<
  TripImpact,
  'tripId' | 'trip_originId' | 'trip_destinationId' | 'trip_date' | 'trip_boarding_time'
>;

export interface DisruptAnswer {
  dryRun: boolean;
  action: DisruptionAction;
  trips: TripImpact[];
  /** A closed road's: the trips without stops between towns another route joins over it (unsureTrips). */
  unsure?: UnsureTrip[];
  totals: Omit<TripImpact, 'tripId' | 'trip_date' | 'trip_boarding_time' | 'refused'> & {
    trips: number;
    refused: number;
  };
}

/**
 * Adds a route's cancelled dates to the days off of its active timetables (a company's staff: their company's),
 * each under its row lock, in the activity log under `actor`.
 */
async function closeTimetables(
  db: Db,
  route: { originId: string; destinationId: string; from: string; to: string; road?: boolean },
  ways: Way[],
  actor: Actor,
  now: Date,
  companyId?: string,
) {
  // A closed road (its `ways`): every active timetable whose route travels it, either way, off on the days its
  // bus would reach the road within the dates (a bus leaving the evening before may be on it the next morning).
  const timetables = (
    await db
      .selectFrom('timetables')
      .select([
        'id',
        'timetable_originId',
        'timetable_destinationId',
        'timetable_boarding_time',
        'trip_stops',
      ])
      .$if(!!companyId, (q) => q.where(companyWhere(db, 'timetable', companyId!)))
      .$if(!route.road, (q) =>
        q
          .where('timetable_originId', '=', route.originId)
          .where('timetable_destinationId', '=', route.destinationId),
      )
      .where('isActive', '=', 1)
      .execute()
  )
    .map((row) => {
      if (!route.road) return { id: row.id, closed: datesFrom(route.from, route.to) };
      const path = {
        originId: row.timetable_originId,
        destinationId: row.timetable_destinationId,
        trip_stops: row.trip_stops,
      };
      const closed = datesFrom(addDays(route.from, -ROAD_LEAD_DAYS), route.to).filter((date) => {
        const on = roadDate(path, ways, date, row.timetable_boarding_time);
        return on !== undefined && on >= route.from && on <= route.to;
      });
      return { id: row.id, closed };
    })
    .filter((row) => row.closed.length > 0);
  for (const { id, closed } of timetables)
    await db.transaction().execute(async (trx) => {
      const row = await lockRow(trx, 'timetables', id, 'update');
      if (!row) return;
      const before = JSON.parse(row.timetable_dates_off || '[]') as string[];
      const after = [...new Set([...before, ...closed])].sort();
      if (after.length === before.length) return;
      await trx
        .updateTable('timetables')
        .set({ timetable_dates_off: JSON.stringify(after) })
        .where('id', '=', id)
        .execute();
      await recordAudit(
        trx,
        {
          ...actor,
          action: 'update',
          resource: 'timetables',
          recordId: id,
          diff: { timetable_dates_off: [before, after] },
        },
        now,
      );
    });
}

/**
 * 400 before anything changes when a disruption names more trips than one call may touch (a request that runs
 * for minutes, past any proxy's patience, while the page says it failed), or delays trips of several days to
 * one new date (they would all leave that day: a delay to a new date moves one day's trips).
 */
async function assertDisruptable(db: Db, body: DisruptBody, tripIds: string[]) {
  if (tripIds.length > MAX_DISRUPTED_TRIPS)
    throw new HttpError(
      400,
      `These dates name ${tripIds.length} trips: one disruption touches at most ${MAX_DISRUPTED_TRIPS}. Choose fewer dates.`,
      { code: 'TOO_MANY_TRIPS', limit: MAX_DISRUPTED_TRIPS, trips: tripIds.length },
    );
  if (body.action !== 'delay' || !body.newDate || tripIds.length < 2) return;
  const days = await db
    .selectFrom('trips')
    .select('trip_date')
    .distinct()
    .where('id', 'in', tripIds)
    .execute();
  if (days.length > 1)
    throw new HttpError(
      400,
      'A delay to a new date moves one day’s trips: these leave on several days. Delay each day on its own, or give only a new boarding time.',
      { code: 'DELAY_ONE_DAY' },
    );
}

/** Runs a disruption over its trips, one transaction each (a failure on one is reported; the others happen). */
export async function disrupt(
  db: Db,
  body: DisruptBody,
  actor: Actor,
  now: Date,
  companyId?: string,
): Promise<DisruptAnswer> {
  const disruption: Disruption = {
    action: body.action,
    reason_en: body.reason_en,
    reason_ar: body.reason_ar,
    newDate: body.newDate,
    newBoardingTime: body.newBoardingTime,
  };
  const dryRun = body.dryRun === true;
  // A closed road's ways, worked out once for the count, the timetables and the trips.
  const names = body.road && !body.tripIds ? await townNames(db) : undefined;
  const ways = names ? roadWays(names, body.originId!, body.destinationId!) : [];
  await assertDisruptable(db, body, await disruptedTrips(db, body, companyId, ways));
  // A route cancelled over dates stays closed: its timetables make no trip on those dates (the hourly job puts
  // trips on sale 30 days ahead, and a suspension reaches 92), written before the trips are read (again) and
  // cancelled, so a trip the job makes meanwhile is read too.
  if (!dryRun && body.action === 'cancel' && !body.tripIds)
    await closeTimetables(
      db,
      body as Required<Pick<DisruptBody, 'originId' | 'destinationId' | 'from' | 'to'>> & { road?: boolean },
      ways,
      actor,
      now,
      companyId,
    );
  const trips: TripImpact[] = [];
  for (const tripId of await disruptedTrips(db, body, companyId, ways)) {
    try {
      trips.push(
        await db.transaction().execute((trx) => disruptTrip(trx, tripId, disruption, actor, now, { dryRun })),
      );
    } catch {
      trips.push({
        tripId,
        trip_date: '',
        trip_boarding_time: '',
        bookings: 0,
        waiting: 0,
        released: 0,
        passengers: 0,
        phones: 0,
        paid: 0,
        undecided: 0,
        refused: 'FAILED',
      });
    }
  }
  const unsure = names
    ? await unsureTrips(db, body, names, new Set(trips.map((trip) => trip.tripId)), companyId)
    : undefined;
  const done = trips.filter((trip) => !trip.refused);
  const sum = (key: 'bookings' | 'waiting' | 'released' | 'passengers' | 'phones' | 'paid' | 'undecided') =>
    done.reduce((total, trip) => total + trip[key], 0);
  return {
    dryRun,
    action: body.action,
    trips,
    ...(unsure ? { unsure } : {}),
    totals: {
      trips: done.length,
      refused: trips.length - done.length,
      bookings: sum('bookings'),
      waiting: sum('waiting'),
      released: sum('released'),
      passengers: sum('passengers'),
      phones: sum('phones'),
      paid: sum('paid'),
      undecided: sum('undecided'),
    },
  };
}
