// The payment calls of the back-office (server/resources/payments/payments.routes.ts), typed, over the data
// provider's `request` so that they share its session and its error mapping (HttpError with the body).
import type { BookingDocument } from '../../shared/contract/index.ts';
import type { broadcastAnswer, messageDocument } from '../../shared/contract/messages.ts';
import type { z } from 'zod';
import type { PaymentMethod, ProofSeen, RefundMethod, RejectionReason } from '../../shared/payments.ts';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import { paymentPaths } from './paymentPaths.ts';
import type {
  StatementImport,
  StatementMapping,
  StatementPreview,
  StatementRow,
} from '../../shared/contract/answers.ts';

export type Booking = BookingDocument;
export type Trip = NonNullable<BookingDocument['tripId']>;

export interface BookingLink {
  _id: string;
  ticketId: string;
}

/** What should make staff look twice before verifying (payments.repository.ts `Flags`). */
export interface Flags {
  duplicateReference: BookingLink[];
  duplicateImage: BookingLink[];
  /** Such bookings of other companies, counted only (for a company's staff). */
  duplicateReferenceElsewhere: number;
  duplicateImageElsewhere: number;
  /** Live bookings made with the same phone, this one included. */
  bookingsFromPhone: number;
}

export interface Proof {
  name: string;
  mime: string;
  size: number;
  created_at: string;
  url: string;
}

export interface PaymentReview {
  booking: Booking;
  flags: Flags;
  /** Newest first. */
  proofs: Proof[];
}

export interface Page<T> {
  data: T[];
  total: number;
}

export const STATEMENT_GROUPS = [
  'matched',
  'mismatched',
  'ambiguous',
  'alreadyVerified',
  'unmatched',
  'debits',
] as const;
export type StatementGroup = (typeof STATEMENT_GROUPS)[number];
export type StatementResult = StatementImport;
export type { StatementMapping, StatementPreview, StatementRow };

export interface CounterSaleInput {
  tripId: string;
  seats: number[];
  passengerInfo: { firstName: string; lastName: string; phone: string; email?: string };
  paymentMethod: PaymentMethod;
  paymentReference?: string;
  totalTicketPrice: number;
  idempotencyKey: string;
  /** The traveller's language for text messages. */
  language?: 'ar' | 'en';
}

/** A text message of the outbox (shared/contract/messages.ts). */
export type OutboxMessage = z.infer<typeof messageDocument>;
export type BroadcastAnswer = z.infer<typeof broadcastAnswer>;

export interface CounterSaleAnswer {
  booking: Booking;
  /** The ticket, a base64 PDF; null when it could not be made (the sale stands). */
  pdfBlob: string | null;
}

/** Bookings of this company (named) and of others (counted) sharing the reference, or the image. */
export const sameReference = (flags: Flags) =>
  flags.duplicateReference.length + (flags.duplicateReferenceElsewhere ?? 0);
export const sameImage = (flags: Flags) => flags.duplicateImage.length + (flags.duplicateImageElsewhere ?? 0);

export const isFlagged = (flags: Flags) => sameReference(flags) > 0 || sameImage(flags) > 0;

const JSON_HEADERS = { 'Content-Type': 'application/json' };

export function paymentsApi(provider: RihlaDataProvider) {
  const json = async <T>(path: string, init?: RequestInit): Promise<T> =>
    (await provider.request(path, init)).json();
  const send = <T>(method: string, path: string, body: unknown) =>
    json<T>(path, { method, headers: JSON_HEADERS, body: JSON.stringify(body) });
  const page = async <T>(path: string, query: Record<string, string | number>): Promise<Page<T>> => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const response = await provider.request(`${path}?${search}`);
    const data: T[] = await response.json();
    return { data, total: Number(response.headers.get('X-Total-Count') ?? data.length) };
  };
  const statement = (file: Blob, fields: Record<string, string>) => {
    const form = new FormData();
    form.append('statement', file, file instanceof File ? file.name : 'statement.csv');
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return json<unknown>(paymentPaths.importStatement(), { method: 'POST', body: form });
  };

  return {
    queue: (start: number, end: number) => page<Booking>(paymentPaths.queue(), { _start: start, _end: end }),
    payment: (id: string) => json<PaymentReview>(paymentPaths.payment(id)),
    /** With a note: why a flagged payment is verified anyway (`override`), or how one without a proof was checked. */
    /** `seen`: the proof on screen; another sent since is refused (409 PROOF_CHANGED), never verified unseen. */
    verify: (id: string, seen: ProofSeen, note?: { note: string; override: boolean }) =>
      send<Booking>('PATCH', paymentPaths.verify(id), {
        ...(note ? (note.override ? { override: true, note: note.note } : { note: note.note }) : {}),
        seen,
      }),
    /** `amount`: what the cashier was shown and took (409 PRICE_CHANGED when the booking costs otherwise now). */
    payInCash: (id: string, amount: number) =>
      send<Booking>('PATCH', paymentPaths.payInCash(id), { totalTicketPrice: amount }),
    reject: (id: string, reason: RejectionReason, note?: string) =>
      send<Booking>('PATCH', paymentPaths.reject(id), note ? { reason, note } : { reason }),
    refunds: (status: 'due' | 'paid', start: number, end: number) =>
      page<Booking>(paymentPaths.refunds(), { status, _start: start, _end: end }),
    /** A cashier's cash refund comes back recorded, not paid (refundPaidAt null): a manager confirms it. */
    markRefundPaid: (id: string, refund: { refundMethod: RefundMethod; refundReference?: string }) =>
      send<Booking>('PATCH', paymentPaths.markRefundPaid(id), refund),
    confirmCashRefund: (id: string) => send<Booking>('PATCH', paymentPaths.confirmCashRefund(id), {}),
    cancelledProofs: (start: number, end: number) =>
      page<Booking>(paymentPaths.cancelledProofs(), { _start: start, _end: end }),
    checkCancelledProof: (id: string, check: { moneyArrived: boolean; note?: string; override?: boolean }) =>
      send<Booking>('PATCH', paymentPaths.checkCancelledProof(id), check),
    previewStatement: (file: Blob) => statement(file, {}) as Promise<StatementPreview>,
    /** `companyId`: whose account the statement is of; '' the operator's (a company's staff: theirs). */
    importStatement: (file: Blob, mapping: StatementMapping, dryRun: boolean, companyId = '') =>
      statement(file, {
        mapping: JSON.stringify(mapping),
        ...(dryRun ? { dryRun: 'true' } : {}),
        ...(companyId ? { companyId } : {}),
      }) as Promise<StatementResult>,
    counterSale: (input: CounterSaleInput) =>
      send<CounterSaleAnswer>('POST', paymentPaths.counterSale(), input),
    /** The outbox, newest first with the failed ones on top; `status` narrows it. */
    messages: (status: string | undefined, start: number, end: number, bookingId?: string) =>
      page<OutboxMessage>(paymentPaths.messages(), {
        failedFirst: 'true',
        _start: start,
        _end: end,
        ...(status ? { status } : {}),
        ...(bookingId ? { bookingId } : {}),
      }),
    resendMessage: (id: string) => send<OutboxMessage>('PATCH', paymentPaths.resendMessage(id), {}),
    /** Staff's words to every passenger of a trip; a dry run only counts phones and segments. */
    broadcast: (input: { tripId: string; text_en: string; text_ar: string; dryRun?: boolean }) =>
      send<BroadcastAnswer>('POST', paymentPaths.broadcast(), input),
  };
}

export type PaymentsApi = ReturnType<typeof paymentsApi>;
