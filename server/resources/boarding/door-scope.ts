// What a staff member without 'passengers.full' (a conductor) may see of a trip's travellers: the door's
// share. A conductor checks the trips assigned to them (issue 24; without 'boarding.anyTrip'), and of those
// the trips of yesterday, today and tomorrow in Khartoum: their offline package, scans, passenger list and
// manifest; another day's trip answers 403 NOT_DOOR_TRIP, a trip not theirs 403 NOT_YOUR_TRIP. What they get
// carries ID last digits only and no phones, so nothing in it lets them act as a traveller (the traveller's
// cancel asks for the phone).
import type { FastifyRequest } from 'fastify';
import { can } from '../../../shared/roles.ts';
import { khartoumToday } from '../../../shared/rules.ts';
import type { Db } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { assignedAmong } from '../conductors/assignments.repository.ts';

/** Days either side of Khartoum's today whose trips a conductor checks. */
export const DOOR_DAYS = 1;
const DAY_MS = 86_400_000;

/** Whether the caller sees travellers' phones and whole ID numbers (the money roles). */
export const seesFullTravellers = (request: FastifyRequest) =>
  !!request.staff && can(request.staff.role, 'passengers.full');

/** The last day (YYYY-MM-DD, Khartoum) whose trips a conductor checks at `now`. */
const lastDoorDay = (now: Date) => khartoumToday(new Date(now.getTime() + DOOR_DAYS * DAY_MS));

/** Whether a trip of `tripDate` (YYYY-MM-DD) is one a conductor checks at `now`. */
export function isDoorDay(tripDate: string, now: Date): boolean {
  const first = khartoumToday(new Date(now.getTime() - DOOR_DAYS * DAY_MS));
  return tripDate >= first && tripDate <= lastDoorDay(now);
}

/**
 * 403 NOT_DOOR_TRIP (naming the trip) when the caller sees only the door's share and one of `tripIds` leaves
 * after tomorrow: nobody boards a bus days before it leaves. Scans of earlier days are taken (a phone that
 * synced days after a blackout), bounded to the trip's day by scanTime.
 */
export async function assertNoTripAhead(request: FastifyRequest, db: Db, tripIds: string[], now: Date) {
  if (seesFullTravellers(request) || !tripIds.length) return;
  const ahead = await db
    .selectFrom('trips')
    .select('id')
    .where('id', 'in', [...new Set(tripIds)])
    .where('trip_date', '>', lastDoorDay(now))
    .executeTakeFirst();
  if (ahead)
    throw new HttpError(
      403,
      "This trip's door is not open yet: scans are taken from the day before it leaves.",
      {
        code: 'NOT_DOOR_TRIP',
        tripId: ahead.id,
      },
    );
}

/** Whether the caller opens the door of any trip of their scope (not only the trips assigned to them). */
export const opensAnyTrip = (request: FastifyRequest) =>
  !!request.staff && can(request.staff.role, 'boarding.anyTrip');

const notYourTrip = (tripId: string) =>
  new HttpError(403, 'This trip is not assigned to you: a manager assigns conductors to trips.', {
    code: 'NOT_YOUR_TRIP',
    tripId,
  });

/** 403 NOT_YOUR_TRIP when the caller opens only their assigned trips and one of `tripIds` is not. */
export async function assertAssignedTrips(request: FastifyRequest, db: Db, tripIds: string[]) {
  if (opensAnyTrip(request)) return;
  const unique = [...new Set(tripIds)];
  const assigned = await assignedAmong(db, request.staff!.id, unique);
  const other = unique.find((id) => !assigned.has(id));
  if (other !== undefined) throw notYourTrip(other);
}

/**
 * 403 when the caller sees only the door's share and the trip is not one they check: NOT_DOOR_TRIP for
 * another day's, NOT_YOUR_TRIP for one not assigned to them.
 */
export async function assertDoorTrip(
  request: FastifyRequest,
  db: Db,
  trip: { id: string; date: string },
  now: Date,
) {
  if (!seesFullTravellers(request) && !isDoorDay(trip.date, now))
    throw new HttpError(
      403,
      "Conductors see the passengers of yesterday's, today's and tomorrow's trips only.",
      { code: 'NOT_DOOR_TRIP' },
    );
  await assertAssignedTrips(request, db, [trip.id]);
}
