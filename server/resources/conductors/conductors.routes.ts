// /api/conductors (issue 24): managers and admins assign conductors to trips, or to a company's trips of a
// day, take them back and list them; company staff within their company (the scope answers 404 for another
// company's trip, company, account or assignment). The service decides and logs; these routes translate.
import type { FastifyInstance } from 'fastify';
import {
  assignConductorBody,
  assignmentListQuery,
  conductorContract as contract,
} from '../../../shared/contract/index.ts';
import { actor } from '../../audit/audit.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { type RefusalTable, refusalError } from '../../http/refusals.ts';
import { typed } from '../../http/validation.ts';
import { idParams, page } from '../payments/route-helpers.ts';
import { listAssignments, listConductors } from './assignments.repository.ts';
import { type AssignOutcome, assignConductor, unassignConductor } from './assignments.service.ts';

const REFUSALS: RefusalTable<Extract<AssignOutcome, { refused: string }>> = {
  // The same words as the company scope's 404: another company's account is not told apart from none.
  NO_USER: () => notFound('No staff member has this _id.'),
  NO_TRIP: () => notFound('No trip has this _id.'),
  NO_COMPANY: () => notFound('No company has this _id.'),
  NOT_A_CONDUCTOR: () =>
    conflict('This account is not a conductor’s: only conductors are assigned to trips.', {
      code: 'NOT_A_CONDUCTOR',
    }),
  CONDUCTOR_OTHER_COMPANY: () =>
    conflict('This conductor belongs to another company: they are assigned to that company’s trips only.', {
      code: 'CONDUCTOR_OTHER_COMPANY',
    }),
};

export async function conductorRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { db, clock } = app;
  const tags = ['conductors'];

  app.post(
    '/assign',
    {
      schema: { tags, body: assignConductorBody, response: contract.assign.responses },
      config: {
        access: 'conductors.assign',
        scope: { body: { userId: 'staff', tripId: 'trip', companyId: 'company' } },
        audit: { action: 'assign_conductor', resource: 'trips', byService: true },
      },
    },
    async (request, reply) => {
      const outcome = await assignConductor(db, clock, actor(request), request.body);
      if ('refused' in outcome) throw refusalError(REFUSALS, outcome);
      reply.status(outcome.created ? 201 : 200);
      return outcome.assigned;
    },
  );

  app.delete(
    '/unassign/:id',
    {
      schema: { tags, params: idParams, response: contract.unassign.responses },
      config: {
        access: 'conductors.assign',
        scope: { id: 'assignment' },
        audit: { action: 'unassign_conductor', resource: 'trips', byService: true },
      },
    },
    async (request) => {
      const removed = await unassignConductor(db, clock, actor(request), request.params.id);
      if (!removed) throw notFound('No assignment has this _id.');
      return removed;
    },
  );

  app.get(
    '/getAssignments',
    {
      schema: { tags, querystring: assignmentListQuery, response: contract.getAssignments.responses },
      config: { access: 'conductors.assign', scope: { list: 'assignment' } },
    },
    async (request, reply) => {
      const { _start, _end, tripId, userId } = request.query;
      const { rows, total } = await listAssignments(db, {
        start: _start,
        end: _end,
        tripId,
        userId,
        companyId: request.companyScope,
      });
      reply.header('X-Total-Count', String(total));
      return rows;
    },
  );

  app.get(
    '/getConductors',
    {
      schema: { tags, querystring: page, response: contract.getConductors.responses },
      config: { access: 'conductors.assign', scope: { list: 'staff' } },
    },
    async (request, reply) => {
      const { _start, _end } = request.query;
      const { rows, total } = await listConductors(db, request.companyScope, _start, _end);
      reply.header('X-Total-Count', String(total));
      return rows;
    },
  );
}
