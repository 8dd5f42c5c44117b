// A report as a file: CSV (one table after another, a blank line between) or XLSX (a sheet per table). Headers
// name each column in both languages; every cell goes through server/exports/spreadsheet.ts, so a town or a
// company typed as `=HYPERLINK(…)` stays text.
import ExcelJS from 'exceljs';
import type { ReportColumn } from '../../../shared/analytics.ts';
import { addSheetRows, csvFile, type SpreadsheetValue } from '../../exports/spreadsheet.ts';

export interface ReportTable {
  /** The sheet's name (XLSX). */
  name: string;
  columns: readonly ReportColumn[];
  rows: readonly Record<string, SpreadsheetValue>[];
}

const header = (columns: readonly ReportColumn[]) => columns.map((column) => `${column.en} / ${column.ar}`);
const cells = (columns: readonly ReportColumn[], row: Record<string, SpreadsheetValue>) =>
  columns.map((column) => row[column.key]);

export function reportCsv(tables: readonly ReportTable[]): Buffer {
  return csvFile(
    tables.flatMap((table, i) => [
      ...(i ? [[]] : []),
      header(table.columns),
      ...table.rows.map((row) => cells(table.columns, row)),
    ]),
  );
}

export async function reportXlsx(tables: readonly ReportTable[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Rihla';
  for (const table of tables) {
    const sheet = book.addWorksheet(table.name);
    addSheetRows(sheet, [header(table.columns)])!.font = { bold: true };
    addSheetRows(
      sheet,
      table.rows.map((row) => cells(table.columns, row)),
    );
    table.columns.forEach((_, i) => (sheet.getColumn(i + 1).width = 22));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const FILE_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;
