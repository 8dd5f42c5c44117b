// Money over a period (issue 24): sums over the ledger (money_events, written by the database with each change
// of what a booking is worth), by the Khartoum day each movement happened. A booking that changed is never
// counted twice: each movement is its own row, and rows never change.
import { sql } from 'kysely';
import { netOwed } from '../../../shared/ledger.ts';
import type { MoneyFigures, SalesReport, SettlementReport } from '../../../shared/contract/analytics.ts';
import { addDays, khartoumMidnight } from '../../../shared/rules.ts';
import { isPostgres } from '../../db/locks.ts';
import type { Db } from '../../db/schema.ts';
import type { Period } from './occupancy.repository.ts';

/** The period's rows: from the first Khartoum midnight to the one after its last day. */
function periodEvents(db: Db, period: Period) {
  let query = db
    .selectFrom('money_events')
    .where('money_events.at', '>=', new Date(khartoumMidnight(period.from)).toISOString())
    .where('money_events.at', '<', new Date(khartoumMidnight(addDays(period.to, 1))).toISOString());
  if (period.companyId) query = query.where('money_events.companyId', '=', period.companyId);
  return query;
}

/** Sums by kind, as columns (one aggregate pass). */
const byKind = [
  sql<number>`sum(case when money_events.kind = 'sale' then money_events.amount else 0 end)`.as('sales'),
  sql<number>`sum(case when money_events.kind = 'refund_owed' then money_events.amount else 0 end)`.as(
    'refundsOwed',
  ),
  sql<number>`sum(case when money_events.kind = 'refund_paid' then money_events.amount else 0 end)`.as(
    'refundsPaid',
  ),
  sql<number>`sum(case when money_events.kind = 'commission' then money_events.amount else 0 end)`.as(
    'commission',
  ),
];

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100;
function figures(row: {
  sales: unknown;
  refundsOwed: unknown;
  refundsPaid: unknown;
  commission: unknown;
}): MoneyFigures {
  const sales = cents(row.sales);
  const refundsOwed = cents(row.refundsOwed);
  return {
    sales,
    refundsOwed,
    refundsPaid: cents(row.refundsPaid),
    commission: cents(row.commission),
    net: cents(sales - refundsOwed),
  };
}
type Sums = Parameters<typeof figures>[0];
/** The figures of several groups' sums together (nothing: all 0). */
const sumOf = (rows: Sums[]) => {
  const add = (key: keyof Sums) => rows.reduce((total, row) => total + Number(row[key] ?? 0), 0);
  return figures({
    sales: add('sales'),
    refundsOwed: add('refundsOwed'),
    refundsPaid: add('refundsPaid'),
    commission: add('commission'),
  });
};
const mostSold = (a: MoneyFigures, b: MoneyFigures) => b.sales - a.sales;

export async function salesReport(db: Db, period: Period): Promise<SalesReport> {
  // The Khartoum day of an instant written as ISO text in UTC.
  const day = isPostgres(db)
    ? sql<string>`to_char((money_events.at::timestamptz at time zone 'UTC') + interval '2 hours', 'YYYY-MM-DD')`
    : sql<string>`date(money_events.at, '+2 hours')`;
  const [days, routes, companies, methods] = await Promise.all([
    periodEvents(db, period)
      .select([day.as('date'), ...byKind])
      .groupBy(day)
      .orderBy(day)
      .execute(),
    periodEvents(db, period)
      .innerJoin('trips', 'trips.id', 'money_events.tripId')
      .innerJoin('origins', 'origins.id', 'trips.trip_originId')
      .innerJoin('destinations', 'destinations.id', 'trips.trip_destinationId')
      .select([
        'trips.trip_originId as originId',
        'trips.trip_destinationId as destinationId',
        'origins.origin_city',
        'origins.origin_city_ar',
        'destinations.destination_city',
        'destinations.destination_city_ar',
        ...byKind,
      ])
      .groupBy([
        'trips.trip_originId',
        'trips.trip_destinationId',
        'origins.origin_city',
        'origins.origin_city_ar',
        'destinations.destination_city',
        'destinations.destination_city_ar',
      ])
      .execute(),
    companyRows(db, period),
    periodEvents(db, period)
      .select([sql<string>`coalesce(money_events.method, 'other')`.as('method'), ...byKind])
      .groupBy(sql`coalesce(money_events.method, 'other')`)
      .execute(),
  ]);
  const dayLines = days.map((row) => ({ date: String(row.date), ...figures(row) }));
  return {
    from: period.from,
    to: period.to,
    companyId: period.companyId ?? null,
    totals: sumOf(days),
    days: dayLines,
    routes: routes
      .map((row) => ({
        originId: row.originId,
        destinationId: row.destinationId,
        route: {
          en: `${row.origin_city} – ${row.destination_city}`,
          ar: `${row.origin_city_ar || row.origin_city} – ${row.destination_city_ar || row.destination_city}`,
        },
        ...figures(row),
      }))
      .sort(mostSold),
    companies: companies.map(({ methods: _, ...line }) => line).sort(mostSold),
    methods: methods.map((row) => ({ method: String(row.method), ...figures(row) })).sort(mostSold),
  };
}

/** Per company (and per company and method): the lines of a settlement. */
async function companyRows(db: Db, period: Period) {
  const method = sql<string>`coalesce(money_events.method, 'other')`;
  const rows = await periodEvents(db, period)
    .innerJoin('companies', 'companies.id', 'money_events.companyId')
    .select([
      'money_events.companyId',
      'companies.company_name',
      'companies.company_name_ar',
      method.as('method'),
      ...byKind,
    ])
    .groupBy(['money_events.companyId', 'companies.company_name', 'companies.company_name_ar', method])
    .execute();
  const companies = new Map<
    string,
    { companyId: string; company: { en: string; ar: string }; rows: typeof rows }
  >();
  for (const row of rows) {
    const id = String(row.companyId);
    const line = companies.get(id) ?? {
      companyId: id,
      company: { en: row.company_name, ar: row.company_name_ar || row.company_name },
      rows: [],
    };
    line.rows.push(row);
    companies.set(id, line);
  }
  return [...companies.values()].map(({ rows: lines, ...company }) => {
    return {
      ...company,
      ...sumOf(lines),
      methods: lines.map((row) => ({ method: String(row.method), ...figures(row) })).sort(mostSold),
    };
  });
}

export async function settlementReport(db: Db, period: Period): Promise<SettlementReport> {
  const companies = await companyRows(db, period);
  return {
    from: period.from,
    to: period.to,
    companyId: period.companyId ?? null,
    companies: companies
      .map((line) => ({ ...line, netOwed: cents(netOwed(line)) }))
      .sort((a, b) => a.company.en.localeCompare(b.company.en)),
  };
}
