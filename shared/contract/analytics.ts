// /api/analytics: the back-office's figures for a period (issue 24). format=json answers the schema below;
// csv and xlsx answer the same rows as a file (both languages in its header row); a settlement is also a PDF,
// one statement per company.
import { z } from 'zod';
import {
  ANALYTICS_FORMATS,
  CANCELLATION_REASONS,
  daysBetween,
  MAX_REPORT_DAYS,
  SETTLEMENT_FORMATS,
} from '../analytics.ts';
import { isValidDate } from '../rules.ts';
import { binary } from './fields.ts';
import { route } from './route.ts';

const DATE_MESSAGE = 'Dates must be real dates written YYYY-MM-DD.';
const day = z.string({ error: DATE_MESSAGE }).trim().refine(isValidDate, { error: DATE_MESSAGE });

/** A report's period and company (none: every company the caller sees), and the file it is wanted as. */
const periodQuery = <F extends readonly [string, ...string[]]>(formats: F) =>
  z
    .object({
      from: day,
      to: day,
      companyId: z.string().trim().min(1).max(64).optional(),
      format: z.enum(formats).default('json'),
    })
    .refine((query) => query.from <= query.to, { error: 'The period ends before it starts.', path: ['to'] })
    .refine((query) => daysBetween(query.from, query.to) <= MAX_REPORT_DAYS, {
      error: `A report covers at most ${MAX_REPORT_DAYS} days.`,
      path: ['to'],
    });
export const analyticsQuery = periodQuery(ANALYTICS_FORMATS);
export const settlementQuery = periodQuery(SETTLEMENT_FORMATS);
export type AnalyticsQuery = z.infer<typeof settlementQuery>;

const words = z.object({ en: z.string(), ar: z.string() });
const count = z.number().int().nonnegative();
const share = z.number().min(0).max(1).describe('A fraction with 3 decimals: 0.375 is 37.5 %.');

const routeOccupancy = z.object({
  originId: z.string(),
  destinationId: z.string(),
  route: words,
  trips: count,
  seatLegsOffered: count.describe("Seats × legs of the period's trips (a trip without stops has one leg)."),
  seatLegsSold: count.describe('Seats on each leg held by paid bookings.'),
  occupancy: share,
  noShows: count.describe('Paid travellers who did not board (seats).'),
});

const tripOccupancy = z.object({
  tripId: z.string(),
  date: z.string(),
  time: z.string(),
  route: words,
  bus: z.string(),
  company: z.string(),
  companyId: z.string(),
  seats: count,
  legs: z
    .array(z.object({ from: words, to: words, sold: count }))
    .describe('Every leg of the trip in order, with the seats paid on it.'),
  seatLegsOffered: count,
  seatLegsSold: count,
  occupancy: share,
  noShows: count,
});

export const occupancyReport = z.object({
  from: z.string(),
  to: z.string(),
  companyId: z.string().nullable(),
  totals: routeOccupancy.pick({
    trips: true,
    seatLegsOffered: true,
    seatLegsSold: true,
    occupancy: true,
    noShows: true,
  }),
  routes: z.array(routeOccupancy).describe('Per route (origin → destination of the trips), fullest first.'),
  tripCount: count.describe('How many trips the period has (format=json lists the first 500).'),
  trips: z.array(tripOccupancy).describe('Per trip, by departure: the first 500 in JSON, all in a file.'),
});
export type OccupancyReport = z.infer<typeof occupancyReport>;

const fileAnswers = (json: z.ZodType, description: string, pdf = false) => ({
  200: {
    description: `${description} format=json (the default), csv${pdf ? ', xlsx or pdf' : ' or xlsx'}.`,
    content: {
      'application/json': { schema: json },
      'text/csv': { schema: binary },
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: binary },
      ...(pdf ? { 'application/pdf': { schema: binary } } : {}),
    },
  },
});

// ---- Money: sums over the ledger (money_events), by the Khartoum day each movement happened ----

const amount = z.number().describe('SDG; commission may carry cents.');
const money = z.object({
  sales: amount.describe('Money in: sales paid (at the counter or verified), less prices cut by a change.'),
  refundsOwed: amount.describe('Money owed back to travellers for the period’s cancellations.'),
  refundsPaid: amount.describe('Money paid back in the period.'),
  commission: amount.describe('The platform’s share of sales less refunds owed, at each booking’s rate.'),
  net: amount.describe('Sales less refunds owed.'),
});
export type MoneyFigures = z.infer<typeof money>;

export const salesReport = z.object({
  from: z.string(),
  to: z.string(),
  companyId: z.string().nullable(),
  totals: money,
  days: z.array(money.extend({ date: z.string() })).describe('Per Khartoum day, in order.'),
  routes: z
    .array(money.extend({ originId: z.string(), destinationId: z.string(), route: words }))
    .describe('Per route of the trips, most sold first.'),
  companies: z.array(money.extend({ companyId: z.string(), company: words })).describe('Most sold first.'),
  methods: z.array(money.extend({ method: z.string() })).describe('Per payment method of the bookings.'),
  cancellations: z
    .array(z.object({ reason: z.enum(CANCELLATION_REASONS), bookings: z.number().int() }))
    .describe('Bookings that ended in the period, per reason (shared/analytics.ts), every reason listed.'),
  disruptions: z
    .array(
      z.object({
        disruptionId: z.string(),
        date: z.string().describe('The Khartoum day the operator made it.'),
        tripId: z.string(),
        tripDate: z.string().describe('The trip’s date before the disruption.'),
        route: words,
        action: z.enum(['cancel', 'delay']),
        reason: words.describe('The operator’s reason, in both languages.'),
        bookings: z.number().int().describe('Live bookings of the trip it reached.'),
        moved: z.number().int(),
        refunded: z.number().int().describe('Refunded in full: asked for, or at the trip’s time.'),
        waiting: z.number().int().describe('Still waiting for the traveller’s choice.'),
      }),
    )
    .describe('Trips cancelled or delayed in the period, newest first.'),
});
export type SalesReport = z.infer<typeof salesReport>;

export const settlementReport = z.object({
  from: z.string(),
  to: z.string(),
  companyId: z.string().nullable(),
  companies: z
    .array(
      money.extend({
        companyId: z.string(),
        company: words,
        netOwed: amount.describe('What the operator owes the company: sales − refunds owed − commission.'),
        methods: z.array(money.extend({ method: z.string() })),
      }),
    )
    .describe('One statement per company, by name.'),
});
export type SettlementReport = z.infer<typeof settlementReport>;

export const analyticsContract = {
  occupancy: route(
    'GET',
    '/api/analytics/occupancy',
    fileAnswers(
      occupancyReport,
      'How full the buses were: per route and per trip, per leg where routes have stops.',
    ),
    [400, 401],
  ),
  sales: route(
    'GET',
    '/api/analytics/sales',
    fileAnswers(salesReport, 'What was sold, per day, route, company and payment method, net of refunds.'),
    [400, 401],
  ),
  settlement: route(
    'GET',
    '/api/analytics/settlement',
    fileAnswers(
      settlementReport,
      'Per company: gross sales, refunds, commission and net owed, by payment method (PDF: a statement a page).',
      true,
    ),
    [400, 401],
  ),
};
