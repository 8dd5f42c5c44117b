// Money over a period (issue 24): sums over the ledger (money_events, written by the database with each change
// of what a booking is worth), by the Khartoum day each movement happened, read from the ledger's day sums
// (money_days, added to by the database with each ledger row: a year is a few thousand lines, not millions). A
// booking that changed is never counted twice: each movement is its own row, and rows never change.
import { sql } from 'kysely';
import { netOwed } from '../../../shared/ledger.ts';
import { CANCELLATION_REASONS, type CancellationReason } from '../../../shared/analytics.ts';
import { addDays, khartoumMidnight, khartoumToday } from '../../../shared/rules.ts';
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

/** The period's instants: from Khartoum's midnight of its first day to that of the day after its last. */
const instants = (period: Period) => ({
  from: new Date(khartoumMidnight(period.from)).toISOString(),
  until: new Date(khartoumMidnight(addDays(period.to, 1))).toISOString(),
});

/** A booking's trip's company is `companyId` (a company's report counts only its own). */
const ofCompany = <Q extends { where: (...args: any[]) => Q }>(query: Q, companyId?: string): Q =>
  companyId ? query.where('buses.bus_owner_companyId', '=', companyId) : query;

/**
 * Bookings that ended in the period, per reason: the activity log's cancellations (a traveller's own when no
 * staff member is named, a disruption's when written with it), seats taken off a booking and refunds after a
 * cancelled trip, each written in the transaction of the change; and the unpaid holds whose deadline passed in
 * the period.
 */
async function cancellations(db: Db, period: Period): Promise<SalesReport['cancellations']> {
  const { from, until } = instants(period);
  const logged = await ofCompany(
    db
      .selectFrom('audit_log')
      .innerJoin('bookings', 'bookings.id', 'audit_log.recordId')
      .innerJoin('trips', 'trips.id', 'bookings.tripId')
      .innerJoin('buses', 'buses.id', 'trips.busId')
      .select([
        'audit_log.action',
        sql<number>`sum(case when ${sql.ref('audit_log.userId')} is null then 1 else 0 end)`.as(
          'byTraveller',
        ),
        // An unpaid hold freed by a trip's cancellation is logged under the staff member who declared the
        // disruption, in its transaction (the disruption's own time): it ended by the disruption, not by staff.
        // Only cancel_booking's count is read, so only its rows look the disruption up.
        sql<number>`sum(case when ${sql.ref('audit_log.action')} = 'cancel_booking'
          and ${sql.ref('bookings.disruptionId')} is not null
          and exists (select 1 from disruptions d
            where d.id = ${sql.ref('bookings.disruptionId')} and d.created_at = ${sql.ref('audit_log.at')})
          then 1 else 0 end)`.as('byDisruption'),
        sql<number>`count(*)`.as('n'),
      ])
      .where('audit_log.resource', '=', 'bookings')
      .where('audit_log.action', 'in', ['cancel_booking', 'cancel_seats', 'request_refund', 'auto_refund'])
      .where('audit_log.at', '>=', from)
      .where('audit_log.at', '<', until)
      .groupBy('audit_log.action'),
    period.companyId,
  ).execute();
  const lapsed = await ofCompany(
    db
      .selectFrom('bookings')
      .innerJoin('trips', 'trips.id', 'bookings.tripId')
      .innerJoin('buses', 'buses.id', 'trips.busId')
      .select(sql<number>`count(*)`.as('n'))
      .where('bookings.paymentStatus', '=', 'expired')
      .where('bookings.paymentDeadline', '>=', from)
      .where('bookings.paymentDeadline', '<', until),
    period.companyId,
  ).executeTakeFirst();
  const count = (action: string, key: 'n' | 'byTraveller' | 'byDisruption' = 'n') =>
    Number(logged.find((row) => row.action === action)?.[key] ?? 0);
  const released = count('cancel_booking', 'byDisruption');
  const counts: Record<CancellationReason, number> = {
    traveller: count('cancel_booking', 'byTraveller'),
    staff: count('cancel_booking') - count('cancel_booking', 'byTraveller') - released,
    seats: count('cancel_seats'),
    disruption: count('request_refund') + count('auto_refund') + released,
    lapsed: Number(lapsed?.n ?? 0),
  };
  return CANCELLATION_REASONS.map((reason) => ({ reason, bookings: counts[reason] }));
}

/** What a disruption's line shows of it and its trip (selected and grouped by). */
const DISRUPTION_COLUMNS = [
  'disruptions.id',
  'disruptions.created_at',
  'disruptions.tripId',
  'disruptions.old_date',
  'disruptions.action',
  'disruptions.reason_en',
  'disruptions.reason_ar',
  'origins.origin_city',
  'origins.origin_city_ar',
  'destinations.destination_city',
  'destinations.destination_city_ar',
] as const;

/** A route's name in both languages (a city without an Arabic name keeps its English one). */
const routeWords = (row: {
  origin_city: string;
  origin_city_ar: string | null;
  destination_city: string;
  destination_city_ar: string | null;
}) => ({
  en: `${row.origin_city} – ${row.destination_city}`,
  ar: `${row.origin_city_ar || row.origin_city} – ${row.destination_city_ar || row.destination_city}`,
});

/** Trips cancelled or delayed in the period, with their reasons and what became of their bookings. */
async function disruptionLines(db: Db, period: Period): Promise<SalesReport['disruptions']> {
  const { from, until } = instants(period);
  const rows = await ofCompany(
    db
      .selectFrom('disruptions')
      .innerJoin('trips', 'trips.id', 'disruptions.tripId')
      .innerJoin('buses', 'buses.id', 'trips.busId')
      .innerJoin('origins', 'origins.id', 'trips.trip_originId')
      .innerJoin('destinations', 'destinations.id', 'trips.trip_destinationId')
      .leftJoin('bookings', 'bookings.disruptionId', 'disruptions.id')
      .select([
        ...DISRUPTION_COLUMNS,
        sql<number>`count(${sql.ref('bookings.id')})`.as('bookings'),
        sql<number>`sum(case when ${sql.ref('bookings.disruptionState')} = 'moved' then 1 else 0 end)`.as(
          'moved',
        ),
        sql<number>`sum(case when ${sql.ref('bookings.disruptionState')} in ('refunded', 'auto_refunded') then 1 else 0 end)`.as(
          'refunded',
        ),
        sql<number>`sum(case when ${sql.ref('bookings.disruptionState')} = 'waiting' then 1 else 0 end)`.as(
          'waiting',
        ),
      ])
      .where('disruptions.created_at', '>=', from)
      .where('disruptions.created_at', '<', until)
      .groupBy(DISRUPTION_COLUMNS)
      .orderBy('disruptions.created_at', 'desc'),
    period.companyId,
  ).execute();
  return rows.map((row) => ({
    disruptionId: row.id,
    date: khartoumToday(new Date(row.created_at)),
    tripId: row.tripId,
    tripDate: row.old_date,
    route: routeWords(row),
    action: row.action === 'delay' ? 'delay' : 'cancel',
    reason: { en: row.reason_en, ar: row.reason_ar },
    bookings: Number(row.bookings ?? 0),
    moved: Number(row.moved ?? 0),
    refunded: Number(row.refunded ?? 0),
    waiting: Number(row.waiting ?? 0),
  }));
}

export async function salesReport(db: Db, period: Period): Promise<SalesReport> {
  const [lines, routes, ended, disrupted] = await Promise.all([
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
    cancellations(db, period),
    disruptionLines(db, period),
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
        route: routeWords(row),
        ...figures(row),
      }))
      .sort(mostSold),
    companies: companyLines(lines)
      .map(({ methods: _, ...line }) => line)
      .sort(mostSold),
    methods: [...groupBy(lines, (row) => row.method)]
      .map(([method, group]) => ({ method, ...sumOf(group) }))
      .sort(mostSold),
    cancellations: ended,
    disruptions: disrupted,
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
