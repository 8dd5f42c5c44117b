// /api/shifts: cash-up (issue 24). Open one's shift, close a shift with the cash counted, list and read them.
// A cashier works with their own shifts; a manager or an admin (shifts.manage) sees and closes any shift of
// their scope (company staff: their company's). The service decides and logs; these routes only translate.
// A cashier's open shift is answered without its expected cash (a blind count, `asSeenBy`).
import type { FastifyInstance } from 'fastify';
import { can } from '../../../shared/roles.ts';
import {
  closeShiftBody,
  openShiftBody,
  shiftContract as contract,
  shiftListQuery,
} from '../../../shared/contract/index.ts';
import { actor } from '../../audit/audit.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { typed } from '../../http/validation.ts';
import { idParams, parse } from '../payments/route-helpers.ts';
import { asSeenBy, findShift, listShifts } from './shifts.repository.ts';
import { closeShift, openShift, type ShiftStaff } from './shifts.service.ts';
import type { FastifyRequest } from 'fastify';

const NOT_YOURS = () =>
  forbidden('This is another staff member’s shift: a manager or an admin closes it.', {
    code: 'NOT_YOUR_SHIFT',
  });

export async function shiftRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { db, clock } = app;
  const tags = ['shifts'];
  const manages = (request: FastifyRequest) => can(request.staff!.role, 'shifts.manage');
  const staffOf = (request: FastifyRequest): ShiftStaff => ({
    id: request.staffId!,
    companyId: request.staff!.companyId,
    actor: actor(request),
    closesAny: manages(request),
  });

  app.post(
    '/openShift',
    {
      schema: { tags, form: contract.openShift.form, response: contract.openShift.responses },
      config: {
        access: 'shifts.own',
        // One's own shift, of one's own company: nothing another company owns is named.
        scope: {},
        audit: { action: 'shift_opened', resource: 'shifts', byService: true },
      },
    },
    async (request, reply) => {
      const { float } = parse(openShiftBody, request.body);
      const outcome = await openShift(db, clock, staffOf(request), float);
      if ('refused' in outcome)
        throw conflict('You already have an open shift: close it before opening another.', {
          code: 'SHIFT_ALREADY_OPEN',
          shiftId: outcome.shiftId,
        });
      reply.status(201);
      return asSeenBy(outcome.opened, manages(request));
    },
  );

  app.patch(
    '/closeShift/:id',
    {
      schema: {
        tags,
        params: idParams,
        form: contract.closeShift.form,
        response: contract.closeShift.responses,
      },
      config: {
        access: 'shifts.own',
        scope: { id: 'shift' },
        audit: { action: 'shift_closed', resource: 'shifts', byService: true },
      },
    },
    async (request) => {
      const { counted } = parse(closeShiftBody, request.body);
      const outcome = await closeShift(db, clock, request.params.id, staffOf(request), counted);
      if ('closed' in outcome) return outcome.closed;
      if (outcome.refused === 'NOT_FOUND') throw notFound('No shift has this _id.');
      if (outcome.refused === 'NOT_YOUR_SHIFT') throw NOT_YOURS();
      throw conflict('This shift is already closed.', { code: 'SHIFT_CLOSED' });
    },
  );

  app.get(
    '/getAllShifts',
    {
      schema: { tags, querystring: shiftListQuery, response: contract.getAllShifts.responses },
      config: { access: 'shifts.own', scope: { list: 'shift' } },
    },
    async (request, reply) => {
      const { _start, _end, status, userId } = request.query;
      const { rows, total } = await listShifts(db, {
        start: _start,
        end: _end,
        status,
        // A cashier's list is their own shifts, whatever they ask.
        userId: manages(request) ? userId : request.staffId!,
        companyId: request.companyScope,
      });
      reply.header('X-Total-Count', String(total));
      return rows.map((shift) => asSeenBy(shift, manages(request)));
    },
  );

  app.get(
    '/getShift/:id',
    {
      schema: { tags, params: idParams, response: contract.getShift.responses },
      config: { access: 'shifts.own', scope: { id: 'shift' } },
    },
    async (request) => {
      const shift = await findShift(db, request.params.id);
      if (!shift) throw notFound('No shift has this _id.');
      if (shift.userId !== request.staffId && !manages(request)) throw NOT_YOURS();
      return asSeenBy(shift, manages(request));
    },
  );
}
