// /api/analytics: the back-office's figures for a period (issue 24), as JSON or as a CSV or XLSX file; the
// settlement also as a PDF, a statement a company.
import { notFound } from '../../http/errors.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  CANCELLATION_WORDS,
  DISRUPTION_ACTION_WORDS,
  OCCUPANCY_ROUTE_COLUMNS,
  OCCUPANCY_TRIP_COLUMNS,
  percentOf,
  REPORT_TRIP_LINES,
  SALES_TABLES,
  SETTLEMENT_COLUMNS,
} from '../../../shared/analytics.ts';
import {
  analyticsContract,
  analyticsQuery,
  type AnalyticsQuery,
  settlementQuery,
  type OccupancyReport,
  type SalesReport,
  type SettlementReport,
} from '../../../shared/contract/analytics.ts';
import { salesReport, settlementReport } from './money.repository.ts';
import { typed } from '../../http/validation.ts';
import { occupancyReport } from './occupancy.repository.ts';
import { FILE_TYPES, type ReportTable, reportCsv, reportXlsx } from './report-files.ts';
import { settlementPdf } from './settlement-pdf.ts';
import { readCacheOf } from '../../cache/read-cache.ts';
import type { Db } from '../../db/schema.ts';

/**
 * What each report is read from: a write to any of these (announced by the write layer, from any node) drops
 * the reports remembered. The ledger and its day sums are written by the database with the bookings.
 */
const READ_FROM = {
  // Cancellations are read from the activity log and disruptions from theirs; each is written in the
  // transaction of a change to its booking or trip, which drops the report already.
  money: ['bookings', 'trips', 'companies', 'origins', 'destinations', 'disruptions'],
  occupancy: ['bookings', 'booking_seats', 'trips', 'buses', 'companies', 'origins', 'destinations'],
};

/** A report, remembered until a write changes what it was read from (a year's figures are read once). */
async function remembered<R>(db: Db, key: string, tables: string[], make: () => Promise<R>): Promise<R> {
  const cache = readCacheOf(db);
  return cache ? ((await cache.remember(`report|${key}`, make, { tables })) as R) : make();
}

const keyOf = (name: string, period: { from: string; to: string; companyId?: string }, more = '') =>
  `${name}|${period.from}|${period.to}|${period.companyId ?? ''}|${more}`;

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

const both = (words: { en: string; ar: string }) => `${words.en} / ${words.ar}`;

function salesTables(report: SalesReport): ReportTable[] {
  return [
    { name: 'Days', columns: SALES_TABLES.days, rows: report.days },
    {
      name: 'Routes',
      columns: SALES_TABLES.routes,
      rows: report.routes.map((line) => ({ ...line, route: both(line.route) })),
    },
    {
      name: 'Companies',
      columns: SALES_TABLES.companies,
      rows: report.companies.map((line) => ({ ...line, company: both(line.company) })),
    },
    { name: 'Payment methods', columns: SALES_TABLES.methods, rows: report.methods },
    {
      name: 'Cancellations',
      columns: SALES_TABLES.cancellations,
      rows: report.cancellations.map((line) => ({ ...line, reason: both(CANCELLATION_WORDS[line.reason]) })),
    },
    {
      name: 'Disruptions',
      columns: SALES_TABLES.disruptions,
      rows: report.disruptions.map((line) => ({
        ...line,
        route: both(line.route),
        action: both(DISRUPTION_ACTION_WORDS[line.action]),
        reason: both(line.reason),
      })),
    },
  ];
}

/** One line per company (all methods), then one per company and method. */
function settlementTables(report: SettlementReport): ReportTable[] {
  return [
    {
      name: 'Settlement',
      columns: SETTLEMENT_COLUMNS,
      rows: report.companies.flatMap(({ methods, ...line }) => [
        { ...line, company: both(line.company), method: 'all' },
        ...methods.map((method) => ({ ...method, company: both(line.company), netOwed: '' })),
      ]),
    },
  ];
}

/** The period asked, narrowed to the caller's company (another company's id: 404, its existence not told). */
function periodOf(asked: Omit<AnalyticsQuery, 'format'>, mine: string | undefined) {
  if (mine && asked.companyId && asked.companyId !== mine) throw notFound('No company has this _id.');
  return mine ? { ...asked, companyId: mine } : asked;
}

/** A report's own printable form (the settlement's statements). */
type Printed<R> = ((report: R) => Promise<Buffer>) | undefined;

async function sendReport<R extends { from: string; to: string }>(
  reply: FastifyReply,
  format: AnalyticsQuery['format'],
  name: string,
  report: R,
  tables: (report: R) => ReportTable[],
  printed?: Printed<R>,
) {
  if (format === 'json') return report;
  const body =
    format === 'pdf'
      ? await printed!(report)
      : format === 'csv'
        ? reportCsv(tables(report))
        : await reportXlsx(tables(report));
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
      const period = periodOf(asked, request.companyScope);
      const lines = format === 'json' ? REPORT_TRIP_LINES : undefined;
      const report = await remembered(
        db,
        keyOf('occupancy', period, String(lines)),
        READ_FROM.occupancy,
        () => occupancyReport(db, period, lines),
      );
      return sendReport(reply, format, 'occupancy', report, occupancyTables);
    },
  );
  const money = <R extends { from: string; to: string }>(
    name: 'sales' | 'settlement',
    make: (period: ReturnType<typeof periodOf>) => Promise<R>,
    tables: (report: R) => ReportTable[],
    printed?: Printed<R>,
  ) =>
    app.get(
      `/${name}`,
      {
        schema: {
          tags: ['analytics'],
          // Only the settlement is printed: sales answer 400 to format=pdf.
          querystring: printed ? settlementQuery : analyticsQuery,
          response: analyticsContract[name].responses,
        },
        // Company staff: their company's money alone.
        config: { access: 'analytics.read', scope: { list: 'trip' } },
      },
      async (request, reply) => {
        const { format, ...asked } = request.query;
        const period = periodOf(asked, request.companyScope);
        const report = await remembered(db, keyOf(name, period), READ_FROM.money, () => make(period));
        return sendReport(reply, format, name, report, tables, printed);
      },
    );
  money('sales', (period) => salesReport(db, period), salesTables);
  money('settlement', (period) => settlementReport(db, period), settlementTables, settlementPdf);
}
