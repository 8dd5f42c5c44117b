// The settlement as a printable PDF (issue 24): one A4 page per company — its name in English and Arabic, the
// period, gross sales, refunds, commission and the net owed, then the same by payment method. pdfkit with the
// ticket's Amiri fonts and bidi layer (server/tickets/). Every figure and date is drawn in its own cell, apart
// from the Arabic words, so no Arabic sentence reorders its digits; what people typed (names) is plain text.
import PDFDocument from 'pdfkit';
import type { SettlementReport } from '../../../shared/contract/analytics.ts';
import { BRAND } from '../../../shared/brand.ts';
import { drawBidiText, type TextBox } from '../../tickets/bidi-text.ts';
import { registerTicketFonts } from '../../tickets/fonts.ts';
import type { Bilingual } from '../../tickets/labels.ts';
import { pdfBytes } from '../../tickets/pdf-buffer.ts';
import { formatAmount, plainLine } from '../../tickets/ticket-text.ts';
import { STATEMENT } from './settlement-words.ts';

type Doc = PDFKit.PDFDocument;
type Line = SettlementReport['companies'][number];

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const CONTENT = A4.width - 2 * MARGIN;
const COLORS = { brand: BRAND.primary, tint: BRAND.tint, ink: '#1b1f1d', muted: '#5f6b66', rule: '#c9d3cf' };

function text(doc: Doc, value: string, box: Partial<TextBox> & Pick<TextBox, 'x' | 'y' | 'width'>) {
  drawBidiText(doc, value, { align: 'start', font: 'regular', size: 10.5, color: COLORS.ink, ...box });
}

/** English at the left edge, Arabic at the right, on one baseline (Amiri's Arabic is set a size larger). */
function pair(doc: Doc, words: Bilingual, y: number, style: Partial<TextBox> = {}) {
  const size = style.size ?? 10.5;
  text(doc, words.en, { ...style, x: MARGIN, y, width: CONTENT * 0.45, align: 'left', size });
  text(doc, words.ar, {
    ...style,
    x: MARGIN + CONTENT * 0.55,
    y,
    width: CONTENT * 0.45,
    align: 'right',
    size: size + 1.5,
  });
}

function rule(doc: Doc, y: number) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(0.75)
    .strokeColor(COLORS.rule)
    .stroke();
}

/** An amount as a statement prints it: piastres (two decimals) only where there are any. */
export const statementAmount = (amount: number) =>
  Number.isInteger(amount)
    ? formatAmount(amount)
    : amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A figure alone in the middle column, between its English and Arabic labels. */
const FIGURE = { x: MARGIN + CONTENT * 0.36, width: CONTENT * 0.28 };
function figureRow(doc: Doc, words: Bilingual, amount: number, y: number, strong = false) {
  if (strong) doc.rect(MARGIN - 6, y - 17, CONTENT + 12, 26).fill(COLORS.tint);
  const style = strong ? { font: 'bold', color: COLORS.brand } : {};
  pair(doc, words, y, style);
  text(doc, statementAmount(amount), { ...style, ...FIGURE, y, align: 'right', size: strong ? 13 : 11.5 });
}

/** The table by payment method: the method's words on two lines, then its figures, each in its own cell. */
const METHOD_COLUMNS = [
  { key: 'sales', words: STATEMENT.sales },
  { key: 'refundsOwed', words: STATEMENT.refundsOwed },
  { key: 'commission', words: STATEMENT.commission },
  { key: 'net', words: STATEMENT.net },
] as const;
const METHOD_WIDTH = CONTENT * 0.28;
const CELL = (CONTENT - METHOD_WIDTH) / METHOD_COLUMNS.length;

function methodTable(doc: Doc, line: Line, top: number): number {
  pair(doc, STATEMENT.byMethod, top, { font: 'bold', size: 12 });
  let y = top + 26;
  text(doc, STATEMENT.method.en, { x: MARGIN, y, width: METHOD_WIDTH, size: 8.5, color: COLORS.muted });
  text(doc, STATEMENT.method.ar, {
    x: MARGIN,
    y: y + 12,
    width: METHOD_WIDTH,
    size: 9.5,
    color: COLORS.muted,
  });
  METHOD_COLUMNS.forEach((column, i) => {
    const x = MARGIN + METHOD_WIDTH + i * CELL;
    const box = { x, width: CELL - 6, align: 'right', color: COLORS.muted } as const;
    text(doc, column.words.en, { ...box, y, size: 8.5 });
    text(doc, column.words.ar, { ...box, y: y + 12, size: 9.5 });
  });
  rule(doc, y + 18);
  y += 38;
  for (const method of line.methods) {
    const words = STATEMENT.methods[method.method] ?? { en: method.method, ar: method.method };
    text(doc, words.en, { x: MARGIN, y: y - 5, width: METHOD_WIDTH, size: 9 });
    text(doc, words.ar, { x: MARGIN, y: y + 7, width: METHOD_WIDTH, size: 10 });
    METHOD_COLUMNS.forEach((column, i) => {
      const x = MARGIN + METHOD_WIDTH + i * CELL;
      text(doc, statementAmount(method[column.key]), { x, y, width: CELL - 6, align: 'right' });
    });
    y += 28;
  }
  return y;
}

function statementPage(doc: Doc, report: SettlementReport, line: Line | undefined) {
  doc.rect(0, 0, A4.width, 64).fill(COLORS.brand);
  pair(doc, STATEMENT.title, 40, { font: 'bold', size: 17, color: '#ffffff' });
  let y = 100;
  if (line) {
    text(doc, plainLine(line.company.en), {
      x: MARGIN,
      y,
      width: CONTENT * 0.48,
      align: 'left',
      font: 'bold',
      size: 16,
    });
    text(doc, plainLine(line.company.ar), {
      x: MARGIN + CONTENT * 0.52,
      y,
      width: CONTENT * 0.48,
      align: 'right',
      font: 'bold',
      size: 17,
    });
    y += 28;
  }
  pair(doc, STATEMENT.period, y, { color: COLORS.muted });
  text(doc, `${report.from} – ${report.to}`, { ...FIGURE, y, align: 'right' });
  y += 20;
  pair(doc, STATEMENT.currency, y, { color: COLORS.muted, size: 9 });
  rule(doc, y + 12);
  y += 40;
  if (!line) {
    pair(doc, STATEMENT.nothing, y);
    return;
  }
  figureRow(doc, STATEMENT.sales, line.sales, y);
  figureRow(doc, STATEMENT.refundsOwed, line.refundsOwed, (y += 26));
  figureRow(doc, STATEMENT.net, line.net, (y += 26));
  figureRow(doc, STATEMENT.commission, line.commission, (y += 26));
  figureRow(doc, STATEMENT.netOwed, line.netOwed, (y += 32), true);
  figureRow(doc, STATEMENT.refundsPaid, line.refundsPaid, (y += 32));
  rule(doc, y + 14);
  const end = methodTable(doc, line, y + 44);
  pair(doc, STATEMENT.note, Math.max(end + 20, A4.height - MARGIN), { color: COLORS.muted, size: 8.5 });
}

/** One page per company of the report (a page saying nothing moved when it has none). */
export async function settlementPdf(report: SettlementReport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    font: '',
    autoFirstPage: false,
    info: {
      Title: `Rihla settlement ${report.from} – ${report.to}`,
      Author: 'Rihla',
      Creator: 'Rihla',
      // The period's end, not the moment it was made: the same figures make the same file.
      CreationDate: new Date(`${report.to}T00:00:00Z`),
    },
  });
  registerTicketFonts(doc);
  const done = pdfBytes(doc);
  const lines = report.companies.length ? report.companies : [undefined];
  for (const line of lines) {
    doc.addPage({ size: 'A4', margin: 0 });
    statementPage(doc, report, line);
  }
  doc.end();
  return done;
}
