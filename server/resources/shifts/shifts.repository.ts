// Shifts and their drawer's cash in SQL (cash-up, issue 24). The sale and the refund call `openShiftOf` and
// `recordCash` inside their own transactions, so a shift's cash is written with the money event or not at all;
// closing reads the expected cash with one aggregate, under the shift's row lock, and stores it.
import { sql } from 'kysely';
import { companyWhere } from '../../auth/company-scope.ts';
import { isPostgres } from '../../db/locks.ts';
import { newId } from '../../db/ids.ts';
import type { Db, ShiftCashTable, ShiftsTable } from '../../db/schema.ts';
import type { ShiftDocument } from '../../../shared/contract/shifts.ts';

export type { ShiftDocument };

/** SDG to the piastre: sums of doubles are rounded once, where they are answered or stored. */
export const sdg = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The staff member's open shift, locked against closing until the caller's transaction ends (PostgreSQL; SQLite
 * runs one write transaction at a time): a sale or refund either lands in the shift before it closes, or finds
 * it closed.
 */
export async function openShiftOf(trx: Db, userId: string): Promise<ShiftsTable | undefined> {
  if (!isPostgres(trx))
    return trx
      .selectFrom('shifts')
      .selectAll()
      .where('userId', '=', userId)
      .where('closedAt', 'is', null)
      .executeTakeFirst();
  const { rows } = await sql<ShiftsTable>`select * from shifts
    where "userId" = ${userId} and "closedAt" is null for share`.execute(trx);
  return rows[0];
}

/** Cash into (sale) or out of (refund) a shift's drawer, in the caller's transaction. */
export async function recordCash(
  trx: Db,
  entry: Pick<ShiftCashTable, 'shiftId' | 'bookingId' | 'kind' | 'amount'>,
  at: Date,
) {
  await trx
    .insertInto('shift_cash')
    .values({ id: newId(), ...entry, at: at.toISOString() })
    .execute();
}

/** The cash the drawer should hold: the float, plus cash sales, minus cash refunds (one aggregate). */
export async function expectedCash(db: Db, shiftId: string): Promise<number> {
  const row = await db
    .selectFrom('shifts')
    .leftJoin('shift_cash', 'shift_cash.shiftId', 'shifts.id')
    .select((eb) =>
      sql<number>`${eb.ref('shifts.float')} + coalesce(sum(${eb.ref('shift_cash.amount')}), 0)`.as(
        'expected',
      ),
    )
    .where('shifts.id', '=', shiftId)
    .groupBy(['shifts.id', 'shifts.float'])
    .executeTakeFirst();
  return sdg(Number(row?.expected ?? 0));
}

/** One shift as the API answers it, with who worked it and its cash in and out so far. */
const shiftQuery = (db: Db) =>
  db
    .selectFrom('shifts')
    .leftJoin('users', 'users.id', 'shifts.userId')
    .selectAll('shifts')
    .select(['users.email as userEmail', 'users.first_name', 'users.last_name'])
    .select((eb) => [
      eb
        .selectFrom('shift_cash')
        .select((c) => sql<number>`coalesce(sum(${c.ref('amount')}), 0)`.as('v'))
        .whereRef('shift_cash.shiftId', '=', 'shifts.id')
        .where('shift_cash.kind', '=', 'sale')
        .as('cashIn'),
      eb
        .selectFrom('shift_cash')
        .select((c) => sql<number>`coalesce(sum(${c.ref('amount')}), 0)`.as('v'))
        .whereRef('shift_cash.shiftId', '=', 'shifts.id')
        .where('shift_cash.kind', '=', 'refund')
        .as('cashOut'),
      eb
        .selectFrom('shift_cash')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('shift_cash.shiftId', '=', 'shifts.id')
        .as('movements'),
    ]);

type ShiftRow = Awaited<ReturnType<ReturnType<typeof shiftQuery>['executeTakeFirstOrThrow']>>;

/** A row as a document: drivers' numbers normalised, an open shift's expected cash as it stands now. */
function shiftDocument(row: ShiftRow): ShiftDocument {
  const float = Number(row.float);
  const cashIn = sdg(Number(row.cashIn ?? 0));
  const cashOut = sdg(-Number(row.cashOut ?? 0));
  const open = row.closedAt == null;
  const num = (value: number | null) => (value == null ? null : sdg(Number(value)));
  return {
    _id: row.id,
    userId: row.userId,
    userName: [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
    userEmail: row.userEmail ?? null,
    companyId: row.companyId,
    status: open ? ('open' as const) : ('closed' as const),
    float,
    cashIn,
    cashOut,
    movements: Number(row.movements ?? 0),
    expected: open ? sdg(float + cashIn - cashOut) : num(row.expected),
    counted: num(row.counted),
    variance: num(row.variance),
    openedAt: row.openedAt,
    closedAt: row.closedAt,
    closedBy: row.closedBy,
  };
}

/**
 * A blind count: whoever works an open shift counts the drawer without knowing what it should hold, so a
 * cashier is not told an open shift's expected cash, nor the cash in and out it adds up from. Managers and
 * admins (shifts.manage) see them; once closed, everyone who may read the shift sees all.
 */
export function asSeenBy(shift: ShiftDocument, manages: boolean): ShiftDocument {
  if (manages || shift.status === 'closed') return shift;
  return { ...shift, expected: null, cashIn: null, cashOut: null };
}

export async function findShift(db: Db, id: string): Promise<ShiftDocument | undefined> {
  const row = await shiftQuery(db).where('shifts.id', '=', id).executeTakeFirst();
  return row && shiftDocument(row);
}

export interface ShiftFilter {
  start: number;
  end: number;
  /** Only this staff member's shifts (a cashier sees their own). */
  userId?: string;
  status?: 'open' | 'closed';
  /** Company staff: their company's shifts alone. */
  companyId?: string;
}

/** A page of shifts, newest first, and how many match. */
export async function listShifts(db: Db, filter: ShiftFilter) {
  let query = db.selectFrom('shifts');
  if (filter.userId) query = query.where('shifts.userId', '=', filter.userId);
  if (filter.status === 'open') query = query.where('shifts.closedAt', 'is', null);
  if (filter.status === 'closed') query = query.where('shifts.closedAt', 'is not', null);
  if (filter.companyId) query = query.where(companyWhere(db, 'shift', filter.companyId, 'shifts'));
  const ids = query.select('shifts.id');
  const [rows, total] = await Promise.all([
    shiftQuery(db)
      .where('shifts.id', 'in', ids)
      .orderBy('shifts.openedAt', 'desc')
      .orderBy('shifts.id', 'desc')
      .offset(filter.start)
      .limit(Math.max(0, filter.end - filter.start))
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map(shiftDocument), total: Number(total?.n ?? 0) };
}
