// A bank statement file as the import reads it: its text (UTF-8, UTF-16 as Excel's "Unicode text" saves it, or
// Windows-1256 as Arabic Windows saves a CSV), bounded before it is parsed (bytes, lines, columns, a line's
// length: a file of 150,000 columns or one endless line costs nothing), then its header and rows as lists of
// cells, decoded and parsed a slice at a time so that other requests run in between (a 5 MB statement blocks
// no one for long). Cells are looked up by position, never by name on an object, so a column named `toString` or
// `__proto__` is just a name. Parsed with csv-parse (comma, semicolon or tab separated; quoted fields as banks
// write them).
import { parse } from 'csv-parse';
import { normalizeDigits } from '../../shared/rules.ts';

export const STATEMENT_LIMITS = {
  /** The file's size (the multipart limit of the import). */
  bytes: 5 * 1024 * 1024,
  /** Rows besides the header. */
  rows: 10_000,
  columns: 100,
  /** Characters of one line. */
  lineLength: 16 * 1024,
} as const;

export type StatementRefusal = 'UNREADABLE' | 'NO_ROWS' | 'TOO_MANY_ROWS' | 'TOO_MANY_COLUMNS';

export interface StatementTable {
  /** The header's cells, trimmed. */
  columns: string[];
  /** Each row's cells, trimmed; a short row has fewer than the header. */
  rows: string[][];
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** Bytes decoded, or characters parsed, between two turns of the event loop (a few milliseconds each). */
const SLICE = 64 * 1024;

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** UTF-16 without a byte-order mark: NUL bytes on one side of most of the first characters. */
function utf16Without(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const sample = Math.min(bytes.length - (bytes.length % 2), 512);
  if (sample < 4) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const half = sample / 4;
  if (odd > half && even === 0) return 'utf-16le';
  if (even > half && odd === 0) return 'utf-16be';
  return undefined;
}

/** Decodes in slices, letting other requests run between them; throws when `fatal` and the bytes are not valid. */
async function decodeInSlices(bytes: Uint8Array, encoding: string, fatal = false): Promise<string> {
  const decoder = new TextDecoder(encoding, { fatal });
  let text = '';
  for (let start = 0; start < bytes.length; start += 4 * SLICE) {
    text += decoder.decode(bytes.subarray(start, start + 4 * SLICE), { stream: true });
    await yieldToOthers();
  }
  return text + decoder.decode();
}

/** The file's text, or undefined when it is not text (a NUL inside once decoded: an image, a spreadsheet). */
export async function decodeStatement(bytes: Uint8Array): Promise<string | undefined> {
  const starts = (...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
  let text: string;
  if (starts(...UTF8_BOM)) text = await decodeInSlices(bytes.subarray(3), 'utf-8');
  else if (starts(0xff, 0xfe)) text = await decodeInSlices(bytes.subarray(2), 'utf-16le');
  else if (starts(0xfe, 0xff)) text = await decodeInSlices(bytes.subarray(2), 'utf-16be');
  else {
    const utf16 = utf16Without(bytes);
    if (utf16) text = await decodeInSlices(bytes, utf16);
    else {
      try {
        text = await decodeInSlices(bytes, 'utf-8', true);
      } catch {
        text = await decodeInSlices(bytes, 'windows-1256');
      }
    }
  }
  return text.includes('\u0000') ? undefined : text;
}

/** The separator of a statement: whichever of comma, semicolon or tab its header line has most of. */
function separatorOf(header: string): string {
  const counts = [',', ';', '\t'].map((separator) => [separator, header.split(separator).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/**
 * What the text's size says before it is parsed: a line too long, too many lines (twice the rows allowed:
 * quoted cells may hold line breaks).
 */
function sizeRefusal(text: string): StatementRefusal | undefined {
  let lines = 0;
  for (let start = 0; start < text.length; lines++) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > STATEMENT_LIMITS.lineLength) return 'TOO_MANY_COLUMNS';
    if (lines > 2 * (STATEMENT_LIMITS.rows + 1)) return 'TOO_MANY_ROWS';
    start = stop + 1;
  }
  return undefined;
}

/**
 * csv-parse fed a slice at a time, other requests running between slices; stops reading once there are more
 * rows than allowed. Undefined when the text is not CSV.
 */
async function parseInSlices(text: string, separator: string): Promise<string[][] | undefined> {
  const records: string[][] = [];
  let failed = false;
  const parser = parse({
    // One separator, found from the header: amounts such as "45,000.00" keep their commas.
    delimiter: separator,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
    max_record_size: STATEMENT_LIMITS.lineLength,
  });
  const ended = new Promise<void>((resolve) => parser.on('end', resolve).on('error', () => resolve()));
  parser.on('data', (record: string[]) => records.push(record)).on('error', () => (failed = true));
  for (let start = 0; start < text.length; start += SLICE) {
    if (failed || records.length > STATEMENT_LIMITS.rows + 1) break;
    parser.write(text.slice(start, start + SLICE));
    await yieldToOthers();
  }
  parser.end();
  await ended;
  return failed ? undefined : records;
}

/** The statement's header and rows, or why it cannot be read. */
export async function readStatement(text: string): Promise<StatementTable | { refused: StatementRefusal }> {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const refusal = sizeRefusal(body);
  if (refusal) return { refused: refusal };
  const header = body.slice(0, body.search(/\r?\n|$/));
  const separator = separatorOf(header);
  if (header.split(separator).length > STATEMENT_LIMITS.columns) return { refused: 'TOO_MANY_COLUMNS' };
  const records = await parseInSlices(body, separator);
  if (!records) return { refused: 'UNREADABLE' };
  const [columns = [], ...rows] = records;
  if (columns.length > STATEMENT_LIMITS.columns || rows.some((row) => row.length > STATEMENT_LIMITS.columns))
    return { refused: 'TOO_MANY_COLUMNS' };
  if (!rows.length) return { refused: 'NO_ROWS' };
  if (rows.length > STATEMENT_LIMITS.rows) return { refused: 'TOO_MANY_ROWS' };
  return { columns, rows };
}

/**
 * An amount as banks write it: "1,500.00 SDG", "١٬٥٠٠٫٠٠" → 1500. Money going out is negative: a minus sign
 * before or after the digits, brackets as accountants write them, or DR / debit / مدين beside it. Null when
 * no amount can be read.
 */
export function parseAmount(text: string | undefined): number | null {
  if (!text) return null;
  const written = normalizeDigits(text).trim();
  const debit =
    /[-\u2212\u2012\u2013]/.test(written) ||
    /^\(.*\)$/.test(written) ||
    /(^|[^a-z])(dr|debit)([^a-z]|$)/i.test(written) ||
    written.includes('مدين');
  const digits = written
    .replace(/\u066b/g, '.')
    .replace(/[\s,\u066c']/g, '')
    .replace(/[^\d.]/g, '');
  const amount = Number(digits);
  if (!digits || !Number.isFinite(amount)) return null;
  return debit ? -amount : amount;
}
