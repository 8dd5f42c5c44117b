// Bank statement import: staff upload the CSV their bank gives them and say which columns hold the transaction
// reference and the amount. A row whose reference and amount match a booking waiting on its proof verifies it
// (recorded as verified by import, by that staff member); everything else is listed for a person to look at.
// Parsed with csv-parse (comma, semicolon or tab separated; a byte-order mark and quoted fields as banks write).
import { parse } from 'csv-parse/sync';
import type { StatementImport, StatementMapping, StatementRow } from '../../../shared/contract/answers.ts';
import { normaliseReference } from '../../../shared/payment-reference.ts';
import { normalizeDigits } from '../../../shared/rules.ts';
import type { BookingContext } from '../bookings/bookings.service.ts';
import { submittedByReference } from './payments.repository.ts';
import { verify } from './payments.service.ts';

export const MAX_STATEMENT_ROWS = 10_000;

export type Mapping = StatementMapping;

/** What an import answers: every row in one of five groups. */
export type ImportResult = StatementImport;

export type StatementOutcome =
  | { preview: { columns: string[]; sample: Record<string, string>[]; rows: number } }
  | { imported: ImportResult }
  | { refused: 'UNREADABLE' | 'TOO_MANY_ROWS' | 'NO_ROWS' }
  | { refused: 'UNKNOWN_COLUMN'; column: string };

/** The separator of a statement: whichever of comma, semicolon or tab its header line has most of. */
function separatorOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((separator) => [separator, header.split(separator).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** The CSV's columns and rows (cells as text), or undefined when it is not a readable CSV. */
export function readStatement(text: string) {
  try {
    const records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim()),
      // One separator, found from the header: amounts such as "45,000.00" keep their commas.
      delimiter: separatorOf(text),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      to_line: MAX_STATEMENT_ROWS + 2,
    }) as Record<string, string>[];
    const columns = Object.keys(records[0] ?? {});
    return { columns, records };
  } catch {
    return undefined;
  }
}

/** "1,500.00 SDG", "١٬٥٠٠٫٠٠" → 1500; null when no amount can be read. */
export function parseAmount(text: string | undefined): number | null {
  if (!text) return null;
  const digits = normalizeDigits(text)
    .replace(/\u066b/g, '.')
    .replace(/[\s,\u066c']/g, '')
    .replace(/[^\d.-]/g, '');
  const amount = Number(digits);
  return digits && Number.isFinite(amount) ? Math.abs(amount) : null;
}

/**
 * Without a mapping, answers the columns and the first rows (to map them on screen). With one, matches every
 * row; `dryRun` says what would be verified without verifying.
 */
export async function importStatement(
  ctx: BookingContext,
  text: string,
  options: { mapping?: Mapping; dryRun?: boolean; staffId: string },
): Promise<StatementOutcome> {
  const read = readStatement(text);
  if (!read) return { refused: 'UNREADABLE' };
  const { columns, records } = read;
  if (!records.length) return { refused: 'NO_ROWS' };
  if (records.length > MAX_STATEMENT_ROWS) return { refused: 'TOO_MANY_ROWS' };
  const { mapping } = options;
  if (!mapping) return { preview: { columns, sample: records.slice(0, 5), rows: records.length } };
  for (const column of [mapping.reference, mapping.amount, mapping.date].filter((c): c is string => !!c))
    if (!columns.includes(column)) return { refused: 'UNKNOWN_COLUMN', column };

  const rows: StatementRow[] = records.map((record, i) => ({
    line: i + 2,
    reference: normaliseReference(record[mapping.reference] ?? ''),
    amount: parseAmount(record[mapping.amount]),
    ...(mapping.date ? { date: record[mapping.date] } : {}),
  }));
  const byReference = new Map<string, Awaited<ReturnType<typeof submittedByReference>>>();
  for (const booking of await submittedByReference(ctx.db, [
    ...new Set(rows.map((row) => row.reference).filter(Boolean)),
  ])) {
    const list = byReference.get(booking.paymentReference!) ?? [];
    list.push(booking);
    byReference.set(booking.paymentReference!, list);
  }

  const result: ImportResult = {
    rows: rows.length,
    matched: [],
    mismatched: [],
    ambiguous: [],
    alreadyVerified: [],
    unmatched: [],
  };
  const seen = new Set<string>();
  for (const row of rows) {
    const candidates = byReference.get(row.reference) ?? [];
    if (!row.reference || !candidates.length) {
      result.unmatched.push(row);
      continue;
    }
    // One transfer pays one booking: a reference shared by several live bookings, or seen twice here, is for
    // a person to sort out.
    if (candidates.length > 1 || seen.has(row.reference)) {
      result.ambiguous.push(row);
      continue;
    }
    seen.add(row.reference);
    const [booking] = candidates;
    const found = {
      ...row,
      bookingId: booking.id,
      ticketId: booking.ticketId,
      expected: Number(booking.totalTicketPrice),
    };
    if (booking.paymentStatus === 'verified') result.alreadyVerified.push(found);
    else if (row.amount === null || Math.abs(row.amount - found.expected) > 0.005)
      result.mismatched.push(found);
    else if (booking.paymentStatus !== 'proof_submitted') result.unmatched.push(found);
    else if (options.dryRun) result.matched.push(found);
    else {
      // The statement shows the money arrived under this reference: an identical image on another booking
      // is that other booking's problem, so the match overrides an image flag (recorded as such).
      const outcome = await verify(ctx, booking.id, {
        staffId: options.staffId,
        via: 'import',
        override: `Bank statement line ${row.line}`,
      });
      if ('decided' in outcome) result.matched.push(found);
      else result.alreadyVerified.push(found);
    }
  }
  return { imported: result };
}
