import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';

// Every cell the server writes into a spreadsheet (CSV or XLSX) goes through spreadsheetCell, so that what
// people typed is never run as a formula and codes stay as they were written, whichever program opens the file
// and whichever separator it splits on.
//
// A formula starts where a cell starts: at the beginning of the text, or after any character a spreadsheet may
// be told to split on (comma, semicolon, tab, space and every other white space, line breaks, |, :, the Arabic
// comma and semicolon and their full-width forms). Spaces, invisible characters and double quotes before the
// first letter are skipped, as programs trim them; = + - @ and their full-width or small forms (＝ ＋ － ＠ ﹦ …)
// begin a formula. At every such start an apostrophe is written: `;=1+1;` becomes `;'=1+1;`, which reads as
// text in Excel, LibreOffice and Google Sheets whether the line is split on commas or on semicolons.
//
// Numbers stay numbers (a negative amount is -30000, not text). A code of digits (a phone 0912345678 or
// +249912345678, a national number, a ticket id, or an ID such as 1234E56 that would read as 1.234E+59) is
// written after an invisible left-to-right mark (U+200E): a spreadsheet keeps it as text, so the leading 0 or +
// stays and it is neither a formula nor a number in scientific notation, and on an Arabic sheet it still reads
// left to right.

/** The characters whose compatibility form (NFKC) is `chars`, plus `extra`: a character class's body. */
function classOf(chars: string, extra: string): string {
  const found = new Set(extra);
  for (let code = 0x20; code <= 0xffff; code++) {
    const char = String.fromCharCode(code);
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const plain = char.normalize('NFKC');
    if (plain.length === 1 && chars.includes(plain)) found.add(char);
  }
  return [...found].map((char) => `\\u{${char.codePointAt(0)!.toString(16)}}`).join('');
}

const STARTS = classOf('=+-@', '\u2212');
const SEPARATORS = classOf(',;|:', '\u060c\u061b');
/** Where a cell may start: the text's beginning, or after a separator, a white space or a control character. */
const FORMULA_START = new RegExp(
  `(?<=^|[${SEPARATORS}\\s\\p{Cc}])(?=[\\s\\p{Cc}\\p{Cf}"\\uff02]*[${STARTS}])`,
  'gu',
);
/**
 * Text a spreadsheet would read as a number: a code of digits, as a phone or an ID number is written, or one
 * with a decimal part or an exponent (an ID "1234E56" would become 1.234E+59).
 */
const DIGITS = /^\+?(\d+([.,]\d*)?|[.,]\d+)(e[+-]?\d+)?$/i;
const LEFT_TO_RIGHT_MARK = '\u200e';

export type SpreadsheetValue = string | number | null | undefined;

/** The value a spreadsheet cell is given: numbers as they are, text that cannot start a formula. */
export function spreadsheetCell(value: SpreadsheetValue): string | number {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (DIGITS.test(value)) return `${LEFT_TO_RIGHT_MARK}${value}`;
  return value.replace(FORMULA_START, "'");
}

/** A row of cells, each made safe. */
export const spreadsheetRow = (values: readonly SpreadsheetValue[]) => values.map(spreadsheetCell);

/** A CSV file of safe cells (csv-stringify quotes what needs quoting), with a byte-order mark so that
 * spreadsheet programs read Arabic as UTF-8. */
export function csvFile(rows: readonly (readonly SpreadsheetValue[])[]): Buffer {
  return Buffer.from(`\ufeff${stringify(rows.map(spreadsheetRow))}`, 'utf8');
}

/** Adds rows of safe cells to an XLSX sheet (exceljs), answering the last one (to style a header). */
export function addSheetRows(sheet: ExcelJS.Worksheet, rows: readonly (readonly SpreadsheetValue[])[]) {
  return rows.map((row) => sheet.addRow(spreadsheetRow(row))).at(-1);
}
