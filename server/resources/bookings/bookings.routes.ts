// /api/bookings beyond the generated list/one: creating (public, multipart), the traveller's look-up and
// ticket re-download, cancelling (staff, or the traveller with ticket id + phone) and deleting. A thin HTTP
// layer: the rules live in the sales module (server/sales), whose outcomes are translated into answers here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bookingContract } from '../../../shared/contract/index.ts';
import { describeIssues } from '../../../shared/registry/index.ts';
import { can } from '../../../shared/roles.ts';
import { actor } from '../../audit/audit.ts';
import { identifyStaff } from '../../auth/staff-guard.ts';
import { companyWhere, staffCompany } from '../../auth/company-scope.ts';
import {
  bookingContext,
  cancel,
  cancellationQuote,
  cancelSeats,
  changeBooking,
  type ChangeRefusal,
  findBooking,
  liveBooking,
  moveBooking,
  type MoveRefusal,
  pairNotForSale,
  quoteChange,
  remove,
  requestRefund,
  type SeatsCancelRefusal,
  sell,
  travellerBookings,
  travellerView,
} from '../../sales/index.ts';
import { clientOf } from '../../http/connections.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { type RefusalTable, refusalError } from '../../http/refusals.ts';
import { normaliseReference } from '../../../shared/payment-reference.ts';
import { withProofBytes } from '../payments/proof-budget.ts';
import { travellersField } from '../boarding/travellers.ts';
import { readBookingForm } from './booking-form.ts';
import { bookingRefusalError, ticketAnswer } from './bookings.answers.ts';
import {
  changeBookingSchema,
  changeQuoteSchema,
  cancelSeatsSchema,
  createBookingSchema,
  moveBookingSchema,
  optionalPaymentFieldsSchema,
  optionalTravellerProofSchema,
  quoteQuerySchema,
  requestRefundSchema,
  travellerProofSchema,
} from './bookings.schemas.ts';
import { ticketData, withTicketCodes } from './ticket.ts';
import { changeContract, disruptionContract } from '../../../shared/contract/index.ts';
import { travellerLimit } from '../../http/traveller-limit.ts';
import { typed } from '../../http/validation.ts';
import { ticketStops } from '../boarding/trip-stops.ts';

const optionalTravellers = travellersField.optional();
const idParams = z.object({ id: z.string().min(1).max(64) });
/** Staff whose role has it cancel a booking without the traveller's proof. */
const STAFF_CANCEL = 'bookings.cancel' as const;
const NO_LIVE_BOOKING = 'No live booking matches this ticket ID and phone number.';
const NOT_WAITING = 'This booking has nothing to choose: its trip was not cancelled, or the choice was made.';
const MOVE_REFUSALS: RefusalTable<MoveRefusal, 'code'> = {
  NOT_FOUND: () => notFound(NO_LIVE_BOOKING),
  NOT_WAITING: () => conflict(NOT_WAITING, { code: 'NOT_WAITING' }),
  TRIP_UNAVAILABLE: () =>
    conflict(
      'That trip cannot take this booking: choose a trip of the same route within the dates offered.',
      {
        code: 'TRIP_UNAVAILABLE',
      },
    ),
  SEAT_COUNT: () => conflict('Choose as many seats as the booking has.', { code: 'SEAT_COUNT' }),
  SEAT_OUT_OF_RANGE: () => conflict('That bus has no such seat.', { code: 'SEAT_OUT_OF_RANGE' }),
  SEATS_TAKEN: (refusal) =>
    conflict('These seats are taken on that trip: choose others.', {
      code: 'SEATS_TAKEN',
      takenSeats: refusal.seats,
    }),
};
const CHANGE_REFUSALS: RefusalTable<ChangeRefusal, 'code'> = {
  NOT_FOUND: () => notFound(NO_LIVE_BOOKING),
  CHANGE_CLOSED: () =>
    conflict('This booking can no longer be changed: changes close 15 minutes before departure.', {
      code: 'CHANGE_CLOSED',
    }),
  PAYMENT_UNDER_REVIEW: () =>
    conflict('A payment proof of this booking waits for staff: change it once they have decided.', {
      code: 'PAYMENT_UNDER_REVIEW',
    }),
  CHANGE_PENDING: () =>
    conflict('A change of this booking is waiting for payment: pay it or let it lapse first.', {
      code: 'CHANGE_PENDING',
    }),
  TRIP_UNAVAILABLE: () =>
    conflict(
      'That trip cannot take this booking: choose a trip of the same route leaving more than 15 minutes from now.',
      { code: 'TRIP_UNAVAILABLE' },
    ),
  SEAT_COUNT: MOVE_REFUSALS.SEAT_COUNT,
  SEAT_OUT_OF_RANGE: MOVE_REFUSALS.SEAT_OUT_OF_RANGE,
  PAIR_NOT_FOR_SALE: () => pairNotForSale(),
  SEATS_TAKEN: MOVE_REFUSALS.SEATS_TAKEN,
  PRICE_CHANGED: (refusal) =>
    conflict(`The price has changed: the new trip now costs ${refusal.newTotal} SDG. Please confirm again.`, {
      code: 'PRICE_CHANGED',
      totalTicketPrice: refusal.newTotal,
    }),
  // As a sale onto that trip is answered.
  UNPAID_LIMIT: (refusal) => bookingRefusalError(refusal),
};
const CANCEL_REFUSALS: RefusalTable<{ refused: SeatsCancelRefusal }> = {
  NOT_YOURS: () => forbidden('The ticket ID and phone number do not match this booking.'),
  NOT_FOUND: () => notFound('No booking has this _id.'),
  ALREADY_CANCELLED: () => conflict('This booking is already cancelled.', { code: 'BOOKING_CANCELLED' }),
  DEPARTED: () =>
    conflict('This trip has already departed; the booking can no longer be cancelled.', {
      code: 'TRIP_DEPARTED',
    }),
  TRIP_CANCELLED: () =>
    conflict('The operator cancelled this trip: choose another trip or a full refund instead.', {
      code: 'TRIP_UNAVAILABLE',
    }),
  PAYMENT_UNDER_REVIEW: () =>
    conflict('A payment proof of this booking waits for staff: cancel some seats once they have decided.', {
      code: 'PAYMENT_UNDER_REVIEW',
    }),
  CHANGE_PENDING: () =>
    conflict('A change of this booking is waiting for payment: pay it or let it lapse first.', {
      code: 'CHANGE_PENDING',
    }),
};
/** A traveller's choice of a refund for a cancelled trip, refused. */
const REFUND_CHOICE_REFUSALS: RefusalTable<
  Extract<Awaited<ReturnType<typeof requestRefund>>, { refused: string }>
> = {
  NOT_FOUND: () => notFound(NO_LIVE_BOOKING),
  NOT_WAITING: () => conflict(NOT_WAITING, { code: 'NOT_WAITING' }),
};
const notInBooking = (seats: number[]) =>
  conflict(`This booking does not hold seat ${seats.join(', ')}.`, { code: 'SEAT_NOT_IN_BOOKING', seats });

export async function bookingRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { config } = app;
  const ctx = bookingContext(app);
  const tags = ['bookings'];
  const lookupLimit = travellerLimit(config);
  // Staff whose role may cancel bookings cancel by id, as themselves, proving nothing (so guessing nothing):
  // they work through a trip's bookings one after another, often from an office address travellers share,
  // and are not limited. Anyone else, a conductor's token or any other included, proves a ticket and counts
  // against the address's look-ups like a traveller.
  const travellerCancelLimit = {
    rateLimit: {
      ...lookupLimit.rateLimit,
      allowList: async (request: FastifyRequest) => {
        await identifyStaff(request, {} as FastifyReply);
        return !!request.staff && can(request.staff.role, STAFF_CANCEL);
      },
    },
  };

  /**
   * The staff member of a traveller's call (cancel, move, refund) made with a staff token: they act as staff,
   * never as the traveller, so their role decides (a conductor, who reads ticket ids and phones at the door, is
   * refused) and their name is logged. Undefined for a traveller.
   */
  const counterStaff = (request: FastifyRequest) => {
    if (!request.staff) return undefined;
    if (!can(request.staff.role, STAFF_CANCEL))
      throw forbidden(
        'Your role does not allow cancelling or changing bookings: a cashier, a manager or an admin does it, or the traveller with the ticket ID and phone.',
        { code: 'ROLE_CANNOT_CANCEL' },
      );
    return request.staff;
  };

  app.post(
    '/createBooking',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data', 'application/json'],
        form: bookingContract.createBooking.form,
        response: bookingContract.createBooking.responses,
      },
      // Against anonymous clients filling every seat with made-up names.
      config: {
        access: 'public',
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
      const payment = optionalPaymentFieldsSchema.safeParse(form.fields);
      if (!payment.success) {
        const failure = describeIssues(payment.error.issues, form.fields);
        throw badRequest(failure.message, failure.errors);
      }
      const travellers = optionalTravellers.safeParse(form.fields.passengers);
      if (!travellers.success) {
        const failure = describeIssues(travellers.error.issues, form.fields.passengers);
        throw badRequest(failure.message, { passengers: failure.message });
      }
      // A proof's bytes count against the address's budget only when the sale stores it.
      const outcome = await withProofBytes(
        request,
        form.screenshot?.length,
        () =>
          sell(
            ctx,
            parsed.data,
            {
              by: 'traveller',
              method: payment.data.paymentMethod,
              reference: payment.data.paymentReference && normaliseReference(payment.data.paymentReference),
              proof: form.screenshot,
              source: { address: clientOf(request), device: parsed.data.deviceId ?? null },
            },
            travellers.data,
          ),
        (result) => 'sold' in result,
      );
      if ('refused' in outcome) throw bookingRefusalError(outcome.refused);
      reply.status(201);
      return ticketAnswer(app, request, outcome.sold, outcome.trip);
    },
  );

  app.get(
    '/filterBookings',
    {
      schema: {
        tags,
        querystring: travellerProofSchema,
        response: bookingContract.filterBookings.responses,
      },
      config: { ...lookupLimit, access: 'public' },
    },
    async (request) => {
      const { ticketId, phone } = request.query;
      return withTicketCodes(await travellerBookings(ctx, ticketId, phone), app.ticketSigner);
    },
  );

  app.get(
    '/ticket',
    {
      schema: { tags, querystring: travellerProofSchema, response: bookingContract.ticket.responses },
      config: { ...lookupLimit, access: 'public' },
    },
    async (request, reply) => {
      const { ticketId, phone } = request.query;
      const found = await liveBooking(ctx, ticketId, phone);
      if (!found) throw notFound('No live booking matches this ticket ID and phone number.');
      const { stops, legs } = await ticketStops(app.db, String(found.booking._id), found.trip.trip_stops);
      const pdf = await app.tickets.render(
        ticketData({ ...found.booking, ...legs }, found.trip, app.ticketSigner, stops),
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="ticket-${found.booking.ticketId}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  // Before a traveller confirms a cancellation: what they will get back, by the rules their booking was sold
  // under. Limited with the look-up (it proves the same ticket id and phone).
  app.get(
    '/cancellationQuote',
    {
      schema: {
        tags,
        querystring: quoteQuerySchema,
        response: bookingContract.cancellationQuote.responses,
      },
      config: { ...lookupLimit, access: 'public' },
    },
    async (request, reply) => {
      const { ticketId, phone, seats } = request.query;
      const quote = await cancellationQuote(ctx, ticketId, phone, seats?.split(',').map(Number));
      if (!quote) throw notFound(NO_LIVE_BOOKING);
      if (quote.tripCancelled) throw refusalError(CANCEL_REFUSALS, { refused: 'TRIP_CANCELLED' });
      if (quote.notInBooking) throw notInBooking(quote.notInBooking);
      reply.header('Cache-Control', 'no-store');
      const { booking, rules, paid, refund, keptPercent, minutesBefore, departed } = quote;
      return {
        bookingId: String(booking._id),
        ticketId: String(booking.ticketId),
        ...{ paid, refund, keptPercent, minutesBefore, departed, rules, seats: quote.seats },
      };
    },
  );

  app.patch(
    '/cancelBooking/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: optionalTravellerProofSchema,
        response: bookingContract.cancelBooking.responses,
      },
      preHandler: identifyStaff,
      // A traveller with the ticket id and phone, or staff whose role may cancel bookings (checked below).
      // No `audit` here: the service records every cancellation, staff's or a traveller's, in its transaction.
      config: {
        ...travellerCancelLimit,
        access: 'public',
        staffAccess: STAFF_CANCEL,
        scope: { id: 'booking' },
      },
    },
    async (request) => {
      const { id } = request.params;
      const proof = (request.body ?? {}) as { ticketId?: string; phone?: string };
      const outcome = await cancel(
        ctx,
        id,
        counterStaff(request) ? { staff: actor(request) } : { ...proof, ip: request.ip },
      );
      if ('refused' in outcome) throw refusalError(CANCEL_REFUSALS, outcome);
      return travellerView(outcome.cancelled);
    },
  );

  // Some seats of a booking, the others kept under its ticket id: proven and limited as cancelBooking is.
  app.patch(
    '/cancelSeats/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: cancelSeatsSchema,
        response: bookingContract.cancelSeats.responses,
      },
      preHandler: identifyStaff,
      // No `audit` here: the service records the seats cancelled in the activity log, in its transaction.
      config: {
        ...travellerCancelLimit,
        access: 'public',
        staffAccess: STAFF_CANCEL,
        scope: { id: 'booking' },
      },
    },
    async (request) => {
      const { seats, ticketId, phone } = request.body;
      const by = counterStaff(request) ? { staff: actor(request) } : { ticketId, phone, ip: request.ip };
      const outcome = await cancelSeats(ctx, request.params.id, seats, by);
      if ('refused' in outcome) throw refusalError(CANCEL_REFUSALS, outcome);
      if ('notInBooking' in outcome) throw notInBooking(outcome.notInBooking);
      const { booking, ...cancelled } = outcome.cancelled;
      return { ...cancelled, booking: travellerView(booking) };
    },
  );

  app.delete(
    '/deleteBooking/:id',
    {
      schema: { tags, params: idParams, response: bookingContract.deleteBooking.responses },
      config: {
        access: 'bookings.delete',
        scope: { id: 'booking' },
        audit: { action: 'delete', resource: 'bookings', byService: true },
      },
    },
    async (request) => {
      const booking = await remove(ctx, request.params.id, actor(request));
      if (!booking) throw notFound('No booking has this _id.');
      return booking;
    },
  );

  /**
   * A company's staff act for travellers of their company's trips only: another company's booking, named by
   * its ticket id and phone, is not found (as for a traveller whose proof does not match), and nothing is
   * logged under their name.
   */
  const ownCompanyBooking = async (request: FastifyRequest, proof: { ticketId: string; phone: string }) => {
    const companyId = staffCompany(request);
    if (!companyId) return;
    const found = await app.db
      .selectFrom('bookings')
      .select('id')
      .where('ticketId', '=', proof.ticketId)
      .where('phone', '=', proof.phone)
      .where(companyWhere(app.db, 'booking', companyId))
      .executeTakeFirst();
    if (!found) throw notFound(NO_LIVE_BOOKING);
  };

  // A cancelled trip's traveller chooses: another trip of the route (free), or a full refund. Proven by the
  // ticket id and phone, limited like the look-up; staff at the counter do it for them (their role decides,
  // their name is logged).
  const choiceActor = async (request: FastifyRequest, proof: { ticketId: string; phone: string }) => {
    const staff = counterStaff(request);
    await ownCompanyBooking(request, proof);
    return { userId: staff?.id ?? null, userLabel: staff?.email ?? null, ip: request.ip };
  };

  app.post(
    '/moveBooking',
    {
      schema: { tags, body: moveBookingSchema, response: disruptionContract.moveBooking.responses },
      preHandler: identifyStaff,
      config: { ...lookupLimit, access: 'public' },
    },
    async (request) => {
      const body = request.body;
      const outcome = await moveBooking(app.db, body, await choiceActor(request, body), app.clock.now());
      if ('refused' in outcome) throw refusalError(MOVE_REFUSALS, outcome.refused, 'code');
      return travellerView((await findBooking(app.db, outcome.moved))!);
    },
  );

  app.post(
    '/requestRefund',
    {
      schema: { tags, body: requestRefundSchema, response: disruptionContract.requestRefund.responses },
      preHandler: identifyStaff,
      config: { ...lookupLimit, access: 'public' },
    },
    async (request) => {
      const body = request.body;
      const outcome = await requestRefund(app.db, body, await choiceActor(request, body), app.clock.now());
      if ('refused' in outcome) throw refusalError(REFUND_CHOICE_REFUSALS, outcome);
      return travellerView((await findBooking(app.db, outcome.refunded))!);
    },
  );

  // Another day: the quote first (nothing held), then the change. Proven by the ticket id and phone, limited
  // like the look-up; staff at the counter do it for them (their role decides, their name is logged).
  app.get(
    '/changeQuote',
    {
      schema: { tags, querystring: changeQuoteSchema, response: changeContract.changeQuote.responses },
      config: { ...lookupLimit, access: 'public' },
    },
    async (request, reply) => {
      const outcome = await quoteChange(ctx, request.query);
      if ('refused' in outcome) throw refusalError(CHANGE_REFUSALS, outcome.refused, 'code');
      reply.header('Cache-Control', 'no-store');
      return outcome.quote;
    },
  );

  app.post(
    '/changeBooking',
    {
      schema: { tags, body: changeBookingSchema, response: changeContract.changeBooking.responses },
      preHandler: identifyStaff,
      config: { ...lookupLimit, access: 'public' },
    },
    async (request) => {
      const staff = counterStaff(request);
      await ownCompanyBooking(request, request.body);
      const outcome = await changeBooking(
        ctx,
        request.body,
        staff ? { userId: staff.id, userLabel: staff.email, ip: request.ip } : { ip: request.ip },
      );
      if ('refused' in outcome) throw refusalError(CHANGE_REFUSALS, outcome.refused, 'code');
      const { quote } = outcome;
      const pending = 'awaitingPayment' in outcome ? outcome.awaitingPayment : undefined;
      return {
        bookingId: pending?.bookingId ?? ('changed' in outcome ? outcome.changed : ''),
        ticketId: request.body.ticketId,
        ...quote,
        state: pending ? ('awaiting_payment' as const) : ('changed' as const),
        change: pending ? { ticketId: pending.ticketId, deadline: pending.deadline } : null,
      };
    },
  );
}
