// Money over a period (issue 24): sums over the ledger (money_events, written by the database with each change
// of what a booking is worth), by the Khartoum day each movement happened, read from the ledger's day sums
// (money_days, added to by the database with each ledger row: a year is a few thousand lines, not millions). A
// booking that changed is never counted twice: each movement is its own row, and rows never change.
import { sql } from 'kysely';
import { netOwed } from '../../../shared/ledger.ts';
import type { MoneyFigures, SalesReport, SettlementReport } from '../../../shared/contract/analytics.ts';
import type { Db } from '../../db/schema.ts';
import type { Period } from './occupancy.repository.ts';

/** The period's lines of the ledger's day sums (kept by the database with each ledger row). */
function periodDays(db: Db, period: Period) {
  let query = db
    .selectFrom('money_days')
    .where('money_days.day', '>=', period.from)
    .where('money_days.day', '<=', period.to);
  if (period.companyId) query = query.where('money_days.companyId', '=', period.companyId);
  return query;
}

/** …and of its day sums by route. */
function periodRouteDays(db: Db, period: Period) {
  let query = db
    .selectFrom('money_route_days')
    .where('money_route_days.day', '>=', period.from)
    .where('money_route_days.day', '<=', period.to);
  if (period.companyId) query = query.where('money_route_days.companyId', '=', period.companyId);
  return query;
}

/** Sums of the four columns (one aggregate pass). */
const byKind = (table: 'money_days' | 'money_route_days') => [
  sql<number>`sum(${sql.ref(`${table}.sales`)})`.as('sales'),
  sql<number>`sum(${sql.ref(`${table}.refundsOwed`)})`.as('refundsOwed'),
  sql<number>`sum(${sql.ref(`${table}.refundsPaid`)})`.as('refundsPaid'),
  sql<number>`sum(${sql.ref(`${table}.commission`)})`.as('commission'),
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

/** Rows grouped by `keyOf`, in the order first met. */
function groupBy<T>(rows: T[], keyOf: (row: T) => string) {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * The period's sums by day, company and method (a few thousand lines for a year of a network), with the
 * company's names: the days, companies, methods and settlement are added up from these.
 */
function dayCompanyMethodRows(db: Db, period: Period) {
  return periodDays(db, period)
    .leftJoin('companies', 'companies.id', 'money_days.companyId')
    .select([
      'money_days.day',
      'money_days.companyId',
      'money_days.method',
      'companies.company_name',
      'companies.company_name_ar',
      ...byKind('money_days'),
    ])
    .groupBy([
      'money_days.day',
      'money_days.companyId',
      'money_days.method',
      'companies.company_name',
      'companies.company_name_ar',
    ])
    .execute();
}
type DayCompanyMethod = Awaited<ReturnType<typeof dayCompanyMethodRows>>[number];

/** Per company (and per company and method): the lines of a settlement (companies that exist). */
function companyLines(rows: DayCompanyMethod[]) {
  return [
    ...groupBy(
      rows.filter((row) => row.company_name !== null),
      (row) => row.companyId,
    ),
  ].map(([companyId, lines]) => ({
    companyId,
    company: { en: lines[0].company_name!, ar: lines[0].company_name_ar || lines[0].company_name! },
    ...sumOf(lines),
    methods: [...groupBy(lines, (row) => row.method)]
      .map(([method, group]) => ({ method, ...sumOf(group) }))
      .sort(mostSold),
  }));
}

export async function salesReport(db: Db, period: Period): Promise<SalesReport> {
  const [lines, routes] = await Promise.all([
    dayCompanyMethodRows(db, period),
    // Summed by route first (the period's lines, by their key), then named (a route a line).
    db
      .selectFrom(
        periodRouteDays(db, period)
          .select([
            'money_route_days.originId',
            'money_route_days.destinationId',
            ...byKind('money_route_days'),
          ])
          .groupBy(['money_route_days.originId', 'money_route_days.destinationId'])
          .as('r'),
      )
      .innerJoin('origins', 'origins.id', 'r.originId')
      .innerJoin('destinations', 'destinations.id', 'r.destinationId')
      .select([
        'r.originId',
        'r.destinationId',
        'r.sales',
        'r.refundsOwed',
        'r.refundsPaid',
        'r.commission',
        'origins.origin_city',
        'origins.origin_city_ar',
        'destinations.destination_city',
        'destinations.destination_city_ar',
      ])
      .execute(),
  ]);
  const days = [...groupBy(lines, (row) => row.day)]
    .map(([date, group]) => ({ date, ...sumOf(group) }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return {
    from: period.from,
    to: period.to,
    companyId: period.companyId ?? null,
    totals: sumOf(lines),
    days,
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
    companies: companyLines(lines)
      .map(({ methods: _, ...line }) => line)
      .sort(mostSold),
    methods: [...groupBy(lines, (row) => row.method)]
      .map(([method, group]) => ({ method, ...sumOf(group) }))
      .sort(mostSold),
  };
}

export async function settlementReport(db: Db, period: Period): Promise<SettlementReport> {
  const companies = companyLines(await dayCompanyMethodRows(db, period));
  return {
    from: period.from,
    to: period.to,
    companyId: period.companyId ?? null,
    companies: companies
      .map((line) => ({ ...line, netOwed: cents(netOwed(line)) }))
      .sort((a, b) => a.company.en.localeCompare(b.company.en)),
  };
}
