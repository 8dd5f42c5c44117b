// The ledger's words (issue 24): each movement of money a booking makes is one row of money_events, written by
// the database in the transaction of the change (server/db/migrations/2026-11-27-95-money-events.ts).
//   sale         money in: a sale paid (at the counter, or verified); negative when a paid price shrinks
//   refund_owed  money the operator owes back
//   refund_paid  money paid back
//   commission   the platform's share of (sale − refund_owed), at the booking's rate

export const MONEY_EVENT_KINDS = ['sale', 'refund_owed', 'refund_paid', 'commission'] as const;
export type MoneyEventKind = (typeof MONEY_EVENT_KINDS)[number];

/** A company's commission: a whole percentage of what its travellers pay, set by the platform's staff. */
export const MAX_COMMISSION_PERCENT = 50;

/** Sums by kind of a set of rows: what a settlement is built from. */
export interface LedgerTotals {
  sales: number;
  refundsOwed: number;
  refundsPaid: number;
  commission: number;
}

/** What the operator owes a company for its sales: net of refunds owed and of the platform's commission. */
export const netOwed = (totals: LedgerTotals) => totals.sales - totals.refundsOwed - totals.commission;
