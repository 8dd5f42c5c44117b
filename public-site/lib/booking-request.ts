// The createBooking call of the API contract: the multipart form sent, and what each answer means.
import type { PaymentMethod } from './payment.ts';
import type { PassengerInfo, TravellerBooking } from './types.ts';

/** A payment proof sent with the booking: the image, and the transaction number and method when given. */
export interface ProofDraft {
  blob: Blob;
  name: string;
  reference: string;
  method: PaymentMethod;
}

export interface BookingDraft {
  tripId: string;
  seats: number[];
  passenger: PassengerInfo;
  /** seats × the price per seat the traveller was shown */
  total: number;
  /** Null when the traveller sends the proof later. */
  proof: ProofDraft | null;
  /** The page's language: the traveller's text messages (the ticket, payment news) are written in it. */
  language?: 'ar' | 'en';
  /** Stop indexes of the traveller's legs on a trip with stops (issue 23); absent: the trip's ends. */
  legs?: { boardingStop: number; alightingStop: number };
}

/**
 * One key per booking attempt, sent again when the traveller retries a send whose answer was lost, so the
 * server answers the booking it already made instead of calling the traveller's own seats taken.
 * (getRandomValues also works on plain-HTTP pages, where randomUUID does not.)
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

export type BookingOutcome =
  | { kind: 'booked'; booking: TravellerBooking; pdfBase64: string | null }
  | { kind: 'seatsTaken'; seats: number[] }
  | { kind: 'priceChanged'; total: number | null; price: number | null }
  | { kind: 'unavailable' }
  /**
   * This phone, this connection or this device already holds `limit` unpaid bookings, or too many of the
   * trip's seats wait for payment (a booking with its proof is never refused for that).
   */
  | { kind: 'unpaidLimit'; scope: UnpaidScope; limit: number }
  | { kind: 'rejected'; reason: 'tooLarge' | 'notImage' | 'tooMany' | 'failed' };

export type UnpaidScope = 'phone' | 'address' | 'device' | 'trip';
const UNPAID_SCOPES: readonly string[] = ['phone', 'address', 'device', 'trip'];

/** The form sent; `device` is this browser's id (lib/device-id.ts). */
export function bookingForm(draft: BookingDraft, idempotencyKey: string, device?: string): FormData {
  const form = new FormData();
  form.append('idempotencyKey', idempotencyKey);
  if (device) form.append('deviceId', device);
  form.append('tripId', draft.tripId);
  form.append('seats', JSON.stringify(draft.seats));
  if (draft.legs) {
    form.append('boardingStop', String(draft.legs.boardingStop));
    form.append('alightingStop', String(draft.legs.alightingStop));
  }
  form.append('passengerInfo', JSON.stringify(draft.passenger));
  form.append('totalTicketPrice', String(draft.total));
  form.append('bookingDate', new Date().toISOString());
  if (draft.language) form.append('language', draft.language);
  if (draft.proof) {
    if (draft.proof.reference.trim()) form.append('paymentReference', draft.proof.reference.trim());
    form.append('paymentMethod', draft.proof.method);
    // The file goes last, so that a streaming parser has read every field before it.
    form.append('bankakScreenshot', draft.proof.blob, draft.proof.name);
  }
  return form;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function bookingOutcome(status: number, body: any): BookingOutcome {
  if (status === 201 || status === 200) {
    if (typeof body?.booking?.ticketId !== 'string') return { kind: 'rejected', reason: 'failed' };
    return {
      kind: 'booked',
      booking: body.booking,
      pdfBase64: typeof body.pdfBlob === 'string' && body.pdfBlob ? body.pdfBlob : null,
    };
  }
  if (status === 409 && body?.code === 'SEATS_TAKEN' && Array.isArray(body.takenSeats)) {
    return { kind: 'seatsTaken', seats: body.takenSeats.filter((seat: unknown) => typeof seat === 'number') };
  }
  if (status === 409 && body?.code === 'PRICE_CHANGED') {
    return {
      kind: 'priceChanged',
      total: numberOrNull(body.totalTicketPrice),
      price: numberOrNull(body.price),
    };
  }
  if (status === 409 && body?.code === 'UNPAID_LIMIT') {
    return {
      kind: 'unpaidLimit',
      scope: UNPAID_SCOPES.includes(body.scope) ? body.scope : 'phone',
      limit: numberOrNull(body.limit) ?? 0,
    };
  }
  if (status === 409 || status === 404) return { kind: 'unavailable' };
  if (status === 413) return { kind: 'rejected', reason: 'tooLarge' };
  if (status === 415) return { kind: 'rejected', reason: 'notImage' };
  if (status === 429) return { kind: 'rejected', reason: 'tooMany' };
  return { kind: 'rejected', reason: 'failed' };
}
