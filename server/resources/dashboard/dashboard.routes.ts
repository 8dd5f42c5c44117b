import type { FastifyInstance } from 'fastify';
import { requireStaff } from '../../auth/staff-guard.ts';
import { dashboardSummary } from './dashboard.repository.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/summary', { schema: { tags: ['dashboard'] }, onRequest: requireStaff }, async () =>
    dashboardSummary(app.db),
  );
}
