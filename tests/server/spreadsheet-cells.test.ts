// Spreadsheet files the server writes (the checkpoint manifest's CSV and XLSX) never carry a formula, whatever
// separator the program that opens them splits on (issue 18, item 11): a name `;=1+1;` was a formula for a
// program splitting on semicolons. Ordinary Arabic names stay as typed, phones and ID numbers stay text with
// their leading 0 or +, and numbers stay numbers.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvFile, spreadsheetCell } from '../../server/exports/spreadsheet.ts';
import { PASSENGER } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const HOSTILE = [
  '=1+1',
  '+1',
  '-1',
  '@SUM(1)',
  '\t=1',
  '\r=1',
  ';=1+1;',
  ',=1+1',
  '|=1',
  '＝1+1',
  '＋1+1',
  '﹦1+1',
  'Amna ;=HYPERLINK("http://x","y");',
  'Ali "=1+1"',
  'Huda\n=2+2',
  'Osman  -2+3',
  'Idris:=1+1',
  'Nur،=1+1؛',
  'Hawa\u200b=1+1',
];

/** The separators a spreadsheet program may be told to split on. */
const SEPARATORS = [',', ';', '\t', '|', ' ', ':', '،', '؛', '，', '；'];
const TRIGGER = /^[=+\-@]/;
/** What a program reads as a number, not a formula: digits, a sign, a decimal point. */
const NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** A field as a program sees it once it trims spaces, invisible characters and quotes. */
const trimmed = (field: string) => field.replace(/^[\s\p{Cc}\p{Cf}"＂]+/u, '').normalize('NFKC');
const isFormula = (field: string) => {
  const text = trimmed(field);
  return TRIGGER.test(text) && !NUMBER.test(text);
};

/** Every field of the CSV text that would be a formula, split naively and as CSV, on every separator. */
function formulasIn(csv: string): string[] {
  const found: string[] = [];
  const lines = csv.replace(/^\ufeff/, '').split(/\r\n|\n|\r/);
  for (const separator of SEPARATORS) {
    for (const line of lines)
      for (const field of line.split(separator)) if (isFormula(field)) found.push(`${separator} ${field}`);
    const rows = parse(csv, {
      bom: true,
      delimiter: separator,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
    for (const field of rows.flat()) if (isFormula(field)) found.push(`${separator} (csv) ${field}`);
  }
  return found;
}

describe('spreadsheet cells', () => {
  it('writes no cell that begins a formula after any separator', () => {
    const csv = csvFile(HOSTILE.map((name) => [1, name, 'NC998877', '0912345678'])).toString('utf8');
    expect(formulasIn(csv)).toEqual([]);
    for (const name of HOSTILE) {
      const cell = String(spreadsheetCell(name));
      for (const separator of SEPARATORS)
        expect(cell.split(separator).filter(isFormula), JSON.stringify(name)).toEqual([]);
    }
  });

  it('keeps ordinary values usable: Arabic names as typed, codes as text, numbers as numbers', () => {
    expect(spreadsheetCell('فاطمة عثمان')).toBe('فاطمة عثمان');
    expect(spreadsheetCell('Abd-Allah Osman')).toBe('Abd-Allah Osman');
    expect(spreadsheetCell('06:30')).toBe('06:30');
    // A phone or an all-digit ID keeps its 0 or + behind an invisible left-to-right mark: text, not a number.
    expect(spreadsheetCell('0912345678')).toBe('\u200e0912345678');
    expect(spreadsheetCell('+249912345678')).toBe('\u200e+249912345678');
    // Codes a spreadsheet would read as numbers in scientific or decimal notation stay as typed too.
    for (const code of ['1234E56', '12e3', '12.50', '0,5'])
      expect(spreadsheetCell(code)).toBe(`\u200e${code}`);
    expect(spreadsheetCell('NC998877')).toBe('NC998877');
    expect(spreadsheetCell('E12')).toBe('E12');
    expect(spreadsheetCell(-30_000)).toBe(-30_000);
    expect(spreadsheetCell(null)).toBe('');
    // The neutralised text still reads as what was typed.
    expect(spreadsheetCell(';=1+1;')).toBe(";'=1+1;");
  });
});

describe.each(dialects)('manifest files with hostile names (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('keeps every CSV and XLSX cell safe, on every separator', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 45 });
    for (const [i, name] of HOSTILE.entries()) {
      const sold = await t.staff.post('/api/bookings/counterSale', {
        tripId: trip._id,
        seats: [i + 1],
        passengerInfo: PASSENGER,
        paymentMethod: 'cash',
      });
      expect(sold.statusCode, sold.body).toBe(201);
      const passengers = [
        { seat: i + 1, fullName: name, idType: 'national_number', idNumber: '00123456789' },
      ];
      const named = await t.staff.patch(`/api/bookings/updatePassengers/${sold.json().booking._id}`, {
        passengers,
      });
      expect(named.statusCode, named.body).toBe(200);
    }
    const csv = await t.staff.get(`/api/trips/manifest/${trip._id}?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(formulasIn(csv.body)).toEqual([]);
    expect(csv.body).toContain(";'=1+1;");
    expect(csv.body).toContain('\u200e00123456789');
    expect(csv.body).toContain(`\u200e${PASSENGER.phone}`);

    const xlsx = await t.staff.get(`/api/trips/manifest/${trip._id}?format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values: string[] = [];
    book.worksheets[0].eachRow((row) =>
      row.eachCell((cell) => {
        expect(cell.formula, String(cell.value)).toBeUndefined();
        if (typeof cell.value === 'string') values.push(cell.value);
      }),
    );
    expect(values.length).toBeGreaterThan(HOSTILE.length * 4);
    for (const value of values)
      for (const separator of SEPARATORS)
        expect(value.split(separator).filter(isFormula), JSON.stringify(value)).toEqual([]);
  });
});
