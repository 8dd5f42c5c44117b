// Payment calls. Under /api/bookings: the traveller's later proof (public), staff verifying or rejecting it,
// and the counter sale. Under /api/payments: the queue of proofs waiting, one payment's review, the bank
// statement import and the refunds owed. A thin HTTP layer over payments.service.ts and statement.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paymentContract as contract } from '../../../shared/contract/index.ts';
import { PAYMENT_METHODS, REFUND_METHODS, REJECTION_REASONS } from '../../../shared/payments.ts';
import { can } from '../../../shared/roles.ts';
import { statementMapping } from '../../../shared/contract/answers.ts';
import { describeIssues } from '../../../shared/registry/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { actor } from '../../audit/audit.ts';
import { readBookingForm } from '../bookings/booking-form.ts';
import { createBookingSchema, travellerProofSchema } from '../bookings/bookings.schemas.ts';
import { type BookingContext, sell, travellerView } from '../bookings/bookings.service.ts';
import { bookingRefusalError, proofRefusalError, ticketAnswer } from '../bookings/bookings.answers.ts';
import {
  bookingRow,
  cancelledProofs,
  findBookingDocument,
  flagsOf,
  proofQueue,
  refundList,
} from './payments.repository.ts';
import { proofsOf } from './proofs.ts';
import {
  checkCancelledProof,
  confirmCashRefund,
  markRefundPaid,
  proofRefusal,
  reject,
  submitProof,
  verify,
  type CancelledProofOutcome,
  type DecisionOutcome,
  type RefundOutcome,
} from './payments.service.ts';
import { refuseWhenSpent, withProofBytes } from './proof-budget.ts';
import { decodeStatement, STATEMENT_LIMITS } from './statement-file.ts';
import { importStatement, importSummary, type Mapping } from './statement.ts';

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

const submitProofSchema = travellerProofSchema.extend(paymentFieldsSchema.shape);
const OVERRIDE_NOTE =
  'Please say why you verify this payment despite the duplicate (a note of at least 3 characters).';
const verifyBody = z
  .object({
    override: z.boolean().optional(),
    note: z.string().trim().max(500).optional(),
  })
  .nullish()
  .refine((body) => !body?.override || (body.note ?? '').length >= 3, { error: OVERRIDE_NOTE });
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
const REFUND_REFERENCE = 'Please enter the transaction number of the refund.';
const refundBody = z
  .object({
    refundMethod: z
      .enum(REFUND_METHODS, { error: `The refund method must be one of: ${REFUND_METHODS.join(', ')}.` })
      .default('transfer'),
    refundReference: z.string({ error: REFUND_REFERENCE }).trim().max(64).optional(),
  })
  // A transfer is known by its transaction number; cash may carry a receipt's.
  .refine((body) => body.refundMethod === 'cash' || !!body.refundReference, {
    error: REFUND_REFERENCE,
    path: ['refundReference'],
  });
const NO_PROOF_NOTE =
  'This booking has no payment proof: say how you checked that the money arrived (a note of at least 3 characters).';
const counterSaleBody = createBookingSchema.extend(paymentFieldsSchema.shape).extend({
  paymentReference: paymentFieldsSchema.shape.paymentReference.optional(),
});

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const failure = describeIssues(parsed.error.issues, input);
  throw badRequest(failure.message, failure.errors);
}

function decisionAnswer(
  outcome: DecisionOutcome | Extract<CancelledProofOutcome, { refused: 'ALREADY_DECIDED' | 'FLAGGED' }>,
) {
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
    case 'NOTE_REQUIRED':
      return conflict(NO_PROOF_NOTE, { code: 'NOTE_REQUIRED' });
    case 'FLAGGED':
      return conflict(
        "This payment's reference or proof image is also another booking's. Verify it only if you are sure, with a note saying why.",
        { code: 'DUPLICATE_PROOF', flags: outcome.flags },
      );
  }
}

export function bookingContext(app: FastifyInstance): BookingContext {
  return { db: app.db, clock: app.clock, payments: app.config.payments };
}

/** A refund refused, in words and a code the desk says in its own language. */
function refundRefusalError(refused: Extract<RefundOutcome, { refused: string }>['refused']) {
  switch (refused) {
    case 'NOT_FOUND':
      return notFound('No booking has this _id.');
    case 'NOT_OWED':
      return conflict('No refund is owed on this booking, or none waits for a confirmation.', {
        code: 'NO_REFUND_DUE',
      });
    case 'ALREADY_PAID':
      return conflict('This refund has already been recorded as paid.', { code: 'REFUND_ALREADY_PAID' });
    case 'AWAITS_CONFIRMATION':
      return conflict('This refund was recorded as handed over in cash: a manager or an admin confirms it.', {
        code: 'REFUND_AWAITS_CONFIRMATION',
      });
    case 'OWN_CASH_REFUND':
      return conflict('You recorded this cash refund: another manager or admin confirms it.', {
        code: 'NO_CASH_REFUND',
      });
  }
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
          note: body?.note,
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
    '/getCancelledProofs',
    {
      schema: { tags, querystring: page, response: contract.getCancelledProofs.responses },
      config: { access: 'payments.review' },
    },
    async (request, reply) => {
      const { _start, _end } = request.query as z.infer<typeof page>;
      const { documents, total } = await cancelledProofs(ctx.db, _start, _end);
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
        audit: { action: 'cancelled_proof_checked', resource: 'bookings', before: findBookingDocument },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const body = parse(cancelledProofBody, request.body);
      const outcome = await checkCancelledProof(ctx, id, {
        staffId: request.staffId!,
        moneyArrived: body.moneyArrived,
        override: body.override ? body.note : undefined,
        note: body.note,
      });
      if ('checked' in outcome) return outcome.checked;
      switch (outcome.refused) {
        case 'NOT_FOUND':
          throw notFound('No booking has this _id.');
        case 'BOOKING_LIVE':
          throw conflict('This booking is not cancelled: its proof is checked in the queue.', {
            code: 'BOOKING_LIVE',
          });
        case 'NO_PROOF':
          throw conflict('This booking has no payment proof to check.', { code: 'NO_PROOF' });
        case 'ALREADY_DECIDED':
        case 'FLAGGED':
          throw decisionAnswer(outcome) as HttpError;
      }
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
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const body = parse(refundBody, request.body);
      const outcome = await markRefundPaid(ctx, id, {
        staffId: request.staffId!,
        confirms: can(request.staff?.role, 'refunds.confirm'),
        method: body.refundMethod,
        reference: body.refundReference || undefined,
      });
      if ('refused' in outcome) throw refundRefusalError(outcome.refused);
      if ('recorded' in outcome) {
        request.auditAction = 'refund_cash_recorded';
        reply.status(202);
        return outcome.recorded;
      }
      return outcome.paid;
    },
  );

  app.patch(
    '/confirmCashRefund/:id',
    {
      schema: { tags, params: idParams, response: contract.confirmCashRefund.responses },
      config: {
        access: 'refunds.confirm',
        audit: { action: 'refund_cash_confirmed', resource: 'bookings', before: findBookingDocument },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const outcome = await confirmCashRefund(ctx, id, { staffId: request.staffId! });
      if ('refused' in outcome) throw refundRefusalError(outcome.refused);
      return 'paid' in outcome ? outcome.paid : outcome.recorded;
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
      config: {
        access: 'payments.import',
        // The row keeps a summary (counts, the bookings verified), never the file or the whole result; each
        // booking verified has its own row, written with it.
        audit: { action: 'import_statement', resource: 'payments', diffAnswer: false },
      },
    },
    async (request) => {
      const form = await readStatementForm(request);
      const text = await decodeStatement(form.bytes);
      const outcome = text
        ? await importStatement(ctx, text, {
            mapping: form.mapping,
            dryRun: form.dryRun,
            staff: actor(request),
          })
        : ({ refused: 'UNREADABLE' } as const);
      request.auditChanges = importSummary(outcome, form.dryRun);
      if ('preview' in outcome) return outcome.preview;
      if ('imported' in outcome) return outcome.imported;
      if (outcome.refused === 'UNKNOWN_COLUMN')
        throw badRequest(`The statement has no column "${outcome.column}".`);
      throw badRequest(STATEMENT_REFUSALS[outcome.refused]);
    },
  );
}

const STATEMENT_REFUSALS = {
  UNREADABLE: 'This file is not a CSV statement we can read.',
  NO_ROWS: 'This statement has no rows.',
  TOO_MANY_ROWS: 'This statement has too many rows (at most 10,000 at a time).',
  TOO_MANY_COLUMNS: 'This statement has too many columns (at most 100) or too long a line.',
} as const;
const STATEMENT_TOO_LARGE = 'The statement file is larger than 5 MB.';

const mappingSchema = statementMapping;

/** importStatement's form: the CSV file (`statement`), and optionally `mapping` (JSON) and `dryRun`. */
async function readStatementForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Please send the statement as a file (multipart/form-data).');
  let bytes: Buffer | undefined;
  let mapping: Mapping | undefined;
  let dryRun = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: STATEMENT_LIMITS.bytes } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'statement') bytes = content;
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
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, STATEMENT_TOO_LARGE);
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest('The form is malformed.');
  }
  if (bytes === undefined)
    throw badRequest('Please choose the statement file (CSV).', {
      statement: 'Please choose the statement file (CSV).',
    });
  return { bytes, mapping, dryRun };
}
