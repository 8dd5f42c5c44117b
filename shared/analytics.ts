// The back-office's figures (issue 24): what a period of trips carried. Pure rules and the words of the
// exported files; the SQL lives in server/resources/analytics/.

import { addDays } from './rules.ts';
export const ANALYTICS_FORMATS = ['json', 'csv', 'xlsx'] as const;
/** A settlement is also a printable statement per company. */
export const SETTLEMENT_FORMATS = [...ANALYTICS_FORMATS, 'pdf'] as const;
export type AnalyticsFormat = (typeof SETTLEMENT_FORMATS)[number];

/** The longest period one report covers: a year and a day (a leap year's whole year, both ends included). */
export const MAX_REPORT_DAYS = 367;

/** Days from `from` to `to`, both included (YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const QUICK_PERIODS = ['last_7', 'next_7', 'this_month'] as const;
export type QuickPeriod = (typeof QUICK_PERIODS)[number];

/** The period a quick choice stands for, from `today` (Khartoum's calendar day, YYYY-MM-DD). */
export function quickPeriod(choice: QuickPeriod, today: string): { from: string; to: string } {
  if (choice === 'last_7') return { from: addDays(today, -6), to: today };
  if (choice === 'next_7') return { from: today, to: addDays(today, 6) };
  const [year, month] = today.split('-').map(Number);
  // Day 0 of the next month is the last of this one.
  return {
    from: `${today.slice(0, 8)}01`,
    to: new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10),
  };
}

/** Trips a report lists in JSON (a screen); its files list them all. */
export const REPORT_TRIP_LINES = 500;

/** A share of what was offered, as a fraction with 3 decimals (0.375 = 37.5 %); nothing offered is 0. */
export const shareOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0;

/** A share as a percentage with one decimal (0.3333 → 33.3), as screens and files write it. */
export const percentOf = (share: number) => Math.round(share * 1000) / 10;

/** Seat-legs a trip offers: every seat on every leg (a trip without stops has one leg). */
export const seatLegsOffered = (seats: number, stopCount: number) => seats * (stopCount + 1);

/** The columns of an exported report, named in both languages. */
export interface ReportColumn<K extends string = string> {
  key: K;
  en: string;
  ar: string;
}

export const OCCUPANCY_ROUTE_COLUMNS: ReportColumn[] = [
  { key: 'route', en: 'Route', ar: 'الخط' },
  { key: 'trips', en: 'Trips', ar: 'الرحلات' },
  { key: 'seatLegsOffered', en: 'Seats offered (per leg)', ar: 'المقاعد المعروضة (لكل مرحلة)' },
  { key: 'seatLegsSold', en: 'Seats sold (per leg)', ar: 'المقاعد المباعة (لكل مرحلة)' },
  { key: 'occupancy', en: 'Occupancy', ar: 'نسبة الإشغال' },
  { key: 'noShows', en: 'No-shows', ar: 'لم يحضروا' },
];

export const OCCUPANCY_TRIP_COLUMNS: ReportColumn[] = [
  { key: 'date', en: 'Date', ar: 'التاريخ' },
  { key: 'time', en: 'Boarding time', ar: 'زمن الصعود' },
  { key: 'route', en: 'Route', ar: 'الخط' },
  { key: 'bus', en: 'Bus', ar: 'البص' },
  { key: 'company', en: 'Company', ar: 'الشركة' },
  { key: 'seats', en: 'Seats', ar: 'المقاعد' },
  { key: 'legs', en: 'Sold per leg', ar: 'المباع لكل مرحلة' },
  { key: 'occupancy', en: 'Occupancy', ar: 'نسبة الإشغال' },
  { key: 'noShows', en: 'No-shows', ar: 'لم يحضروا' },
];

/** The money columns every line of the sales and settlement reports carries. */
export const MONEY_COLUMNS: ReportColumn[] = [
  { key: 'sales', en: 'Sales', ar: 'المبيعات' },
  { key: 'refundsOwed', en: 'Refunds owed', ar: 'المبالغ المستحقة للاسترداد' },
  { key: 'net', en: 'Net of refunds', ar: 'الصافي بعد الاسترداد' },
  { key: 'refundsPaid', en: 'Refunds paid', ar: 'المبالغ المستردة' },
  { key: 'commission', en: 'Commission', ar: 'العمولة' },
];

/**
 * Why bookings ended in a period (the sales report's cancellations), in the order shown: a traveller's own
 * cancellation (look-up), staff's (the back-office or counter), seats taken off a booking, a full refund after
 * the operator cancelled the trip (asked for, or given at its time), an unpaid hold whose deadline passed.
 */
export const CANCELLATION_REASONS = ['traveller', 'staff', 'seats', 'disruption', 'lapsed'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
export const CANCELLATION_WORDS: Record<CancellationReason, { en: string; ar: string }> = {
  traveller: { en: 'Cancelled by the traveller', ar: 'ألغاها المسافر' },
  staff: { en: 'Cancelled by staff', ar: 'ألغاها موظف' },
  seats: { en: 'Seats cancelled from a booking', ar: 'مقاعد أُلغيت من حجز' },
  disruption: { en: 'Refunded after the trip was cancelled', ar: 'استرداد بعد إلغاء الرحلة' },
  lapsed: { en: 'Unpaid holds whose time ran out', ar: 'حجوزات غير مدفوعة انتهت مهلتها' },
};
/** A disruption's action in both languages (its reason is the operator's own words). */
export const DISRUPTION_ACTION_WORDS: Record<'cancel' | 'delay', { en: string; ar: string }> = {
  cancel: { en: 'Cancelled', ar: 'أُلغيت' },
  delay: { en: 'Delayed', ar: 'تأجّلت' },
};

export const SALES_TABLES = {
  days: [{ key: 'date', en: 'Date', ar: 'التاريخ' }, ...MONEY_COLUMNS],
  routes: [{ key: 'route', en: 'Route', ar: 'الخط' }, ...MONEY_COLUMNS],
  companies: [{ key: 'company', en: 'Company', ar: 'الشركة' }, ...MONEY_COLUMNS],
  methods: [{ key: 'method', en: 'Payment method', ar: 'طريقة الدفع' }, ...MONEY_COLUMNS],
  cancellations: [
    { key: 'reason', en: 'Reason', ar: 'السبب' },
    { key: 'bookings', en: 'Bookings', ar: 'الحجوزات' },
  ],
  disruptions: [
    { key: 'date', en: 'Date', ar: 'التاريخ' },
    { key: 'tripDate', en: 'Trip date', ar: 'تاريخ الرحلة' },
    { key: 'route', en: 'Route', ar: 'الخط' },
    { key: 'action', en: 'Action', ar: 'الإجراء' },
    { key: 'reason', en: 'Reason', ar: 'السبب' },
    { key: 'bookings', en: 'Bookings', ar: 'الحجوزات' },
    { key: 'moved', en: 'Moved', ar: 'نُقلت' },
    { key: 'refunded', en: 'Refunded', ar: 'استُردّت' },
    { key: 'waiting', en: 'Waiting for a choice', ar: 'في انتظار الاختيار' },
  ],
} satisfies Record<string, ReportColumn[]>;

export const SETTLEMENT_COLUMNS: ReportColumn[] = [
  { key: 'company', en: 'Company', ar: 'الشركة' },
  { key: 'method', en: 'Payment method', ar: 'طريقة الدفع' },
  ...MONEY_COLUMNS,
  { key: 'netOwed', en: 'Net owed to the company', ar: 'الصافي المستحق للشركة' },
];
