// How full the buses were over a period (issue 24): seat-legs offered by the period's trips (seats × legs; a
// trip without stops has one leg) and seat-legs held by paid bookings, per trip and leg, per route, and the
// paid travellers who did not board. The counts come from booking_seats (one row per seat and leg a live
// booking holds) — per route from each trip's running count of them (trip_counts, kept by the database in the
// transaction of each change) — so a booking changed, partly cancelled or moved is counted where it is now.
import { sql } from 'kysely';
import { seatLegsOffered, shareOf } from '../../../shared/analytics.ts';
import type { OccupancyReport } from '../../../shared/contract/analytics.ts';
import { formatBoardingTime } from '../../tickets/ticket-text.ts';
import type { Db } from '../../db/schema.ts';
import { nameStopLists, stopNamesBoth, storedStops } from '../boarding/trip-stops.ts';

export interface Period {
  from: string;
  to: string;
  /** Only this company's trips (a company desk, or a platform report for one company). */
  companyId?: string;
}

/** The period's trips that ran or will run (not cancelled), with their bus (which names their company). */
function periodTrips(db: Db, period: Period) {
  let query = db
    .selectFrom('trips')
    .innerJoin('buses', 'buses.id', 'trips.busId')
    .where('trips.trip_date', '>=', period.from)
    .where('trips.trip_date', '<=', period.to)
    .where('trips.isCancelled', '=', 0);
  if (period.companyId) query = query.where('buses.bus_owner_companyId', '=', period.companyId);
  return query;
}

/**
 * The report; `tripLines` caps its per-trip lines (by departure) for a screen — a year of a network is 100,000
 * trips — while `tripCount` says how many there are (a file carries them all). The routes and totals add up
 * the trips' running counts (trip_counts, kept by the database) grouped by route, bus size and stops, so a year
 * reads a few thousand lines; the lines shown count their legs from booking_seats.
 */
export async function occupancyReport(
  db: Db,
  period: Period,
  tripLines = Number.POSITIVE_INFINITY,
): Promise<OccupancyReport> {
  const order = (query: ReturnType<typeof periodTrips>) =>
    query.orderBy('trips.trip_date').orderBy('trips.trip_boarding_time').orderBy('trips.id');
  const limited = <Q extends { limit(n: number): Q }>(query: Q) =>
    Number.isFinite(tripLines) ? query.limit(tripLines) : query;
  const shownIds = limited(order(periodTrips(db, period)).select('trips.id'));
  const [groups, trips, legs] = await Promise.all([
    // Summed by route, bus size and stops first (the trips' own columns), then named.
    db
      .selectFrom(
        periodTrips(db, period)
          .leftJoin('trip_counts', 'trip_counts.tripId', 'trips.id')
          .select([
            'trips.trip_originId',
            'trips.trip_destinationId',
            'buses.bus_number_of_seats',
            'trips.trip_stops',
            sql<number>`count(*)`.as('trips'),
            sql<number>`sum(coalesce(${sql.ref('trip_counts.sold')}, 0))`.as('sold'),
            sql<number>`sum(coalesce(${sql.ref('trip_counts.noShows')}, 0))`.as('noShows'),
          ])
          .groupBy([
            'trips.trip_originId',
            'trips.trip_destinationId',
            'buses.bus_number_of_seats',
            'trips.trip_stops',
          ])
          .as('g'),
      )
      .innerJoin('origins', 'origins.id', 'g.trip_originId')
      .innerJoin('destinations', 'destinations.id', 'g.trip_destinationId')
      .selectAll('g')
      .select([
        'origins.origin_city',
        'origins.origin_city_ar',
        'destinations.destination_city',
        'destinations.destination_city_ar',
      ])
      .execute(),
    limited(
      order(periodTrips(db, period))
        .innerJoin('companies', 'companies.id', 'buses.bus_owner_companyId')
        .innerJoin('origins', 'origins.id', 'trips.trip_originId')
        .innerJoin('destinations', 'destinations.id', 'trips.trip_destinationId')
        .select([
          'trips.id',
          'trips.trip_date',
          'trips.trip_boarding_time',
          'trips.trip_originId',
          'trips.trip_destinationId',
          'trips.trip_stops',
          'buses.bus_number',
          'buses.bus_number_of_seats',
          'buses.bus_owner_companyId',
          'companies.company_name',
          'origins.origin_city',
          'origins.origin_city_ar',
          'destinations.destination_city',
          'destinations.destination_city_ar',
        ]),
    ).execute(),
    // Seats held by paid bookings, per trip shown and leg; and of those, the travellers marked not boarded,
    // counted once a seat, on the leg they board.
    db
      .selectFrom('booking_seats')
      .innerJoin('bookings', 'bookings.id', 'booking_seats.bookingId')
      .where('booking_seats.tripId', 'in', shownIds)
      .where('bookings.paymentStatus', '=', 'verified')
      .select([
        'booking_seats.tripId',
        'booking_seats.leg',
        sql<number>`count(*)`.as('sold'),
        sql<number>`sum(case when ${sql.ref('bookings.noShow')} = 1 and ${sql.ref('booking_seats.leg')} = coalesce(${sql.ref('bookings.boardingStop')}, 0) then 1 else 0 end)`.as(
          'absent',
        ),
      ])
      .groupBy(['booking_seats.tripId', 'booking_seats.leg'])
      .execute(),
  ]);

  const soldOn = new Map<string, Map<number, number>>();
  const absent = new Map<string, number>();
  for (const row of legs) {
    const byLeg = soldOn.get(row.tripId) ?? new Map<number, number>();
    byLeg.set(Number(row.leg), Number(row.sold));
    soldOn.set(row.tripId, byLeg);
    absent.set(row.tripId, (absent.get(row.tripId) ?? 0) + Number(row.absent));
  }
  // The towns of every shown trip's stops, read in one query.
  const stopLists = await nameStopLists(
    db,
    trips.map((trip) => storedStops(trip.trip_stops)),
  );
  const lines = trips.map((trip, i) => {
    const stops = stopLists[i];
    const places = stopNamesBoth(
      {
        origin: trip.origin_city,
        originAr: trip.origin_city_ar,
        destination: trip.destination_city,
        destinationAr: trip.destination_city_ar,
      },
      stops,
    );
    const seats = Number(trip.bus_number_of_seats);
    const byLeg = soldOn.get(trip.id);
    const legLines = places
      .slice(1)
      .map((to, leg) => ({ from: places[leg], to, sold: byLeg?.get(leg) ?? 0 }));
    const offered = seatLegsOffered(seats, stops.length);
    const sold = legLines.reduce((sum, leg) => sum + leg.sold, 0);
    return {
      tripId: trip.id,
      date: trip.trip_date,
      time: formatBoardingTime(trip.trip_boarding_time).en,
      originId: trip.trip_originId,
      destinationId: trip.trip_destinationId,
      route: {
        en: `${places[0].en} – ${places.at(-1)!.en}`,
        ar: `${places[0].ar} – ${places.at(-1)!.ar}`,
      },
      bus: trip.bus_number,
      company: trip.company_name,
      companyId: trip.bus_owner_companyId,
      seats,
      legs: legLines,
      seatLegsOffered: offered,
      seatLegsSold: sold,
      occupancy: shareOf(sold, offered),
      noShows: absent.get(trip.id) ?? 0,
    };
  });

  const routes = new Map<string, OccupancyReport['routes'][number]>();
  for (const group of groups) {
    const key = `${group.trip_originId}|${group.trip_destinationId}`;
    const line = routes.get(key) ?? {
      originId: group.trip_originId,
      destinationId: group.trip_destinationId,
      route: {
        en: `${group.origin_city} – ${group.destination_city}`,
        ar: `${group.origin_city_ar || group.origin_city} – ${group.destination_city_ar || group.destination_city}`,
      },
      trips: 0,
      seatLegsOffered: 0,
      seatLegsSold: 0,
      occupancy: 0,
      noShows: 0,
    };
    const count = Number(group.trips);
    line.trips += count;
    line.seatLegsOffered +=
      count * seatLegsOffered(Number(group.bus_number_of_seats), storedStops(group.trip_stops).length);
    line.seatLegsSold += Number(group.sold);
    line.noShows += Number(group.noShows);
    routes.set(key, line);
  }
  const routeLines = [...routes.values()]
    .map((line) => ({ ...line, occupancy: shareOf(line.seatLegsSold, line.seatLegsOffered) }))
    .sort((a, b) => b.occupancy - a.occupancy || a.route.en.localeCompare(b.route.en));
  const total = (key: 'trips' | 'seatLegsOffered' | 'seatLegsSold' | 'noShows') =>
    routeLines.reduce((sum, line) => sum + line[key], 0);
  return {
    from: period.from,
    to: period.to,
    companyId: period.companyId ?? null,
    totals: {
      trips: total('trips'),
      seatLegsOffered: total('seatLegsOffered'),
      seatLegsSold: total('seatLegsSold'),
      occupancy: shareOf(total('seatLegsSold'), total('seatLegsOffered')),
      noShows: total('noShows'),
    },
    routes: routeLines,
    tripCount: total('trips'),
    trips: lines.slice(0, tripLines).map(({ originId: _o, destinationId: _d, ...line }) => line),
  };
}
