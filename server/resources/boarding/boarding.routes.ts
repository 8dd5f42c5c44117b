// Boarding calls. /api/checkin: the package a conductor's phone downloads and the scans it syncs.
// /api/bookings: a booking's travellers, read and completed by staff. /api/trips: the checkpoint manifest.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/schema.ts';
import { z } from 'zod';
import { boardingContract } from '../../../shared/contract/index.ts';
import { departureInstant } from '../../../shared/rules.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { hit } from '../../http/rate-limit-store.ts';
import { typed } from '../../http/validation.ts';
import { findBookingDocument } from '../../sales/index.ts';
import { isClosed, tripRow, tripTravellers } from './boarding.repository.ts';
import { type BoardingContext, checkinPackage, syncScans } from './checkin.service.ts';
import { manifestCsv, manifestLines, manifestPdf, manifestXlsx, type ManifestTrip } from './manifest.ts';
import { replaceTravellers, travellersOf, travellersSchema } from './travellers.ts';
import { assertAssignedTrips, assertDoorTrip, assertNoTripAhead, seesFullTravellers } from './door-scope.ts';
import { maskedIdNumber, type SeatTraveller } from '../../../shared/boarding.ts';
import { referencedDocument } from '../crud/populate.ts';
import { trips } from '../../../shared/registry/index.ts';
import { formatBoardingTime } from '../../tickets/ticket-text.ts';
import { namedStops, stopNamesBoth } from './trip-stops.ts';
import { MAX_STOPS } from '../../../shared/segments.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const scansBody = z.object({
  scans: z
    .array(
      z.object({
        qr: z.string().max(200).optional(),
        ticketId: z
          .string()
          .regex(/^\d{13}$/)
          .optional(),
        tripId: z.string().min(1).max(64),
        scannedAt: z.iso.datetime({ error: 'scannedAt must be an ISO time.' }),
        deviceId: z.string().min(1).max(64),
        /** The stop the bus was at, on a trip with stops (issue 23): a ticket of another stop is wrong_stop. */
        stop: z
          .number()
          .int()
          .min(0)
          .max(MAX_STOPS + 1)
          .optional(),
      }),
    )
    .min(1)
    .max(500),
});

const context = (app: FastifyInstance): BoardingContext => ({
  db: app.db,
  clock: app.clock,
  signer: app.ticketSigner,
});

/** A booking's travellers as the activity log records them (ID numbers are hidden there). */
const travellersBefore = async (db: Db, id: string) => ({
  passengers: (await travellersOf(db, [id])).get(id) ?? [],
});

/** Under /api/checkin. */
export async function checkinRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const ctx = context(app);
  const tags = ['boarding'];

  app.get(
    '/trip/:id',
    {
      schema: { tags, params: idParams, response: boardingContract.checkinTrip.responses },
      config: { access: 'boarding.scan', scope: { id: 'trip' } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = await tripRow(ctx.db, id);
      if (!row) throw notFound('No trip has this _id.');
      await assertDoorTrip(request, ctx.db, { id, date: row.trip_date }, ctx.clock.now());
      const found = await checkinPackage(ctx, id);
      if (!found) throw notFound('No trip has this _id.');
      reply.header('Cache-Control', 'no-store');
      return found;
    },
  );

  app.post(
    '/scans',
    {
      schema: { tags, body: scansBody, response: boardingContract.scans.responses },
      config: {
        access: 'boarding.scan',
        scope: { body: { 'scans[].tripId': 'trip' } },
        audit: { action: 'sync_scans', resource: 'trips' },
      },
    },
    async (request, reply) => {
      const { scans } = request.body;
      // A conductor's scans are of the trips assigned to them, or none is taken (the phone keeps them).
      const tripIds = scans.map((scan) => scan.tripId);
      await assertAssignedTrips(request, app.db, tripIds);
      await assertNoTripAhead(request, app.db, tripIds, app.clock.now());
      // Every scan sent counts, stored or not: one account cannot fill the table (5,000 made-up scans took
      // 0.8 s), and a phone's backlog of a day's trips (a few hundred) passes in one go.
      const { perUser, windowMs } = app.config.scanRateLimit;
      const used = await hit(
        app.db,
        `checkin-scans|${request.staff!.id}`,
        windowMs,
        app.clock.now().getTime(),
        scans.length,
      );
      if (used.current > perUser) {
        reply.header('Retry-After', Math.ceil(used.ttl / 1000));
        throw new HttpError(
          429,
          `This account has sent more than ${perUser} scans this hour. Please wait before syncing again.`,
          { code: 'TOO_MANY_SCANS', limit: perUser },
        );
      }
      return { verdicts: await syncScans(ctx, scans, request.staff!.id) };
    },
  );
}

/**
 * 404 for a booking that does not exist, or, to a caller who sees only the door's share, one whose trip is
 * gone; 403 when its trip is not a door the caller checks (assertDoorTrip). Answers the booking's trip.
 */
async function assertBookingDoor(
  request: FastifyRequest,
  booking: Awaited<ReturnType<typeof findBookingDocument>>,
): Promise<Record<string, any> | null> {
  const trip = (booking?.tripId ?? null) as Record<string, any> | null;
  if (!booking || (!trip && !seesFullTravellers(request))) throw notFound('No booking has this _id.');
  if (trip)
    await assertDoorTrip(
      request,
      request.server.db,
      { id: trip._id, date: trip.trip_date },
      request.server.clock.now(),
    );
  return trip;
}

/** A booking's travellers as the caller may read them: a conductor gets ID last digits only. */
const asSeen = (request: FastifyRequest, travellers: SeatTraveller[]) =>
  seesFullTravellers(request)
    ? travellers
    : travellers.map((t) => ({ ...t, idNumber: maskedIdNumber(t.idNumber) }));

/** Under /api/bookings. */
export async function travellerRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const ctx = context(app);
  const tags = ['boarding'];

  app.get(
    '/getPassengers/:id',
    {
      schema: { tags, params: idParams, response: boardingContract.getPassengers.responses },
      config: { access: 'trips.passengers', scope: { id: 'booking' } },
    },
    async (request) => {
      const { id } = request.params;
      const booking = await findBookingDocument(ctx.db, id);
      await assertBookingDoor(request, booking);
      return asSeen(request, (await travellersOf(ctx.db, [id])).get(id) ?? []);
    },
  );

  app.patch(
    '/updatePassengers/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: passengersBody,
        response: boardingContract.updatePassengers.responses,
      },
      config: {
        access: 'passengers.edit',
        scope: { id: 'booking' },
        audit: { action: 'update_passengers', resource: 'bookings', before: travellersBefore },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { passengers } = request.body;
      const booking = await findBookingDocument(ctx.db, id);
      const trip = await assertBookingDoor(request, booking);
      // Only once the caller may see the booking: nothing of its seats is told to another door.
      const seats = booking!.seats as number[];
      const stray = passengers.find((t) => !seats.includes(t.seat));
      if (stray) throw badRequest(`Seat ${stray.seat} is not one of this booking's seats.`);
      // The checkpoint list of a trip that has left is what it was.
      if (
        (trip && (await isClosed(ctx.db, trip._id))) ||
        (trip &&
          departureInstant(trip.trip_date, trip.trip_boarding_time).getTime() <= ctx.clock.now().getTime())
      )
        throw conflict('This trip has departed: its passenger list can no longer change.', {
          code: 'TRIP_DEPARTED',
        });
      await replaceTravellers(ctx.db, id, passengers);
      return { passengers: asSeen(request, (await travellersOf(ctx.db, [id])).get(id) ?? []) };
    },
  );
}

const passengersBody = z.object({ passengers: travellersSchema });
const manifestQuery = z.object({ format: z.enum(['csv', 'xlsx', 'pdf']).default('pdf') });
const TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** Under /api/trips. */
export async function manifestRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { db } = app;
  app.get(
    '/manifest/:id',
    {
      schema: {
        tags: ['boarding'],
        params: idParams,
        querystring: manifestQuery,
        response: boardingContract.manifest.responses,
      },
      config: { access: 'trips.passengers', scope: { id: 'trip' } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { format } = request.query;
      const row = await tripRow(db, id);
      if (!row) throw notFound('No trip has this _id.');
      await assertDoorTrip(request, db, { id, date: row.trip_date }, app.clock.now());
      const trip = (await referencedDocument(db, trips, id)) as Record<string, any>;
      const time = formatBoardingTime(row.trip_boarding_time);
      const about: ManifestTrip = {
        // In words: the PDF's font (Amiri) has no arrow glyph, and would draw its missing-glyph box.
        route: {
          en: `${trip.trip_originId?.origin_city} to ${trip.trip_destinationId?.destination_city}`,
          ar: `من ${trip.trip_originId?.origin_city_ar ?? trip.trip_originId?.origin_city} إلى ${trip.trip_destinationId?.destination_city_ar ?? trip.trip_destinationId?.destination_city}`,
        },
        date: row.trip_date,
        time: time.en,
        bus: trip.busId?.bus_number ?? '',
        company: trip.busId?.bus_owner_companyId?.company_name ?? '',
      };
      // A trip with stops: each seat's stops, and who boards and gets off where (issue 23).
      const stops = await namedStops(db, trip.trip_stops);
      if (stops.length)
        about.stops = stopNamesBoth(
          {
            origin: trip.trip_originId?.origin_city ?? '',
            originAr: trip.trip_originId?.origin_city_ar,
            destination: trip.trip_destinationId?.destination_city ?? '',
            destinationAr: trip.trip_destinationId?.destination_city_ar,
          },
          stops,
        );
      const lines = manifestLines(await tripTravellers(db, id), seesFullTravellers(request), about.stops);
      const body =
        format === 'csv'
          ? manifestCsv(lines, about)
          : format === 'xlsx'
            ? await manifestXlsx(about, lines)
            : await manifestPdf(about, lines);
      return reply
        .header('Content-Type', TYPES[format])
        .header('Content-Disposition', `attachment; filename="manifest-${row.trip_date}-${id}.${format}"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
}
