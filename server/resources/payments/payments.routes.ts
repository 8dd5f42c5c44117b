// Payment calls. Under /api/bookings: the traveller's later proof (public), staff verifying or rejecting it,
// and the counter sale. Under /api/payments: the queue of proofs waiting, one payment's review, the cancelled
// bookings whose proof waits for a money check; the refunds owed (refunds.routes.ts) and the bank statement
// import (statement.routes.ts). A thin HTTP layer over the sales module (server/sales/payments.service.ts).
import type { FastifyInstance } from 'fastify';
import { staffCompany } from '../../auth/company-scope.ts';
import { z } from 'zod';
import { paymentContract as contract } from '../../../shared/contract/index.ts';
import { REJECTION_REASONS } from '../../../shared/payments.ts';
import { actor } from '../../audit/audit.ts';
import { clientOf } from '../../http/connections.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { type RefusalTable, refusalError } from '../../http/refusals.ts';
import { readBookingForm } from '../bookings/booking-form.ts';
import {
  createBookingSchema,
  deviceIdField,
  paymentFieldsSchema,
  travellerProofSchema,
} from '../bookings/bookings.schemas.ts';
import {
  bookingContext,
  bookingRow,
  type CancelledProofOutcome,
  type CashOutcome,
  cancelledProofs,
  checkCancelledProof,
  type DecisionOutcome,
  findBookingDocument,
  flagsOf,
  payInCash,
  proofQueue,
  proofRefusal,
  proofsOf,
  reject,
  sell,
  submitProof,
  travellerView,
  verify,
} from '../../sales/index.ts';
import { bookingRefusalError, proofRefusalError, ticketAnswer } from '../bookings/bookings.answers.ts';
import { refuseWhenSpent, withProofBytes } from './proof-budget.ts';
import { refundRoutes } from './refunds.routes.ts';
import { idParams, page, parse } from './route-helpers.ts';
import { statementRoutes } from './statement.routes.ts';
import { travellerLimit } from '../../http/traveller-limit.ts';
import { typed } from '../../http/validation.ts';

const submitProofSchema = travellerProofSchema
  .extend(paymentFieldsSchema.shape)
  .extend({ deviceId: deviceIdField });
const OVERRIDE_NOTE =
  'Please say why you verify this payment despite the duplicate (a note of at least 3 characters).';
const SEEN_FORMAT = 'seen is the proof looked at: {paymentReference, bankakScreenshot}, each a text or null.';
const seenValue = z.string({ error: SEEN_FORMAT }).max(500, { error: SEEN_FORMAT }).nullable();
const verifyBody = z
  .object({
    override: z.boolean().optional(),
    note: z.string().trim().max(500).optional(),
    seen: z
      .object({ paymentReference: seenValue, bankakScreenshot: seenValue }, { error: SEEN_FORMAT })
      .strict()
      .optional(),
  })
  .nullish()
  .refine((body) => !body?.override || (body.note ?? '').length >= 3, { error: OVERRIDE_NOTE });
const payInCashBody = z.object({
  totalTicketPrice: z
    .number({ error: 'Please send the amount you took (totalTicketPrice, in SDG).' })
    .min(0, { error: 'Please send the amount you took (totalTicketPrice, in SDG).' }),
});
const cancelledProofBody = z
  .object({
    moneyArrived: z.boolean({ error: 'Please say whether the money arrived (moneyArrived: true or false).' }),
    override: z.boolean().optional(),
    note: z.string().trim().max(500).optional(),
  })
  .refine((body) => !body.override || (body.note ?? '').length >= 3, { error: OVERRIDE_NOTE });
const rejectBody = z.object({
  reason: z.enum(REJECTION_REASONS, { error: `The reason must be one of: ${REJECTION_REASONS.join(', ')}.` }),
  note: z.string().trim().max(500).optional(),
});
const NO_PROOF_NOTE =
  'This booking has no payment proof: say how you checked that the money arrived (a note of at least 3 characters).';
const counterSaleBody = createBookingSchema.extend(paymentFieldsSchema.shape).extend({
  paymentReference: paymentFieldsSchema.shape.paymentReference.optional(),
});

type Refused<O> = Extract<O, { refused: string }>;

/** How each refused payment decision is answered. */
const DECISION_REFUSALS: RefusalTable<Refused<DecisionOutcome>> = {
  NOT_FOUND: () => notFound('No booking has this _id.'),
  CANCELLED: () =>
    conflict('This booking is cancelled: its payment can no longer be decided.', {
      code: 'BOOKING_CANCELLED',
    }),
  ALREADY_DECIDED: (refusal) =>
    conflict(`This payment has already been decided (${refusal.status}).`, {
      code: 'ALREADY_DECIDED',
      paymentStatus: refusal.status,
    }),
  NO_PROOF: () => conflict('This booking has no payment proof to reject yet.', { code: 'NO_PROOF' }),
  NOTE_REQUIRED: () => conflict(NO_PROOF_NOTE, { code: 'NOTE_REQUIRED' }),
  PROOF_CHANGED: () =>
    conflict(
      'The traveller sent another proof since you opened this one: look at the new proof before deciding.',
      { code: 'PROOF_CHANGED' },
    ),
  FLAGGED: (refusal) =>
    conflict(
      "This payment's reference or proof image is also another booking's. Verify it only if you are sure, with a note saying why.",
      { code: 'DUPLICATE_PROOF', flags: refusal.flags },
    ),
};

/** How each refused cash payment at the desk is answered. */
const CASH_REFUSALS: RefusalTable<Refused<CashOutcome>> = {
  NOT_FOUND: DECISION_REFUSALS.NOT_FOUND,
  CANCELLED: DECISION_REFUSALS.CANCELLED,
  ALREADY_DECIDED: DECISION_REFUSALS.ALREADY_DECIDED,
  NO_OPEN_SHIFT: () =>
    conflict(
      'You have no open shift: open your shift with the cash in the drawer before taking cash at the counter.',
      { code: 'NO_OPEN_SHIFT' },
    ),
  HAS_PROOF: () =>
    conflict(
      'The traveller sent a proof of a transfer for this booking: the money may already be in the account. Decide the proof in the review instead.',
      { code: 'PROOF_SENT' },
    ),
  LAPSED: () =>
    conflict(
      'This booking’s hold has lapsed and its seats may be sold: sell the seats at the counter instead.',
      {
        code: 'HOLD_LAPSED',
      },
    ),
  AMOUNT_CHANGED: (refusal) =>
    conflict(
      `What this booking costs changed: it is now ${refusal.totalTicketPrice} SDG. Look at it again.`,
      {
        code: 'PRICE_CHANGED',
        totalTicketPrice: refusal.totalTicketPrice,
      },
    ),
};

/** How each refused check of a cancelled booking's proof is answered. */
const CANCELLED_CHECK_REFUSALS: RefusalTable<Refused<CancelledProofOutcome>> = {
  NOT_FOUND: DECISION_REFUSALS.NOT_FOUND,
  BOOKING_LIVE: () =>
    conflict('This booking is not cancelled: its proof is checked in the queue.', { code: 'BOOKING_LIVE' }),
  NO_PROOF: () => conflict('This booking has no payment proof to check.', { code: 'NO_PROOF' }),
  ALREADY_DECIDED: DECISION_REFUSALS.ALREADY_DECIDED,
  FLAGGED: DECISION_REFUSALS.FLAGGED,
};

function decisionAnswer(outcome: DecisionOutcome) {
  if ('decided' in outcome) return outcome.decided;
  throw refusalError(DECISION_REFUSALS, outcome);
}

/** Under /api/bookings. */
export async function bookingPaymentRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const ctx = bookingContext(app);
  const tags = ['payments'];
  const { config } = app;

  app.post(
    '/submitProof',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        form: contract.submitProof.form,
        response: contract.submitProof.responses,
      },
      config: {
        access: 'public',
        ...travellerLimit(config),
      },
    },
    async (request) => {
      await refuseWhenSpent(request);
      // A proof for no booking, or for one not waiting for it, is refused before its file is read.
      const form = await readBookingForm(request, async (early) => {
        const proof = travellerProofSchema.safeParse(early);
        const refusal = proof.success && (await proofRefusal(ctx, proof.data.ticketId, proof.data.phone));
        if (refusal && 'refused' in refusal) throw proofRefusalError(refusal);
      });
      const fields = parse(submitProofSchema, form.fields);
      if (!form.screenshot)
        throw badRequest('Please attach the screenshot of your payment.', {
          bankakScreenshot: 'Please attach the screenshot of your payment.',
        });
      const image = form.screenshot;
      const outcome = await withProofBytes(
        request,
        image.length,
        () =>
          submitProof(ctx, {
            ticketId: fields.ticketId,
            phone: fields.phone,
            reference: fields.paymentReference,
            method: fields.paymentMethod,
            image,
            sender: { address: clientOf(request), device: fields.deviceId ?? null },
          }),
        (result) => 'accepted' in result,
      );
      if ('refused' in outcome) throw proofRefusalError(outcome);
      return travellerView(outcome.accepted);
    },
  );

  app.patch(
    '/verifyPayment/:id',
    {
      schema: {
        tags,
        params: idParams,
        form: contract.verifyPayment.form,
        response: contract.verifyPayment.responses,
      },
      config: {
        access: 'payments.review',
        scope: { id: 'booking' },
        audit: { action: 'verify_payment', resource: 'bookings', byService: true },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = parse(verifyBody, request.body);
      return decisionAnswer(
        await verify(ctx, id, {
          staffId: request.staffId!,
          actor: actor(request),
          company: staffCompany(request),
          via: 'review',
          override: body?.override ? body.note : undefined,
          note: body?.note,
          seen: body?.seen,
        }),
      );
    },
  );

  app.patch(
    '/payInCash/:id',
    {
      schema: {
        tags,
        params: idParams,
        form: contract.payInCash.form,
        response: contract.payInCash.responses,
      },
      config: {
        access: 'sales.counter',
        scope: { id: 'booking' },
        audit: { action: 'pay_in_cash', resource: 'bookings', byService: true },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = parse(payInCashBody, request.body);
      const outcome = await payInCash(ctx, id, {
        staffId: request.staffId!,
        actor: actor(request),
        amount: body.totalTicketPrice,
      });
      if ('refused' in outcome) throw refusalError(CASH_REFUSALS, outcome);
      return outcome.paid;
    },
  );

  app.patch(
    '/rejectPayment/:id',
    {
      schema: {
        tags,
        params: idParams,
        form: contract.rejectPayment.form,
        response: contract.rejectPayment.responses,
      },
      config: {
        access: 'payments.review',
        scope: { id: 'booking' },
        audit: { action: 'reject_payment', resource: 'bookings', byService: true },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = parse(rejectBody, request.body);
      return decisionAnswer(await reject(ctx, id, { ...body, actor: actor(request) }));
    },
  );

  app.post(
    '/counterSale',
    {
      schema: { tags, form: contract.counterSale.form, response: contract.counterSale.responses },
      config: {
        brotliQuality: 1,
        access: 'sales.counter',
        scope: { body: { tripId: 'trip' } },
        audit: { action: 'counter_sale', resource: 'bookings', byService: true },
      },
    },
    async (request, reply) => {
      const body = parse(counterSaleBody, request.body);
      const outcome = await sell(ctx, body, {
        by: 'counter',
        staffId: request.staffId!,
        actor: actor(request),
        company: staffCompany(request),
        method: body.paymentMethod,
        reference: body.paymentReference,
      });
      if ('refused' in outcome) throw bookingRefusalError(outcome.refused);
      reply.status(201);
      return ticketAnswer(app, request, outcome.sold, outcome.trip);
    },
  );
}

/** Under /api/payments. */
export async function paymentRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const ctx = bookingContext(app);
  const tags = ['payments'];

  app.get(
    '/getQueue',
    {
      schema: { tags, querystring: page, response: contract.getQueue.responses },
      config: { access: 'payments.review', scope: { list: 'booking' } },
    },
    async (request, reply) => {
      const { _start, _end } = request.query;
      const { documents, total } = await proofQueue(ctx.db, _start, _end, request.companyScope);
      reply.header('X-Total-Count', String(total));
      return documents;
    },
  );

  app.get(
    '/getPayment/:id',
    {
      schema: { tags, params: idParams, response: contract.getPayment.responses },
      config: { access: 'payments.review', scope: { id: 'booking' } },
    },
    async (request) => {
      const { id } = request.params;
      const row = await bookingRow(ctx.db, id);
      if (!row) throw notFound('No booking has this _id.');
      return {
        booking: await findBookingDocument(ctx.db, id),
        flags: await flagsOf(ctx.db, row, staffCompany(request)),
        proofs: await proofsOf(ctx.db, id),
      };
    },
  );

  app.get(
    '/getCancelledProofs',
    {
      schema: { tags, querystring: page, response: contract.getCancelledProofs.responses },
      config: { access: 'payments.review', scope: { list: 'booking' } },
    },
    async (request, reply) => {
      const { _start, _end } = request.query;
      const { documents, total } = await cancelledProofs(ctx.db, _start, _end, request.companyScope);
      reply.header('X-Total-Count', String(total));
      return documents;
    },
  );

  app.patch(
    '/checkCancelledProof/:id',
    {
      schema: {
        tags,
        params: idParams,
        form: contract.checkCancelledProof.form,
        response: contract.checkCancelledProof.responses,
      },
      config: {
        access: 'payments.review',
        scope: { id: 'booking' },
        audit: { action: 'cancelled_proof_checked', resource: 'bookings', byService: true },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = parse(cancelledProofBody, request.body);
      const outcome = await checkCancelledProof(ctx, id, {
        staffId: request.staffId!,
        actor: actor(request),
        company: staffCompany(request),
        moneyArrived: body.moneyArrived,
        override: body.override ? body.note : undefined,
        note: body.note,
      });
      if ('checked' in outcome) return outcome.checked;
      throw refusalError(CANCELLED_CHECK_REFUSALS, outcome);
    },
  );

  await refundRoutes(app);
  await statementRoutes(app);
}
