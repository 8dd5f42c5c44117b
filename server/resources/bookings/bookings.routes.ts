// /api/bookings beyond the generated list/one: creating (public, multipart), the traveller's look-up and
// ticket re-download, cancelling (staff, or the traveller with ticket id + phone) and deleting. A thin HTTP
// layer: the rules live in bookings.service.ts, whose outcomes are translated into answers here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeIssues } from '../../../shared/registry/index.ts';
import { identifyStaff, requireStaff } from '../../auth/staff-guard.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Document } from '../crud/row-mapper.ts';
import { readBookingForm } from './booking-form.ts';
import {
  createBookingSchema,
  optionalTravellerProofSchema,
  travellerProofSchema,
} from './bookings.schemas.ts';
import {
  type BookingContext,
  cancel,
  liveBooking,
  remove,
  type SaleRefusal,
  sell,
  travellerBookings,
} from './bookings.service.ts';
import { ticketData } from './ticket.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const seatWord = (seats: number[]) =>
  seats.length === 1 ? `Seat ${seats[0]} has` : `Seats ${seats.join(', ')} have`;

const UNAVAILABLE = {
  cancelled: 'This trip has been cancelled and takes no more bookings.',
  departed: 'This trip has already departed and takes no more bookings.',
  out_of_service: "This trip's bus is out of service; it takes no bookings for now.",
};

/** A refused sale as the API answers it. */
function refusalError(refusal: SaleRefusal): HttpError {
  switch (refusal.code) {
    case 'TRIP_NOT_FOUND':
      return notFound('This trip does not exist.');
    case 'TRIP_UNAVAILABLE':
      return conflict(UNAVAILABLE[refusal.reason], { code: 'TRIP_UNAVAILABLE' });
    case 'SEAT_OUT_OF_RANGE': {
      const message = `Seat numbers must be from 1 to ${refusal.capacity}.`;
      return badRequest(message, { seats: message });
    }
    case 'PRICE_CHANGED':
      return conflict(
        `The price has changed: the total for ${refusal.seats} seat(s) is now ${refusal.total} SDG.`,
        {
          code: 'PRICE_CHANGED',
          price: refusal.price,
          totalTicketPrice: refusal.total,
        },
      );
    case 'SEATS_TAKEN':
      return conflict(`${seatWord(refusal.seats)} just been taken. Please choose other seats.`, {
        code: 'SEATS_TAKEN',
        takenSeats: refusal.seats,
      });
    case 'KEY_REUSED':
      return conflict('This idempotency key was already used for another booking.', { code: 'KEY_REUSED' });
    case 'KEY_CANCELLED':
      return conflict('The booking made with this idempotency key has been cancelled.', {
        code: 'KEY_CANCELLED',
      });
    case 'PROOF_NOT_IMAGE':
      return new HttpError(415, 'The payment screenshot must be a JPEG, PNG, WebP or HEIC image.');
    case 'PROOF_TOO_LARGE':
      return new HttpError(413, 'The payment screenshot is too large.');
  }
}

const CANCEL_REFUSALS = {
  NOT_YOURS: () => forbidden('The ticket ID and phone number do not match this booking.'),
  NOT_FOUND: () => notFound('No booking has this _id.'),
  ALREADY_CANCELLED: () => conflict('This booking is already cancelled.'),
  DEPARTED: () => conflict('This trip has already departed; the booking can no longer be cancelled.'),
};

export async function bookingRoutes(app: FastifyInstance) {
  const { config } = app;
  const ctx: BookingContext = { db: app.db, dataDir: config.dataDir };
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

  /** The ticket PDF as base64, or null when it could not be made (the booking stands; it can be fetched again). */
  const ticketBase64 = async (request: FastifyRequest, booking: Document, trip: Document) => {
    try {
      return (await app.tickets.render(ticketData(booking, trip))).toString('base64');
    } catch (error) {
      request.log.error({ err: error }, 'ticket PDF failed');
      return null;
    }
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
      const outcome = await sell(ctx, parsed.data, form.screenshot);
      if ('refused' in outcome) throw refusalError(outcome.refused);
      reply.status(201);
      return { booking: outcome.sold, pdfBlob: await ticketBase64(request, outcome.sold, outcome.trip) };
    },
  );

  app.get(
    '/filterBookings',
    { schema: { tags, querystring: travellerProofSchema }, config: lookupLimit },
    async (request) => {
      const { ticketId, phone } = request.query as z.infer<typeof travellerProofSchema>;
      return travellerBookings(ctx, ticketId, phone);
    },
  );

  app.get(
    '/ticket',
    { schema: { tags, querystring: travellerProofSchema }, config: lookupLimit },
    async (request, reply) => {
      const { ticketId, phone } = request.query as z.infer<typeof travellerProofSchema>;
      const found = await liveBooking(ctx, ticketId, phone);
      if (!found) throw notFound('No live booking matches this ticket ID and phone number.');
      const pdf = await app.tickets.render(ticketData(found.booking, found.trip));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="ticket-${found.booking.ticketId}.pdf"`)
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
      const proof = (request.body ?? {}) as { ticketId?: string; phone?: string };
      const outcome = await cancel(ctx, id, request.staffId ? { staff: true } : proof);
      if ('refused' in outcome) throw CANCEL_REFUSALS[outcome.refused]();
      return outcome.cancelled;
    },
  );

  app.delete(
    '/deleteBooking/:id',
    { schema: { tags, params: idParams }, onRequest: requireStaff },
    async (request) => {
      const booking = await remove(ctx, (request.params as { id: string }).id);
      if (!booking) throw notFound('No booking has this _id.');
      return booking;
    },
  );
}
