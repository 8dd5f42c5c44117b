import type { FastifyInstance } from 'fastify';
import { dashboardContract } from '../../../shared/contract/index.ts';
import { requireStaff } from '../../auth/staff-guard.ts';
import { dashboardSummary } from './dashboard.repository.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  app.get(
    '/summary',
    {
      schema: { tags: ['dashboard'], response: dashboardContract.summary.responses },
      onRequest: requireStaff,
    },
    async () => dashboardSummary(app.db),
  );
}
