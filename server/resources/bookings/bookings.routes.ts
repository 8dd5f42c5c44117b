// /api/bookings beyond the generated list/one: creating (public, multipart), the traveller's lookup and
import type { Document } from '../crud/row-mapper.ts';
// ticket re-download, cancelling (staff, or the traveller with ticket id + phone) and deleting.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeIssues } from '../../../shared/registry/index.ts';
import { hasDeparted, totalPrice } from '../../../shared/rules.ts';
import { identifyStaff, requireStaff } from '../../auth/staff-guard.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import { cachedTripDetails } from '../trips/trips.repository.ts';
import { readBookingForm } from './booking-form.ts';
import {
  createBookingSchema,
  optionalTravellerProofSchema,
  travellerProofSchema,
} from './bookings.schemas.ts';
import {
  cancelBooking,
  createBooking,
  deleteBooking,
  findBooking,
  findByIdempotencyKey,
  findByTicket,
} from './bookings.repository.ts';
import { isTooLarge, recogniseImage } from './image-check.ts';
import { ticketData } from './ticket.ts';
import { removeUpload, storeUpload } from './uploads.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const seatWord = (seats: number[]) =>
  seats.length === 1 ? `Seat ${seats[0]} has` : `Seats ${seats.join(', ')} have`;

export async function bookingRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const tags = ['bookings'];
  const lookupLimit = {
    rateLimit: {
      max: config.lookupRateLimit.perIp,
      timeWindow: config.lookupRateLimit.windowMs,
      groupId: 'traveller-lookup',
    },
  };
  // Only a traveller proving a ticket is limited: staff cancel a trip's bookings one after another, often
  // from an office address that travellers share, and must not be locked out by them.
  const travellerCancelLimit = {
    rateLimit: {
      ...lookupLimit.rateLimit,
      allowList: async (request: FastifyRequest) => {
        await identifyStaff(request, {} as FastifyReply);
        return request.staffId !== undefined;
      },
    },
  };

  app.post(
    '/createBooking',
    {
      schema: { tags, consumes: ['multipart/form-data', 'application/json'] },
      // Against anonymous clients filling every seat with made-up names.
      config: {
        rateLimit: {
          max: config.bookingRateLimit.perIp,
          timeWindow: config.bookingRateLimit.windowMs,
          groupId: 'create-booking',
        },
        brotliQuality: 1,
      },
    },
    async (request, reply) => {
      const form = await readBookingForm(request);
      const parsed = createBookingSchema.safeParse(form.fields);
      if (!parsed.success) {
        const failure = describeIssues(parsed.error.issues, form.fields);
        throw badRequest(failure.message, failure.errors);
      }
      const input = parsed.data;
      const answer = async (booking: Document, trip: Document) => {
        let pdfBlob: string | null = null;
        try {
          pdfBlob = (await app.tickets.render(ticketData(booking, trip))).toString('base64');
        } catch (error) {
          request.log.error({ err: error }, 'ticket PDF failed');
        }
        reply.status(201);
        return { booking, pdfBlob };
      };
      // A resent attempt whose first answer was lost: answer the booking it already made.
      const earlier = input.idempotencyKey && (await findByIdempotencyKey(db, input.idempotencyKey));
      if (earlier) {
        const sameSeats = JSON.stringify(earlier.seats) === JSON.stringify(input.seats);
        if (earlier.tripId !== input.tripId || !sameSeats) {
          throw conflict('This idempotency key was already used for another booking.', {
            code: 'KEY_REUSED',
          });
        }
        return answer(earlier, (await cachedTripDetails(db, input.tripId))!);
      }
      const trip = await cachedTripDetails(db, input.tripId);
      if (!trip) throw notFound('This trip does not exist.');
      if (trip.isCancelled)
        throw conflict('This trip has been cancelled and takes no more bookings.', {
          code: 'TRIP_UNAVAILABLE',
        });
      if (hasDeparted(trip.trip_date as string, trip.trip_boarding_time as string)) {
        throw conflict('This trip has already departed and takes no more bookings.', {
          code: 'TRIP_UNAVAILABLE',
        });
      }
      const bus = trip.busId as { bus_number_of_seats: number };
      const capacity = Number(bus.bus_number_of_seats);
      if (input.seats.some((seat) => seat < 1 || seat > capacity)) {
        throw badRequest(`Seat numbers must be from 1 to ${capacity}.`, {
          seats: `Seat numbers must be from 1 to ${capacity}.`,
        });
      }
      const price = Number((trip.trip_ticket_priceId as { price: number }).price);
      const total = totalPrice(input.seats.length, price);
      if (input.totalTicketPrice !== undefined && Math.abs(input.totalTicketPrice - total) > 0.005) {
        throw conflict(
          `The price has changed: the total for ${input.seats.length} seat(s) is now ${total} SDG.`,
          {
            code: 'PRICE_CHANGED',
            price,
            totalTicketPrice: total,
          },
        );
      }

      let screenshotUrl: string | null = null;
      if (form.screenshot) {
        const image = await recogniseImage(form.screenshot);
        if (!image)
          throw new HttpError(415, 'The payment screenshot must be a JPEG, PNG, WebP or HEIC image.');
        if (isTooLarge(form.screenshot, image.mime))
          throw new HttpError(413, 'The payment screenshot is too large.');
        screenshotUrl = (await storeUpload(config.dataDir, form.screenshot, image.ext)).url;
      }

      let result;
      try {
        result = await createBooking(db, {
          tripId: input.tripId,
          seats: input.seats,
          passenger: input.passengerInfo,
          total,
          bankakScreenshot: screenshotUrl,
          idempotencyKey: input.idempotencyKey,
        });
      } catch (error) {
        await removeUpload(config.dataDir, screenshotUrl);
        throw error;
      }
      // Sold or found taken: either way the cached seat map of this trip is out of date.
      app.searchCache.invalidateTrip(input.tripId);
      if ('tripUnavailable' in result) {
        await removeUpload(config.dataDir, screenshotUrl);
        throw conflict('This trip has been cancelled and takes no more bookings.', {
          code: 'TRIP_UNAVAILABLE',
        });
      }
      if ('takenSeats' in result) {
        await removeUpload(config.dataDir, screenshotUrl);
        throw conflict(`${seatWord(result.takenSeats)} just been taken. Please choose other seats.`, {
          code: 'SEATS_TAKEN',
          takenSeats: result.takenSeats,
        });
      }

      if (result.repeated) await removeUpload(config.dataDir, screenshotUrl);
      return answer(result.booking, trip);
    },
  );

  app.get(
    '/filterBookings',
    { schema: { tags, querystring: travellerProofSchema }, config: lookupLimit },
    async (request) => {
      const { ticketId, phone } = request.query as z.infer<typeof travellerProofSchema>;
      const found = await findByTicket(db, ticketId, phone);
      return found.map(({ tripId, ...booking }) => {
        const trip = tripId as Record<string, any> | null;
        return {
          ...booking,
          tripId: trip?._id ?? null,
          trip: trip && {
            _id: trip._id,
            trip_date: trip.trip_date,
            trip_boarding_time: trip.trip_boarding_time,
            origin_city: trip.trip_originId?.origin_city,
            destination_city: trip.trip_destinationId?.destination_city,
            company_name: trip.busId?.bus_owner_companyId?.company_name,
            bus_number: trip.busId?.bus_number,
            isCancelled: trip.isCancelled,
          },
        };
      });
    },
  );

  app.get(
    '/ticket',
    { schema: { tags, querystring: travellerProofSchema }, config: lookupLimit },
    async (request, reply) => {
      const { ticketId, phone } = request.query as z.infer<typeof travellerProofSchema>;
      const booking = (await findByTicket(db, ticketId, phone)).find((b) => !b.isCancelled);
      if (!booking || !booking.tripId)
        throw notFound('No live booking matches this ticket ID and phone number.');
      const pdf = await app.tickets.render(ticketData(booking, booking.tripId as Record<string, any>));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="ticket-${booking.ticketId}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  app.patch(
    '/cancelBooking/:id',
    {
      schema: { tags, params: idParams, body: optionalTravellerProofSchema },
      preHandler: identifyStaff,
      config: travellerCancelLimit,
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const booking = await findBooking(db, id);
      if (!request.staffId) {
        const proof = request.body as { ticketId?: string; phone?: string } | null;
        const passenger = booking?.passengerInfo as { phone: string } | undefined;
        if (!booking || proof?.ticketId !== booking.ticketId || proof?.phone !== passenger?.phone) {
          throw forbidden('The ticket ID and phone number do not match this booking.');
        }
      }
      if (!booking) throw notFound('No booking has this _id.');
      if (booking.isCancelled) throw conflict('This booking is already cancelled.');
      const trip = booking.tripId as Record<string, any> | null;
      if (trip && hasDeparted(trip.trip_date, trip.trip_boarding_time)) {
        throw conflict('This trip has already departed; the booking can no longer be cancelled.');
      }
      if (!(await cancelBooking(db, id))) throw conflict('This booking is already cancelled.');
      app.searchCache.invalidateTrip(String(trip?._id ?? ''));
      return findBooking(db, id);
    },
  );

  app.delete(
    '/deleteBooking/:id',
    { schema: { tags, params: idParams }, onRequest: requireStaff },
    async (request) => {
      const { id } = request.params as { id: string };
      const booking = await findBooking(db, id);
      if (!booking) throw notFound('No booking has this _id.');
      await deleteBooking(db, id);
      const trip = booking.tripId as { _id?: string } | null;
      if (trip?._id) app.searchCache.invalidateTrip(trip._id);
      await removeUpload(config.dataDir, booking.bankakScreenshot as string | null);
      return booking;
    },
  );
}
