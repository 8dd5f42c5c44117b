// Payment calls. Under /api/bookings: the traveller's later proof (public), staff verifying or rejecting it,
// and the counter sale. Under /api/payments: the queue of proofs waiting, one payment's review, the bank
// statement import and the refunds owed. A thin HTTP layer over payments.service.ts and statement.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paymentContract as contract } from '../../../shared/contract/index.ts';
import { PAYMENT_METHODS, REJECTION_REASONS } from '../../../shared/payments.ts';
import { statementMapping } from '../../../shared/contract/answers.ts';
import { describeIssues } from '../../../shared/registry/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { hit } from '../../http/rate-limit-store.ts';
import { readBookingForm } from '../bookings/booking-form.ts';
import { createBookingSchema, deviceIdField, travellerProofSchema } from '../bookings/bookings.schemas.ts';
import { type BookingContext, sell, travellerView } from '../bookings/bookings.service.ts';
import { bookingRefusalError, proofRefusalError, ticketAnswer } from '../bookings/bookings.answers.ts';
import { bookingRow, findBookingDocument, flagsOf, proofQueue, refundList } from './payments.repository.ts';
import { proofsOf } from './proofs.ts';
import { markRefundPaid, reject, submitProof, verify, type DecisionOutcome } from './payments.service.ts';
import { importStatement, type Mapping } from './statement.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const page = z.object({
  _start: z.coerce.number().int().min(0).default(0),
  _end: z.coerce.number().int().min(0).default(25),
});

const REFERENCE = 'Please enter the transaction number of your payment.';
const METHOD = `The payment method must be one of: ${PAYMENT_METHODS.join(', ')}.`;
export const paymentFieldsSchema = z.object({
  paymentReference: z
    .string({ error: REFERENCE })
    .trim()
    .min(3, { error: REFERENCE })
    .max(64, { error: 'The transaction number must be at most 64 characters.' }),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: METHOD }),
});
/** createBooking may carry them beside its proof (or not, when the proof comes later). */
export const optionalPaymentFieldsSchema = paymentFieldsSchema.partial();

const submitProofSchema = travellerProofSchema
  .extend(paymentFieldsSchema.shape)
  .extend({ deviceId: deviceIdField });
const verifyBody = z
  .object({
    override: z.boolean().optional(),
    note: z.string().trim().max(500).optional(),
  })
  .nullish()
  .refine((body) => !body?.override || (body.note ?? '').length >= 3, {
    error: 'Please say why you verify this payment despite the duplicate (a note of at least 3 characters).',
  });
const rejectBody = z.object({
  reason: z.enum(REJECTION_REASONS, { error: `The reason must be one of: ${REJECTION_REASONS.join(', ')}.` }),
  note: z.string().trim().max(500).optional(),
});
const refundBody = z.object({
  refundReference: z
    .string({ error: 'Please enter the transaction number of the refund.' })
    .trim()
    .min(1, { error: 'Please enter the transaction number of the refund.' })
    .max(64),
});
const counterSaleBody = createBookingSchema.extend(paymentFieldsSchema.shape).extend({
  paymentReference: paymentFieldsSchema.shape.paymentReference.optional(),
});

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const failure = describeIssues(parsed.error.issues, input);
  throw badRequest(failure.message, failure.errors);
}

function decisionAnswer(outcome: DecisionOutcome) {
  if ('decided' in outcome) return outcome.decided;
  switch (outcome.refused) {
    case 'NOT_FOUND':
      return notFound('No booking has this _id.');
    case 'CANCELLED':
      return conflict('This booking is cancelled: its payment can no longer be decided.', {
        code: 'BOOKING_CANCELLED',
      });
    case 'ALREADY_DECIDED':
      return conflict(`This payment has already been decided (${outcome.status}).`, {
        code: 'ALREADY_DECIDED',
        paymentStatus: outcome.status,
      });
    case 'NO_PROOF':
      return conflict('This booking has no payment proof to reject yet.', { code: 'NO_PROOF' });
    case 'FLAGGED':
      return conflict(
        "This payment's reference or proof image is also another booking's. Verify it only if you are sure, with a note saying why.",
        { code: 'DUPLICATE_PROOF', flags: outcome.flags },
      );
  }
}

/** The proof bytes one address may send per hour: a flood of large uploads is refused, not stored. */
export async function countProofBytes(request: FastifyRequest, bytes: number) {
  const { db, config } = request.server;
  const used = await hit(db, `proof-bytes|${request.ip}`, 3_600_000, bytes);
  if (used.current > config.payments.proofBytesPerIpPerHour) {
    throw new HttpError(429, 'Too many payment proofs were sent from this address. Please try again later.');
  }
}

export function bookingContext(app: FastifyInstance): BookingContext {
  return { db: app.db, clock: app.clock, payments: app.config.payments };
}

/** Under /api/bookings. */
export async function bookingPaymentRoutes(app: FastifyInstance) {
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
        rateLimit: {
          max: config.lookupRateLimit.perIp,
          timeWindow: config.lookupRateLimit.windowMs,
          groupId: 'traveller-lookup',
        },
      },
    },
    async (request) => {
      const form = await readBookingForm(request);
      const fields = parse(submitProofSchema, form.fields);
      if (!form.screenshot)
        throw badRequest('Please attach the screenshot of your payment.', {
          bankakScreenshot: 'Please attach the screenshot of your payment.',
        });
      await countProofBytes(request, form.screenshot.length);
      const outcome = await submitProof(ctx, {
        ticketId: fields.ticketId,
        phone: fields.phone,
        reference: fields.paymentReference,
        method: fields.paymentMethod,
        image: form.screenshot,
        sender: { address: request.ip, device: fields.deviceId ?? null },
      });
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
        audit: { action: 'verify_payment', resource: 'bookings', before: findBookingDocument },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const body = parse(verifyBody, request.body);
      const answer = decisionAnswer(
        await verify(ctx, id, {
          staffId: request.staffId!,
          via: 'review',
          override: body?.override ? body.note : undefined,
        }),
      );
      if (answer instanceof HttpError) throw answer;
      return answer;
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
        audit: { action: 'reject_payment', resource: 'bookings', before: findBookingDocument },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const body = parse(rejectBody, request.body);
      const answer = decisionAnswer(await reject(ctx, id, body));
      if (answer instanceof HttpError) throw answer;
      return answer;
    },
  );

  app.post(
    '/counterSale',
    {
      schema: { tags, form: contract.counterSale.form, response: contract.counterSale.responses },
      config: {
        brotliQuality: 1,
        access: 'sales.counter',
        audit: { action: 'counter_sale', resource: 'bookings' },
      },
    },
    async (request, reply) => {
      const body = parse(counterSaleBody, request.body);
      const outcome = await sell(ctx, body, {
        by: 'counter',
        staffId: request.staffId!,
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
export async function paymentRoutes(app: FastifyInstance) {
  const ctx = bookingContext(app);
  const tags = ['payments'];

  app.get(
    '/getQueue',
    {
      schema: { tags, querystring: page, response: contract.getQueue.responses },
      config: { access: 'payments.review' },
    },
    async (request, reply) => {
      const { _start, _end } = request.query as z.infer<typeof page>;
      const { documents, total } = await proofQueue(ctx.db, _start, _end);
      reply.header('X-Total-Count', String(total));
      return documents;
    },
  );

  app.get(
    '/getPayment/:id',
    {
      schema: { tags, params: idParams, response: contract.getPayment.responses },
      config: { access: 'payments.review' },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const row = await bookingRow(ctx.db, id);
      if (!row) throw notFound('No booking has this _id.');
      return {
        booking: await findBookingDocument(ctx.db, id),
        flags: await flagsOf(ctx.db, row),
        proofs: await proofsOf(ctx.db, id),
      };
    },
  );

  app.get(
    '/getRefunds',
    {
      schema: {
        tags,
        querystring: page.extend({ status: z.enum(['due', 'paid']).default('due') }),
        response: contract.getRefunds.responses,
      },
      config: { access: 'refunds.manage' },
    },
    async (request, reply) => {
      const { _start, _end, status } = request.query as z.infer<typeof page> & { status: 'due' | 'paid' };
      const { documents, total } = await refundList(ctx.db, status === 'paid', _start, _end);
      reply.header('X-Total-Count', String(total));
      return documents;
    },
  );

  app.patch(
    '/markRefundPaid/:id',
    {
      schema: {
        tags,
        params: idParams,
        form: contract.markRefundPaid.form,
        response: contract.markRefundPaid.responses,
      },
      config: {
        access: 'refunds.manage',
        audit: { action: 'refund_paid', resource: 'bookings', before: findBookingDocument },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const body = parse(refundBody, request.body);
      const outcome = await markRefundPaid(ctx, id, {
        staffId: request.staffId!,
        reference: body.refundReference,
      });
      if ('paid' in outcome) return outcome.paid;
      if (outcome.refused === 'NOT_FOUND') throw notFound('No booking has this _id.');
      if (outcome.refused === 'NOT_OWED')
        throw conflict('No refund is owed on this booking.', { code: 'NO_REFUND_DUE' });
      throw conflict('This refund has already been recorded as paid.', { code: 'REFUND_ALREADY_PAID' });
    },
  );

  app.post(
    '/importStatement',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        form: contract.importStatement.form,
        response: contract.importStatement.responses,
      },
      config: { access: 'payments.import', audit: { action: 'import_statement', resource: 'payments' } },
    },
    async (request) => {
      const form = await readStatementForm(request);
      const outcome = await importStatement(ctx, form.text, {
        mapping: form.mapping,
        dryRun: form.dryRun,
        staffId: request.staffId!,
      });
      if ('preview' in outcome) return outcome.preview;
      if ('imported' in outcome) return outcome.imported;
      switch (outcome.refused) {
        case 'UNREADABLE':
          throw badRequest('This file is not a CSV statement we can read.');
        case 'NO_ROWS':
          throw badRequest('This statement has no rows.');
        case 'TOO_MANY_ROWS':
          throw badRequest('This statement has too many rows (at most 10,000 at a time).');
        case 'UNKNOWN_COLUMN':
          throw badRequest(`The statement has no column "${outcome.column}".`);
      }
    },
  );
}

const mappingSchema = statementMapping;

/** importStatement's form: the CSV file (`statement`), and optionally `mapping` (JSON) and `dryRun`. */
async function readStatementForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Please send the statement as a file (multipart/form-data).');
  let text: string | undefined;
  let mapping: Mapping | undefined;
  let dryRun = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: 2 * 1024 * 1024 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'statement') text = bytes.toString('utf8');
      } else if (part.fieldname === 'mapping' && typeof part.value === 'string') {
        let json: unknown;
        try {
          json = JSON.parse(part.value);
        } catch {
          throw badRequest('The column mapping is not valid JSON.');
        }
        mapping = parse(mappingSchema, json);
      } else if (part.fieldname === 'dryRun') dryRun = part.value === 'true' || part.value === '1';
    }
  } catch (error) {
    // Our own answers, and the multipart plugin's (413…), stand; a garbled body is the client's mistake.
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest('The form is malformed.');
  }
  if (text === undefined)
    throw badRequest('Please choose the statement file (CSV).', {
      statement: 'Please choose the statement file (CSV).',
    });
  return { text, mapping, dryRun };
}
