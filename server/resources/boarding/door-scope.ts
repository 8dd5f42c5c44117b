// What a staff member without 'passengers.full' (a conductor) may see of a trip's travellers: the door's
// share. Until trips are assigned to conductors (the companies issue), a conductor checks the trips of
// yesterday, today and tomorrow in Khartoum: their offline package, passenger list and manifest; any other
// day's trip answers 403 NOT_DOOR_TRIP. What they get carries ID last digits only and no phones, so nothing
// in it lets them act as a traveller (the traveller's cancel asks for the phone).
import type { FastifyRequest } from 'fastify';
import { can } from '../../../shared/roles.ts';
import { khartoumToday } from '../../../shared/rules.ts';
import { HttpError } from '../../http/errors.ts';

/** Days either side of Khartoum's today whose trips a conductor checks. */
export const DOOR_DAYS = 1;
const DAY_MS = 86_400_000;

/** Whether the caller sees travellers' phones and whole ID numbers (the money roles). */
export const seesFullTravellers = (request: FastifyRequest) =>
  !!request.staff && can(request.staff.role, 'passengers.full');

/** Whether a trip of `tripDate` (YYYY-MM-DD) is one a conductor checks at `now`. */
export function isDoorDay(tripDate: string, now: Date): boolean {
  const first = khartoumToday(new Date(now.getTime() - DOOR_DAYS * DAY_MS));
  const last = khartoumToday(new Date(now.getTime() + DOOR_DAYS * DAY_MS));
  return tripDate >= first && tripDate <= last;
}

/** 403 NOT_DOOR_TRIP when the caller sees only the door's share and the trip is not one they check. */
export function assertDoorTrip(request: FastifyRequest, tripDate: string, now: Date) {
  if (seesFullTravellers(request) || isDoorDay(tripDate, now)) return;
  throw new HttpError(
    403,
    "Conductors see the passengers of yesterday's, today's and tomorrow's trips only.",
    { code: 'NOT_DOOR_TRIP' },
  );
}
