// Trip calls beyond plain CRUD: the public search and cancelling a trip.
import { tripPaymentInstructions } from '../settings/payment-instructions.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { tripContract } from '../../../shared/contract/index.ts';
import { trips } from '../../../shared/registry/index.ts';
import { assertOfferedTime } from '../settings/boarding-times.ts';
import { isValidDate } from '../../../shared/rules.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { type RefusalTable, refusalError } from '../../http/refusals.ts';
import { findDocument } from '../crud/crud.repository.ts';
import { bookedSeatsByTrip } from '../computed-fields.ts';
import { tripStretchQuery } from '../../../shared/contract/segments.ts';
import {
  publicTrip,
  rememberTripsJson,
  routesOnSale,
  tripPassengers,
  tripsJson,
} from './trips.repository.ts';
import { identifyStaff } from '../../auth/staff-guard.ts';
import { can } from '../../../shared/roles.ts';
import { actor } from '../../audit/audit.ts';
import { cancelTrip } from './trips.service.ts';
import { disrupt } from './disruptions.service.ts';
import { cancelTripBody, disruptBody } from '../../../shared/contract/disruptions.ts';
import { disruptionContract } from '../../../shared/contract/index.ts';
import { assertDoorTrip, seesFullTravellers } from '../boarding/door-scope.ts';
import { typed } from '../../http/validation.ts';

const SEARCH_MESSAGE = 'All fields are required.';
const idParams = z.object({ id: z.string().min(1).max(64) });

const searchQuery = z.object({
  origin: z.string({ error: SEARCH_MESSAGE }).trim().min(1, { error: SEARCH_MESSAGE }).max(64),
  destination: z.string({ error: SEARCH_MESSAGE }).trim().min(1, { error: SEARCH_MESSAGE }).max(64),
  date: z
    .string({ error: SEARCH_MESSAGE })
    .trim()
    .min(1, { error: SEARCH_MESSAGE })
    .refine(isValidDate, { error: 'Dates must be real dates written YYYY-MM-DD.' }),
});

/** How each refused trip cancellation is answered (a failure is the server's: a 500). */
const CANCEL_REFUSALS: RefusalTable<Extract<Awaited<ReturnType<typeof cancelTrip>>, { refused: string }>> = {
  NOT_FOUND: () => notFound('No trip has this _id.'),
  DEPARTED: () => conflict('This trip has already departed; it can no longer be cancelled.'),
  ALREADY_CANCELLED: () => conflict('This trip is already cancelled.'),
  FAILED: () => {
    throw new Error('cancelTrip failed');
  },
};

export async function tripRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { db } = app;
  const tags = ['trips'];
  // Both answer cached JSON text, which Fastify sends as it is: the response schemas only document them.
  const searchSchema = { tags, querystring: searchQuery, response: tripContract.filterTrips.responses };
  const tripSchema = {
    tags,
    params: idParams,
    querystring: tripStretchQuery,
    response: tripContract.getTrip.responses,
  };

  const sendJson = (reply: FastifyReply, body: string) =>
    reply.type('application/json; charset=utf-8').send(body);

  // Searches and trips answer the read cache's text: its compressed forms are remembered too (compression.ts).
  const searchConfig = { access: 'public', sameAnswers: true } as const;
  app.get('/filterTrips', { schema: searchSchema, config: searchConfig }, async (request, reply) => {
    const { origin, destination, date } = request.query;
    const body = await rememberTripsJson(db, `search|${origin}|${destination}|${date}`, () =>
      app.tripSearch.search({ origin, destination, date, now: app.clock.now().getTime() }),
    );
    return sendJson(reply, body!);
  });

  app.get(
    '/onSale',
    { schema: { tags, response: tripContract.onSale.responses }, config: { access: 'public' } },
    async (_request, reply) => {
      // Every home page asks: a browser keeps the answer a minute, the server remembers it until trips change.
      reply.header('Cache-Control', 'public, max-age=60');
      return routesOnSale(db, app.clock.now());
    },
  );

  // Staff who read trips see the whole trip; everyone else the public view.
  const getTrip = {
    access: 'public',
    staffAccess: 'trips.read',
    scope: { id: 'trip' },
    sameAnswers: true,
  } as const;
  app.get('/getTrip/:id', { schema: tripSchema, config: getTrip }, async (request, reply) => {
    const { id } = request.params;
    const { boardingStop, alightingStop } = request.query;
    await identifyStaff(request);
    const staff = !!request.staff && can(request.staff.role, getTrip.staffAccess);
    // With a stretch (issue 23): bookedSeats are the seats taken on its legs; a stretch the trip has not is
    // answered as the whole trip (a seat busy on any leg).
    const asked = boardingStop !== undefined && alightingStop !== undefined;
    const key = `trip|${id}|${staff ? 'staff' : 'public'}${asked ? `|${boardingStop}-${alightingStop}` : ''}`;
    const body = await rememberTripsJson(db, key, async () => {
      const trip = await findDocument(db, trips, id);
      if (!trip) return undefined;
      const last = (Array.isArray(trip.trip_stops) ? trip.trip_stops.length : 0) + 1;
      if (asked && boardingStop >= 0 && boardingStop < alightingStop && alightingStop <= last) {
        const seats = await bookedSeatsByTrip(db, [id], { from: boardingStop, to: alightingStop });
        trip.bookedSeats = seats.get(id) ?? [];
      }
      return tripsJson(staff ? trip : publicTrip(trip));
    });
    if (!body) throw notFound('No trip has this _id.');
    // Where its traveller pays (issue 24): read beside the cached trip, so a change of Settings shows at once.
    const instructions = await tripPaymentInstructions(db, app.config, id);
    return sendJson(reply, `${body.slice(0, -1)},"paymentInstructions":${JSON.stringify(instructions)}}`);
  });

  app.patch(
    '/cancelTrip/:id',
    {
      schema: { tags, params: idParams, body: cancelTripBody, response: tripContract.cancelTrip.responses },
      config: {
        access: 'trips.write',
        scope: { id: 'trip' },
        audit: { action: 'cancel_trip', resource: 'trips', byService: true },
      },
    },
    async (request) => {
      const { id } = request.params;
      const reason = (request.body ?? {}) as { reason_en?: string; reason_ar?: string };
      const outcome = await cancelTrip(db, id, actor(request), app.clock.now(), reason);
      if ('refused' in outcome) throw refusalError(CANCEL_REFUSALS, outcome);
      return findDocument(db, trips, id);
    },
  );

  app.post(
    '/disrupt',
    {
      schema: { tags, body: disruptBody, response: disruptionContract.disrupt.responses },
      config: {
        access: 'trips.write',
        scope: { body: { 'tripIds[]': 'trip' } },
        // Each trip's cancellation or delay, and each booking's change, is recorded in its own transaction;
        // this row says who asked for what.
        audit: { action: 'disrupt', resource: 'trips', diffAnswer: false },
      },
    },
    async (request) => {
      const body = request.body;
      // A delay's new time is one offered now (the spec's two or one an admin added), as a trip's is.
      await assertOfferedTime(db, app.config, 'newBoardingTime', body.newBoardingTime);
      const answer = await disrupt(db, body, actor(request), app.clock.now(), request.companyScope);
      request.auditChanges = {
        action: [null, body.action],
        ...(body.road ? { road: [null, true] } : {}),
        dryRun: [null, answer.dryRun],
        trips: [null, answer.totals.trips],
        bookings: [null, answer.totals.bookings],
        reason_en: [null, body.reason_en],
        reason_ar: [null, body.reason_ar],
      };
      return answer;
    },
  );

  app.get(
    '/passengers/:id',
    {
      schema: { tags, params: idParams, response: tripContract.passengers.responses },
      config: { access: 'trips.passengers', scope: { id: 'trip' } },
    },
    async (request) => {
      const { id } = request.params;
      const trip = await findDocument(db, trips, id);
      if (!trip) throw notFound('No trip has this _id.');
      // A conductor: the trips they check, and no phones (with one, a ticket id would cancel as a traveller).
      await assertDoorTrip(request, db, { id, date: trip.trip_date as string }, app.clock.now());
      const rows = await tripPassengers(db, id);
      return seesFullTravellers(request) ? rows : rows.map((row) => ({ ...row, phone: null }));
    },
  );
}
