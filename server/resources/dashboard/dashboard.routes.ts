import type { FastifyInstance } from 'fastify';
import { dashboardContract } from '../../../shared/contract/index.ts';
import { dashboardSummary } from './dashboard.repository.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  app.get(
    '/summary',
    {
      schema: { tags: ['dashboard'], response: dashboardContract.dashboardSummary.responses },
      config: { access: 'dashboard.read', scope: { list: 'booking' } },
    },
    async (request) => dashboardSummary(app.db, app.clock.now(), request.companyScope),
  );
}
