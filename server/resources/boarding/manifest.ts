// A trip's passenger list for the police checkpoints: seat, name, ID type and number, phone, payment, boarded — in CSV
// (csv-stringify), XLSX (exceljs) and an A4 PDF in Arabic and English (pdfkit with the ticket's fonts).
// What people typed is never run: every spreadsheet cell goes through server/exports/spreadsheet.ts (no cell
// can start a formula, whatever separator a program splits on), and PDFs draw plain text.
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { drawBidiText } from '../../tickets/bidi-text.ts';
import { registerTicketFonts } from '../../tickets/fonts.ts';
import { plainLine } from '../../tickets/ticket-text.ts';
import { khartoumClock } from '../../../shared/rules.ts';
import type { TripTraveller } from './boarding.repository.ts';
import { maskedIdNumber } from '../../../shared/boarding.ts';
import { pdfBytes } from '../../tickets/pdf-buffer.ts';
import { addSheetRows, csvFile } from '../../exports/spreadsheet.ts';

export interface ManifestTrip {
  route: { en: string; ar: string };
  /** A trip with stops (issue 23): every stop's name by index, origin and destination included. */
  stops?: { en: string; ar: string }[];
  date: string;
  time: string;
  bus: string;
  company: string;
}

export interface ManifestLine {
  seat: number;
  name: string;
  idType: string;
  idNumber: string;
  phone: string;
  ticketId: string;
  payment: string;
  boarded: string;
  /** On a trip with stops: where the seat boards and gets off ("Madani – Kassala / ود مدني – كسلا"). */
  stops?: string;
  /** Its stop indexes (the per-stop list at the end of the PDF). */
  boardingStop?: number;
  alightingStop?: number;
}

/** What a booking holds of its stops: indexes (absent: the trip's ends). */
interface BookingLegs {
  boardingStop?: number | null;
  alightingStop?: number | null;
}

const ID_WORDS: Record<string, { en: string; ar: string }> = {
  national_number: { en: 'National number', ar: 'الرقم الوطني' },
  national_card: { en: 'National card', ar: 'البطاقة القومية' },
  passport: { en: 'Passport', ar: 'جواز السفر' },
  work_card: { en: 'Work card', ar: 'بطاقة العمل' },
  other_official: { en: 'Other official card', ar: 'مستند رسمي آخر' },
};

/** A live booking's payment, in the back-office's words (rihla.payments.status, rihla.payments.via.counter). */
const PAYMENT_WORDS: Record<string, { en: string; ar: string }> = {
  awaiting_proof: { en: 'Awaiting proof', ar: 'بانتظار الإشعار' },
  proof_submitted: { en: 'Proof to check', ar: 'إشعار للمراجعة' },
  verified: { en: 'Paid', ar: 'مدفوع' },
  counter: { en: 'Paid at the counter', ar: 'مدفوع في مكتب الحجز' },
  rejected: { en: 'Proof rejected', ar: 'إشعار مرفوض' },
  expired: { en: 'Expired', ar: 'منتهي' },
};
const NO_SHOW = 'No-show / لم يحضر';

/** `words`: the column holds our words in both languages ("Paid / مدفوع"), never what people typed. */
interface Column {
  key: keyof ManifestLine;
  en: string;
  ar: string;
  width: number;
  words?: true;
}
const COLUMNS: Column[] = [
  { key: 'seat', en: 'Seat', ar: 'المقعد', width: 30 },
  { key: 'name', en: 'Name', ar: 'الاسم', width: 122 },
  { key: 'idType', en: 'ID type', ar: 'إثبات الشخصية', width: 84, words: true },
  { key: 'idNumber', en: 'ID number', ar: 'رقم الإثبات', width: 80 },
  { key: 'phone', en: 'Phone', ar: 'الموبايل', width: 68 },
  { key: 'payment', en: 'Payment', ar: 'الدفع', width: 72, words: true },
  { key: 'boarded', en: 'Boarded', ar: 'ركب', width: 42, words: true },
];

/**
 * A trip with stops gets a column of each seat's stops, narrower names and ID types making room (the page is
 * as wide as the columns). Its words join the towns with an en dash: the PDF's Arabic font has no arrow
 * glyph, and a hyphen after a comma reads as a formula to a spreadsheet (which the export then escapes).
 */
function columnsFor(trip: { stops?: unknown[] } | undefined): Column[] {
  if (!trip?.stops || trip.stops.length <= 2) return COLUMNS;
  const narrower: Partial<Record<keyof ManifestLine, number>> = { name: 92, idType: 64, idNumber: 64 };
  const resized = COLUMNS.map((column) => ({ ...column, width: narrower[column.key] ?? column.width }));
  resized.splice(2, 0, { key: 'stops', en: 'Stops', ar: 'المحطات', width: 62, words: true });
  return resized;
}

const both = (words: { en: string; ar: string } | undefined) => (words ? `${words.en} / ${words.ar}` : '');

/**
 * One line per seat of every live booking, by seat; the booker stands in for a traveller nobody named. Without
 * `full` (a conductor's list) an ID shows its last digits only and phones are left out.
 */
export function manifestLines(
  bookings: (TripTraveller & BookingLegs)[],
  full = true,
  stops?: ManifestTrip['stops'],
): ManifestLine[] {
  const last = stops ? stops.length - 1 : 1;
  return bookings
    .filter((booking) => !booking.isCancelled)
    .flatMap((booking) =>
      booking.seats.map((seat) => {
        const traveller = booking.travellers.find((t) => t.seat === seat);
        const type = traveller?.idType ? ID_WORDS[traveller.idType] : undefined;
        return {
          seat,
          name: traveller?.fullName ?? `${booking.bookerName} (+)`,
          idType: both(type),
          idNumber: (full ? traveller?.idNumber : maskedIdNumber(traveller?.idNumber ?? null)) ?? '',
          phone: full ? booking.phone : '',
          ticketId: booking.ticketId,
          payment: both(
            PAYMENT_WORDS[
              booking.paymentStatus === 'verified' && booking.verifiedVia === 'counter'
                ? 'counter'
                : booking.paymentStatus
            ],
          ),
          // On Khartoum's clock, as every time staff and checkpoints read.
          boarded: booking.boardings.length
            ? khartoumClock(new Date(booking.boardings[0].scannedAt)).slice(11, 16)
            : booking.noShow
              ? NO_SHOW
              : '',
          ...(stops && stops.length > 2
            ? stopsOfLine(stops, booking.boardingStop ?? 0, booking.alightingStop ?? last)
            : {}),
        };
      }),
    )
    .sort((a, b) => a.seat - b.seat);
}

function stopsOfLine(stops: NonNullable<ManifestTrip['stops']>, boardingStop: number, alightingStop: number) {
  const from = stops[boardingStop];
  const to = stops[alightingStop];
  return {
    boardingStop,
    alightingStop,
    stops: from && to ? `${from.en} – ${to.en} / ${from.ar} – ${to.ar}` : '',
  };
}

const headerOf = (columns: Column[]) => columns.map((column) => `${column.en} / ${column.ar}`);
const cellsOf = (columns: Column[]) => (line: ManifestLine) =>
  columns.map((column) => line[column.key] ?? '');

export function manifestCsv(lines: ManifestLine[], trip?: ManifestTrip): Buffer {
  const columns = columnsFor(trip);
  return csvFile([headerOf(columns), ...lines.map(cellsOf(columns))]);
}

/**
 * On a trip with stops, stop by stop: the seats boarding and getting off there (the checkpoints' per-leg view),
 * in English and in Arabic, each drawn on its own side (one line of both would be reordered by the bidi rules).
 */
export function stopLines(trip: ManifestTrip, lines: ManifestLine[]): { en: string; ar: string }[] {
  if (!trip.stops || trip.stops.length <= 2) return [];
  const seats = (test: (line: ManifestLine) => boolean) =>
    lines
      .filter(test)
      .map((line) => line.seat)
      .join(', ') || '–';
  return trip.stops.map((stop, index) => {
    const boarding = seats((l) => l.boardingStop === index);
    const alighting = seats((l) => l.alightingStop === index);
    return {
      en: `${stop.en}: boarding ${boarding}; getting off ${alighting}`,
      ar: `${stop.ar}: يركبون ${boarding}؛ ينزلون ${alighting}`,
    };
  });
}

export async function manifestXlsx(trip: ManifestTrip, lines: ManifestLine[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Rihla';
  const sheet = book.addWorksheet('Manifest');
  addSheetRows(sheet, [
    [`${trip.route.en} — ${trip.date} ${trip.time} — ${trip.bus} (${trip.company})`],
    [trip.route.ar],
  ]);
  const columns = columnsFor(trip);
  addSheetRows(sheet, [headerOf(columns)])!.font = { bold: true };
  addSheetRows(sheet, lines.map(cellsOf(columns)));
  const byStop = stopLines(trip, lines);
  if (byStop.length) addSheetRows(sheet, [[], ...byStop.map((line) => [line.en, line.ar])]);
  columns.forEach((column, i) => (sheet.getColumn(i + 1).width = Math.round(column.width / 6)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const ROW = 20;

/** The printable list: A4, the trip on top, a bilingual header row, one row per seat. */
export async function manifestPdf(trip: ManifestTrip, lines: ManifestLine[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    font: '',
    info: { Title: `Rihla manifest ${trip.date}` },
  });
  registerTicketFonts(doc);
  const done = pdfBytes(doc);
  const width = A4.width - 2 * MARGIN;
  const text = (value: string, x: number, y: number, w: number, bold = false, size = 9) =>
    drawBidiText(doc, plainLine(value), {
      x,
      y,
      width: w,
      align: 'start',
      font: bold ? 'bold' : 'regular',
      size,
      color: '#1b1f1d',
    });
  const columns = columnsFor(trip);
  const heading = (y: number) => {
    text(`Passenger list — ${trip.route.en}`, MARGIN, y, width * 0.6, true, 13);
    drawBidiText(doc, `كشف الركاب — ${plainLine(trip.route.ar)}`, {
      x: MARGIN + width * 0.4,
      y,
      width: width * 0.6,
      align: 'right',
      font: 'bold',
      size: 14,
      color: '#1b1f1d',
    });
    text(`${trip.date}  ${trip.time}  ·  ${trip.bus}  ·  ${trip.company}`, MARGIN, y + 20, width, false, 10);
    let x = MARGIN;
    for (const column of columns) {
      // Regular weight: the bold face is embedded only for the title's few letters.
      text(column.en, x, y + 44, column.width, false, 8);
      text(column.ar, x, y + 56, column.width, false, 9);
      x += column.width + 4;
    }
    doc
      .moveTo(MARGIN, y + 62)
      .lineTo(A4.width - MARGIN, y + 62)
      .lineWidth(0.75)
      .strokeColor('#c9d3cf')
      .stroke();
    return y + 78;
  };
  let y = heading(MARGIN + 16);
  for (const line of lines) {
    if (y > A4.height - MARGIN) {
      doc.addPage({ size: 'A4', margin: 0 });
      y = heading(MARGIN + 16);
    }
    let x = MARGIN;
    for (const column of columns) {
      const value = String(line[column.key] ?? '');
      // Words in both languages ("Paid / مدفوع") on two small lines, rather than one shrunk out of reach.
      const [en, ar] = column.words ? value.split(' / ') : [value];
      if (ar !== undefined) {
        text(en, x, y - 4, column.width, false, 7);
        text(ar, x, y + 5, column.width, false, 7.5);
      } else text(value, x, y, column.width);
      x += column.width + 4;
    }
    y += ROW;
  }
  if (!lines.length) text('No passengers. / لا ركاب.', MARGIN, y, width);
  for (const stopLine of stopLines(trip, lines)) {
    if (y > A4.height - MARGIN - ROW) {
      doc.addPage({ size: 'A4', margin: 0 });
      y = MARGIN + 16;
    }
    y += ROW;
    text(stopLine.en, MARGIN, y, width / 2);
    drawBidiText(doc, plainLine(stopLine.ar), {
      x: MARGIN + width / 2,
      y,
      width: width / 2,
      align: 'right',
      font: 'regular',
      size: 9,
      color: '#1b1f1d',
    });
  }
  doc.end();
  return done;
}
