// Refunds owed after a paid booking was cancelled, under /api/payments: the list (owed or paid), recording one
// as sent (a transfer with its reference, or cash), and a manager's or an admin's confirmation of a cash refund
// a cashier recorded. A thin HTTP layer over the sales module (server/sales/payments.service.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paymentContract as contract } from '../../../shared/contract/index.ts';
import { REFUND_METHODS } from '../../../shared/payments.ts';
import { can } from '../../../shared/roles.ts';
import { actor } from '../../audit/audit.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { type RefusalTable, refusalError } from '../../http/refusals.ts';
import {
  bookingContext,
  confirmCashRefund,
  markRefundPaid,
  refundList,
  type RefundOutcome,
} from '../../sales/index.ts';
import { idParams, page, parse } from './route-helpers.ts';
import { typed } from '../../http/validation.ts';

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

/** A refund refused, in words and a code the desk says in its own language. */
const REFUND_REFUSALS: RefusalTable<Extract<RefundOutcome, { refused: string }>> = {
  NOT_FOUND: () => notFound('No booking has this _id.'),
  NOT_OWED: () =>
    conflict('No refund is owed on this booking, or none waits for a confirmation.', {
      code: 'NO_REFUND_DUE',
    }),
  ALREADY_PAID: () =>
    conflict('This refund has already been recorded as paid.', { code: 'REFUND_ALREADY_PAID' }),
  AWAITS_CONFIRMATION: () =>
    conflict('This refund was recorded as handed over in cash: a manager or an admin confirms it.', {
      code: 'REFUND_AWAITS_CONFIRMATION',
    }),
  AMOUNT_CHANGED: (refusal) =>
    conflict(
      `What is owed on this booking changed while you had it open: it is now ${refusal.refundDue} SDG. Look at it again before you hand it over.`,
      { code: 'REFUND_AMOUNT_CHANGED', refundDue: refusal.refundDue },
    ),
  REFERENCE_USED: () =>
    conflict(
      'This transaction number was already recorded for another refund: one transfer pays back one refund. Check the number.',
      { code: 'REFUND_REFERENCE_USED' },
    ),
  OWN_CASH_REFUND: () =>
    conflict('You recorded this cash refund: another manager or admin confirms it.', {
      code: 'NO_CASH_REFUND',
    }),
};

export async function refundRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const ctx = bookingContext(app);
  const tags = ['payments'];

  app.get(
    '/getRefunds',
    {
      schema: {
        tags,
        querystring: page.extend({ status: z.enum(['due', 'paid']).default('due') }),
        response: contract.getRefunds.responses,
      },
      config: { access: 'refunds.manage', scope: { list: 'booking' } },
    },
    async (request, reply) => {
      const { _start, _end, status } = request.query;
      const { documents, total } = await refundList(
        ctx.db,
        status === 'paid',
        _start,
        _end,
        request.companyScope,
      );
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
        scope: { id: 'booking' },
        audit: { action: 'refund_paid', resource: 'bookings', byService: true },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = parse(refundBody, request.body);
      const outcome = await markRefundPaid(ctx, id, {
        staffId: request.staffId!,
        actor: actor(request),
        confirms: can(request.staff?.role, 'refunds.confirm'),
        method: body.refundMethod,
        reference: body.refundReference || undefined,
      });
      if ('refused' in outcome) throw refusalError(REFUND_REFUSALS, outcome);
      if ('recorded' in outcome) {
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
        scope: { id: 'booking' },
        audit: { action: 'refund_cash_confirmed', resource: 'bookings', byService: true },
      },
    },
    async (request) => {
      const { id } = request.params;
      const outcome = await confirmCashRefund(ctx, id, { staffId: request.staffId!, actor: actor(request) });
      if ('refused' in outcome) throw refusalError(REFUND_REFUSALS, outcome);
      return 'paid' in outcome ? outcome.paid : outcome.recorded;
    },
  );
}
