// /api/analytics: the back-office's figures for a period (issue 24), as JSON or as a CSV or XLSX file.
import { notFound } from '../../http/errors.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  OCCUPANCY_ROUTE_COLUMNS,
  OCCUPANCY_TRIP_COLUMNS,
  percentOf,
  REPORT_TRIP_LINES,
} from '../../../shared/analytics.ts';
import {
  analyticsContract,
  analyticsQuery,
  type OccupancyReport,
} from '../../../shared/contract/analytics.ts';
import { typed } from '../../http/validation.ts';
import { occupancyReport } from './occupancy.repository.ts';
import { FILE_TYPES, type ReportTable, reportCsv, reportXlsx } from './report-files.ts';

const percent = (share: number) => `${percentOf(share)} %`;

function occupancyTables(report: OccupancyReport): ReportTable[] {
  return [
    {
      name: 'Routes',
      columns: OCCUPANCY_ROUTE_COLUMNS,
      rows: report.routes.map((line) => ({
        ...line,
        route: `${line.route.en} / ${line.route.ar}`,
        occupancy: percent(line.occupancy),
      })),
    },
    {
      name: 'Trips',
      columns: OCCUPANCY_TRIP_COLUMNS,
      rows: report.trips.map((line) => ({
        ...line,
        route: `${line.route.en} / ${line.route.ar}`,
        legs: line.legs.map((leg) => `${leg.from.en}–${leg.to.en}: ${leg.sold}`).join('; '),
        occupancy: percent(line.occupancy),
      })),
    },
  ];
}

async function sendReport<R extends { from: string; to: string }>(
  reply: FastifyReply,
  format: 'json' | 'csv' | 'xlsx',
  name: string,
  report: R,
  tables: (report: R) => ReportTable[],
) {
  if (format === 'json') return report;
  const list = tables(report);
  const body = format === 'csv' ? reportCsv(list) : await reportXlsx(list);
  return reply
    .header('Content-Type', FILE_TYPES[format])
    .header('Content-Disposition', `attachment; filename="${name}-${report.from}-${report.to}.${format}"`)
    .send(body);
}

export async function analyticsRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { db } = app;
  app.get(
    '/occupancy',
    {
      schema: {
        tags: ['analytics'],
        querystring: analyticsQuery,
        response: analyticsContract.occupancy.responses,
      },
      // Company staff: their company's figures alone (issue 24); another company's are not there.
      config: { access: 'analytics.read', scope: { list: 'trip' } },
    },
    async (request, reply) => {
      const { format, ...asked } = request.query;
      const mine = request.companyScope;
      if (mine && asked.companyId && asked.companyId !== mine) throw notFound('No company has this _id.');
      const period = mine ? { ...asked, companyId: mine } : asked;
      const report = await occupancyReport(db, period, format === 'json' ? REPORT_TRIP_LINES : undefined);
      return sendReport(reply, format, 'occupancy', report, occupancyTables);
    },
  );
}
