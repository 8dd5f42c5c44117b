// The bilingual ticket: one A5 page; every label in English (left) and Arabic (right); the ticket id in large
// digits and as a QR code. What people typed is drawn as plain text, which a PDF never interprets.
import type { PaymentInstructions } from '../../shared/payment-instructions.ts';
import PDFDocument from 'pdfkit';
import { drawBidiText, type TextBox } from './bidi-text.ts';
import { registerTicketFonts } from './fonts.ts';
import {
  CURRENCY,
  PAYMENT_BANDS,
  payToLine,
  TICKET_LABELS,
  TICKET_REFUND_METHOD,
  TICKET_TERMS,
  TICKET_TITLE,
  type Bilingual,
} from './labels.ts';
import { drawQrCode } from './qr.ts';
import { formatAmount, formatBoardingTime, formatBookingDate, plainLine, refundLine } from './ticket-text.ts';
import type { RefundRules } from '../../shared/refund-rules.ts';
import { departureInstant } from '../../shared/rules.ts';
import { pdfBytes } from './pdf-buffer.ts';
import { BRAND } from '../../shared/brand.ts';

export interface TicketData {
  /** 13 digits. */
  ticketId: string;
  passengerName: string;
  companyName: string;
  busNumber: string;
  /** YYYY-MM-DD on Khartoum's calendar. */
  tripDate: string;
  /** '9:00 am' or '7:00 pm': the trip's departure (refunds count from it). */
  boardingTime: string;
  /** On a trip with stops, the time the bus reaches the traveller's boarding stop (the ticket shows it). */
  stopBoardingTime?: string;
  originCity: string;
  destinationCity: string;
  /** The Arabic names for the ticket's Arabic side, where staff gave them. */
  originCityAr?: string;
  destinationCityAr?: string;
  companyNameAr?: string;
  seats: number[];
  passengerCount: number;
  total: number;
  currency: 'SDG';
  /** ISO instant. */
  bookingDate: string;
  /** Only a verified payment makes the ticket good for boarding; anything else prints "payment pending". */
  paid: boolean;
  /** The signed code in the QR (shared/ticket-code.ts); the ticket id alone when there is none. */
  code?: string;
  /** The refund rules the booking was sold under, printed above the terms; none for older bookings. */
  refundRules?: RefundRules | null;
  /** An unpaid ticket of a company with its own account (issue 24): where to pay, printed above the terms. */
  payTo?: PaymentInstructions;
}

type Doc = PDFKit.PDFDocument;
type FieldKey = keyof typeof TICKET_LABELS;
/** A value the same in both languages, or with an Arabic form of its own. */
type Value = string | Bilingual;

const PAGE_WIDTH = 419.53; // A5 portrait, 595.28 high
const MARGIN = 30;
const CONTENT = PAGE_WIDTH - 2 * MARGIN;
const GUTTER = 20;
const COLUMN = (CONTENT - GUTTER) / 2;
const ROW = 55;
const QR_SIZE = 92; // 21 modules of 4.4 pt; the margin, gutter and white space around are its quiet zone
// The brand's green and its tint are the back-office's and the public site's too (shared/brand.ts).
const COLORS = {
  brand: BRAND.primary,
  tint: BRAND.tint,
  ink: '#1b1f1d',
  muted: '#5f6b66',
  rule: '#c9d3cf',
  white: '#ffffff',
  pending: '#8a4b00',
};
/** Height of the payment band under the title; everything below moves down by it. */
const BAND = 30;

// Amiri's Arabic looks smaller than its Latin at one size, so Arabic small print is set a little larger.
const SMALL_EN = { size: 9, color: COLORS.muted, align: 'left' } as const;
const SMALL_AR = { size: 10.5, color: COLORS.muted, align: 'right' } as const;

function text(doc: Doc, value: string, box: Partial<TextBox> & Pick<TextBox, 'x' | 'y' | 'width'>): void {
  drawBidiText(doc, value, { align: 'start', font: 'regular', size: 10, color: COLORS.ink, ...box });
}

/** English label at the left edge, Arabic at the right edge, on one baseline. */
function labels(doc: Doc, label: Bilingual, x: number, y: number, width: number): void {
  text(doc, label.en, { ...SMALL_EN, x, y, width: width * 0.6 });
  text(doc, label.ar, { ...SMALL_AR, x: x + width * 0.4, y, width: width * 0.6 });
}

interface Cell {
  x: number;
  /** The labels' baseline. */
  y: number;
  width: number;
}

/** Labels, then the value below them; a bilingual value puts its Arabic form at the right. */
function field(doc: Doc, key: FieldKey, value: Value, { x, y, width }: Cell, color = COLORS.ink): void {
  labels(doc, TICKET_LABELS[key], x, y, width);
  const style = { y: y + 21, font: 'bold', size: 14, color };
  if (typeof value === 'string') {
    text(doc, value, { ...style, x, width });
  } else {
    text(doc, value.en, { ...style, x, width: width / 2 - 4, align: 'left' });
    text(doc, value.ar, { ...style, x: x + width / 2 + 4, width: width / 2 - 4, align: 'right' });
  }
}

function rule(doc: Doc, y: number): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(0.75)
    .strokeColor(COLORS.rule)
    .stroke();
}

function drawHeader(doc: Doc): void {
  doc.rect(0, 0, PAGE_WIDTH, 62).fill(COLORS.brand);
  const half = CONTENT / 2;
  const title = { y: 39, font: 'bold', color: COLORS.white, width: half } as const;
  text(doc, TICKET_TITLE.en, { ...title, x: MARGIN, align: 'left', size: 18 });
  text(doc, TICKET_TITLE.ar, { ...title, x: MARGIN + half, align: 'right', size: 20 });
}

/** The ticket id and the passenger, beside the QR code. */
function drawIdentity(doc: Doc, ticket: TicketData): void {
  drawQrCode(doc, ticket.code ?? ticket.ticketId, MARGIN + CONTENT - QR_SIZE, 86, QR_SIZE);
  const width = CONTENT - QR_SIZE - GUTTER;
  labels(doc, TICKET_LABELS.ticketId, MARGIN, 98, width);
  text(doc, plainLine(ticket.ticketId), { x: MARGIN, y: 132, width, align: 'left', font: 'bold', size: 30 });
  field(doc, 'passengerName', plainLine(ticket.passengerName), { x: MARGIN, y: 160, width });
}

/** A name as given, or in both languages when it has an Arabic form of its own. */
function both(en: string, ar: string | undefined): Value {
  return ar && ar.trim() && ar.trim() !== en.trim()
    ? { en: plainLine(en), ar: plainLine(ar) }
    : plainLine(en);
}

function drawDetails(doc: Doc, ticket: TicketData, top: number): number {
  const seats = [...ticket.seats].sort((a, b) => a - b).join(', ');
  const rows: [FieldKey, Value, FieldKey, Value][] = [
    [
      'originCity',
      both(ticket.originCity, ticket.originCityAr),
      'destinationCity',
      both(ticket.destinationCity, ticket.destinationCityAr),
    ],
    [
      'tripDate',
      plainLine(ticket.tripDate),
      'boardingTime',
      formatBoardingTime(ticket.stopBoardingTime ?? ticket.boardingTime),
    ],
    ['companyName', both(ticket.companyName, ticket.companyNameAr), 'busNumber', plainLine(ticket.busNumber)],
    ['seats', seats, 'passengerCount', String(ticket.passengerCount)],
  ];
  const right = MARGIN + COLUMN + GUTTER;
  let y = top;
  for (const [leftKey, leftValue, rightKey, rightValue] of rows) {
    field(doc, leftKey, leftValue, { x: MARGIN, y, width: COLUMN });
    field(doc, rightKey, rightValue, { x: right, y, width: COLUMN });
    y += ROW;
  }
  field(doc, 'bookingDate', formatBookingDate(ticket.bookingDate), { x: MARGIN, y, width: COLUMN });
  doc.rect(right - 10, y - 18, COLUMN + 10, 48).fill(COLORS.tint);
  const amount = formatAmount(ticket.total);
  const total = { en: `${amount} ${ticket.currency}`, ar: `${amount} ${CURRENCY.ar}` };
  field(doc, 'total', total, { x: right, y, width: COLUMN - 10 }, COLORS.brand);
  return y + ROW;
}

/** PAID in the brand colour, or PAYMENT PENDING in dark amber, in both languages. */
function drawPaymentBand(doc: Doc, paid: boolean): void {
  const band = paid ? PAYMENT_BANDS.paid : PAYMENT_BANDS.pending;
  doc.rect(0, 62, PAGE_WIDTH, BAND).fill(paid ? COLORS.tint : COLORS.pending);
  const style = { font: 'bold', color: paid ? COLORS.brand : COLORS.white, width: CONTENT } as const;
  // English on the first line at the left, Arabic on the second at the right: long words never meet.
  text(doc, band.en, { ...style, x: MARGIN, y: 62 + 12, size: 10, align: 'left' });
  text(doc, band.ar, { ...style, x: MARGIN, y: 62 + 26, size: 11, align: 'right' });
}

function drawTicket(doc: Doc, ticket: TicketData): void {
  drawHeader(doc);
  drawPaymentBand(doc, ticket.paid);
  doc.translate(0, BAND);
  drawIdentity(doc, ticket);
  rule(doc, 202);
  const bottom = drawDetails(doc, ticket, 228);
  rule(doc, bottom - 10);
  let y = bottom + 10;
  if (ticket.payTo && !ticket.paid) {
    const payTo = payToLine(ticket.payTo);
    text(doc, payTo.en, { ...SMALL_EN, color: COLORS.ink, x: MARGIN, y, width: CONTENT });
    text(doc, payTo.ar, { ...SMALL_AR, color: COLORS.ink, x: MARGIN, y: y + 15, width: CONTENT });
    y += 32;
  }
  if (ticket.refundRules) {
    const refunds = refundLine(ticket.refundRules, departureInstant(ticket.tripDate, ticket.boardingTime));
    text(doc, refunds.en, { ...SMALL_EN, color: COLORS.ink, x: MARGIN, y, width: CONTENT });
    text(doc, refunds.ar, { ...SMALL_AR, color: COLORS.ink, x: MARGIN, y: y + 15, width: CONTENT });
    y += 32;
  }
  const terms = ticket.refundRules ? TICKET_REFUND_METHOD : TICKET_TERMS;
  text(doc, terms.en, { ...SMALL_EN, x: MARGIN, y, width: CONTENT });
  text(doc, terms.ar, { ...SMALL_AR, x: MARGIN, y: y + 15, width: CONTENT });
}

/** Renders the ticket as a one-page PDF (about 25 KB). The same data always gives the same bytes. */
export async function renderTicket(ticket: TicketData): Promise<Buffer> {
  const bookedAt = new Date(ticket.bookingDate);
  const doc = new PDFDocument({
    size: 'A5',
    margin: 0,
    font: '', // no default Helvetica: parsing its metrics costs ~0.5 ms per document and it is never drawn
    displayTitle: true,
    lang: 'en',
    info: {
      Title: `Rihla ticket ${ticket.ticketId}`,
      Subject: `${TICKET_TITLE.en} / ${TICKET_TITLE.ar}`,
      Author: 'Rihla',
      Creator: 'Rihla',
      // The booking time, not the rendering time, so the document (and its /ID, a hash of this) is reproducible.
      CreationDate: Number.isNaN(bookedAt.getTime()) ? new Date(0) : bookedAt,
    },
  });
  registerTicketFonts(doc);
  const done = pdfBytes(doc);
  drawTicket(doc, ticket);
  doc.end();
  return done;
}

/**
 * Parses the fonts and shapes the labels ahead of the first booking (otherwise that one takes ~0.3–0.8 s).
 * Call it once when the server starts; it is never required.
 */
export async function warmUpTicketRenderer(): Promise<void> {
  await renderTicket({
    ticketId: '0000000000000',
    passengerName: 'Rihla رحلة',
    companyName: '',
    busNumber: '',
    tripDate: '2000-01-01',
    boardingTime: '9:00 am',
    originCity: '',
    destinationCity: '',
    seats: [1],
    passengerCount: 1,
    total: 0,
    currency: 'SDG',
    bookingDate: '2000-01-01T00:00:00.000Z',
    paid: false,
  });
}
