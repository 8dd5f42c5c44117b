// Bank statement import: staff upload the CSV their bank gives them and say which columns hold the transaction
// reference and the amount. A line whose reference and amount match the one booking waiting on its proof
// under that reference verifies it (recorded as verified by import, by that staff member); everything else is
// listed for a person to look at. One transfer pays one booking, ever: a line that verified a booking is
// remembered (statement_lines) and never verifies another, even once that booking is cancelled; a reference
// another booking used (paid, or a proof on a cancelled booking that may have been paid) makes the line
// ambiguous; money going out (a debit) never matches.
import { createHash } from 'node:crypto';
import type { StatementImport, StatementMapping, StatementRow } from '../../shared/contract/answers.ts';
import { normaliseReference } from '../../shared/payment-reference.ts';
import { proofUndecided, usesReference } from '../../shared/payments.ts';
import type { AuditEntry } from '../audit/audit.ts';
import type { BookingContext } from './context.ts';
import { parseAmount, readStatement, STATEMENT_LIMITS, type StatementRefusal } from './statement-file.ts';
import {
  bookingsByReference,
  companyAccount,
  type StatementAccount,
  usedLines,
  verifyByLine,
} from './statement.repository.ts';
import type { Db } from '../db/schema.ts';
import { hasOwnAccount } from '../../shared/payment-instructions.ts';

export type Mapping = StatementMapping;

/** What an import answers: every row in one of six groups. */
export type ImportResult = StatementImport;

export type StatementOutcome =
  | { preview: { columns: string[]; sample: Record<string, string>[]; rows: number } }
  | { imported: ImportResult; verified: string[] }
  | { refused: StatementRefusal }
  | { refused: 'UNKNOWN_COLUMN'; column: string }
  | { refused: AccountRefusal };

type AccountRefusal = 'COMPANY_NOT_FOUND' | 'NO_OWN_ACCOUNT';

/**
 * Whose account the statement is of (issue 24), which decides the bookings it may pay. A company's staff
 * import their company's (naming another company is as if it did not exist); the platform's staff name the
 * company whose account it is, or none for the operator's own account, which pays the bookings of every
 * company without an account of its own. A company without one has no statement of its own to import.
 */
export async function statementAccount(
  db: Db,
  scope: string | undefined,
  asked: string | undefined,
): Promise<StatementAccount | { refused: AccountRefusal }> {
  if (scope && asked && asked !== scope) return { refused: 'COMPANY_NOT_FOUND' };
  if (!scope && !asked) return { operator: true };
  // A company's own desk, as the platform's staff naming it: without an account of its own, its travellers' money
  // is in the operator's account, and a statement its desk brings pays none of them.
  const company = await companyAccount(db, scope ?? asked!);
  if (!company) return { refused: 'COMPANY_NOT_FOUND' };
  return hasOwnAccount(company) ? { companyId: company.id } : { refused: 'NO_OWN_ACCOUNT' };
}

interface Line extends StatementRow {
  /** SHA-256 of the line's identity. */
  key: string;
}

type Booking = Awaited<ReturnType<typeof bookingsByReference>>[number];

/**
 * A line's identity: its reference, amount and date, and which occurrence of that triple it is in the file.
 * The same statement imported again, or a later one repeating its days, gives its lines the same keys; two real
 * transfers alike in all three are told apart by their order.
 */
function keyed(rows: StatementRow[]): Line[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const identity = JSON.stringify([row.reference, row.amount, row.date ?? '']);
    const occurrence = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, occurrence);
    const key = createHash('sha256').update(`${identity}#${occurrence}`).digest('hex');
    return { ...row, key };
  });
}

const found = (row: StatementRow, booking: Booking) => ({
  ...row,
  bookingId: booking.id,
  ticketId: booking.ticketId,
  expected: Number(booking.totalTicketPrice),
});

/**
 * Without a mapping, answers the columns and the first rows (to map them on screen). With one, matches every
 * row; `dryRun` says what would be verified without verifying.
 */
export async function importStatement(
  ctx: BookingContext,
  text: string,
  options: {
    mapping?: Mapping;
    dryRun?: boolean;
    staff: Omit<AuditEntry, 'action' | 'resource' | 'recordId' | 'diff'>;
    /** Whose account the statement is of: only the bookings paid into it are matched (statementAccount). */
    account: StatementAccount;
  },
): Promise<StatementOutcome> {
  const read = await readStatement(text);
  if ('refused' in read) return read;
  const { columns, rows: cells } = read;
  const { mapping } = options;
  const rowObject = (row: string[]) => Object.fromEntries(columns.map((name, i) => [name, row[i] ?? '']));
  if (!mapping) return { preview: { columns, sample: cells.slice(0, 5).map(rowObject), rows: cells.length } };
  const index: Partial<Record<keyof Mapping, number>> = {};
  for (const field of ['reference', 'amount', 'date'] as const) {
    const column = mapping[field];
    if (column === undefined || column === '') continue;
    index[field] = columns.indexOf(column);
    if (index[field] < 0) return { refused: 'UNKNOWN_COLUMN', column };
  }
  const cell = (row: string[], field: keyof Mapping) =>
    index[field] === undefined ? undefined : row[index[field]];

  const lines = keyed(
    cells.map((row, i) => {
      const date = cell(row, 'date');
      return {
        line: i + 2,
        reference: normaliseReference(cell(row, 'reference') ?? ''),
        amount: parseAmount(cell(row, 'amount')),
        ...(date !== undefined ? { date } : {}),
      };
    }),
  );
  const references = [...new Set(lines.map((line) => line.reference).filter(Boolean))];
  const bookings = await bookingsByReference(ctx.db, references, options.account);
  const used = await usedLines(
    ctx.db,
    lines.map((line) => line.key),
    references,
  );
  const byId = new Map(bookings.map((booking) => [booking.id, booking]));
  const usedKeys = new Map(used.map((row) => [row.key, row.bookingId]));
  const users = new Map<string, Set<string>>();
  const addUser = (reference: string, id: string) =>
    users.set(reference, (users.get(reference) ?? new Set()).add(id));
  for (const booking of bookings) if (usesReference(booking)) addUser(booking.paymentReference!, booking.id);
  for (const row of used) addUser(row.reference, row.bookingId);

  const result: ImportResult = {
    rows: lines.length,
    matched: [],
    mismatched: [],
    ambiguous: [],
    alreadyVerified: [],
    unmatched: [],
    debits: [],
  };
  const verified: string[] = [];
  // One transfer pays one booking: a reference on two lines of this file (not counting a line that paid before)
  // is no proof of whose money either is, the first no more than the second. A bank writes some texts on many
  // lines (a wallet's "cash in", a merchant code): a traveller who gave one as their reference is for a person.
  const linesOf = new Map<string, number>();
  for (const line of lines)
    if (line.reference && !(line.amount !== null && line.amount < 0) && !usedKeys.has(line.key))
      linesOf.set(line.reference, (linesOf.get(line.reference) ?? 0) + 1);
  const now = ctx.clock.now().toISOString();
  for (const { key, ...row } of lines) {
    if (row.amount !== null && row.amount < 0) {
      result.debits.push(row);
      continue;
    }
    const paid = usedKeys.get(key);
    if (paid) {
      // This very line paid a booking before: it pays nothing else, whatever became of that booking.
      const booking = byId.get(paid);
      if (booking) result.alreadyVerified.push(found(row, booking));
      else result.ambiguous.push(row);
      continue;
    }
    const ids = [...(users.get(row.reference) ?? [])];
    if (!row.reference || !ids.length) {
      result.unmatched.push(row);
      continue;
    }
    // A reference several bookings used, or on two lines here, is for a person.
    if (ids.length > 1 || (linesOf.get(row.reference) ?? 0) > 1) {
      result.ambiguous.push(row);
      continue;
    }
    const booking = byId.get(ids[0]);
    if (!booking) result.ambiguous.push(row);
    else if (booking.paymentStatus === 'verified') result.alreadyVerified.push(found(row, booking));
    // The proof of a cancelled booking: the desk's "cancelled, check the money" decides it, not an import.
    else if (Number(booking.isCancelled)) result.ambiguous.push(found(row, booking));
    else if (row.amount === null || Math.abs(row.amount - Number(booking.totalTicketPrice)) > 0.005)
      result.mismatched.push(found(row, booking));
    else if (!proofUndecided(booking)) result.unmatched.push(found(row, booking));
    else if (options.dryRun) result.matched.push(found(row, booking));
    else {
      // The statement shows the money arrived under this reference: an identical image on another booking is
      // that other booking's problem, so the match overrides an image flag (recorded as such).
      const outcome = await verifyByLine(
        ctx.db,
        {
          key,
          bookingId: booking.id,
          reference: row.reference,
          amount: row.amount,
          date: row.date ?? null,
          line: row.line,
          usedAt: now,
          usedBy: options.staff.userId ?? null,
        },
        booking.paymentStatus,
        options.staff,
      );
      if (outcome === 'verified') {
        result.matched.push(found(row, booking));
        verified.push(booking.id);
      } else if (outcome === 'line_used') result.alreadyVerified.push(found(row, booking));
      else result.ambiguous.push(found(row, booking));
    }
  }
  return { imported: result, verified };
}

/** Most booking ids an import's activity row names (each verified booking has its own row besides). */
const LOGGED_IDS = 500;

/**
 * What the activity log keeps of an import: what was done (a preview, a dry run, an import), its counts and the
 * bookings it verified, never the file. Flat fields, each shown on its own line of the log's table.
 */
export function importSummary(
  outcome: StatementOutcome,
  dryRun: boolean,
): Record<string, [unknown, unknown]> {
  if ('preview' in outcome)
    return {
      statement: [null, 'preview'],
      rows: [null, outcome.preview.rows],
      columns: [null, outcome.preview.columns.length],
    };
  if (!('imported' in outcome)) return {};
  const { imported, verified } = outcome;
  const summary: Record<string, [unknown, unknown]> = { statement: [null, dryRun ? 'dry_run' : 'import'] };
  for (const [group, rows] of Object.entries(imported))
    summary[group] = [null, Array.isArray(rows) ? rows.length : rows];
  if (verified.length)
    summary.verified = [
      null,
      verified.length > LOGGED_IDS
        ? [...verified.slice(0, LOGGED_IDS), `… ${verified.length - LOGGED_IDS} more`]
        : verified,
    ];
  return summary;
}

export { STATEMENT_LIMITS };
