// The createBooking call of the API contract: the multipart form sent, and what each answer means.
import type { PassengerInfo } from './types.ts';

export interface BookingDraft {
  tripId: string;
  seats: number[];
  passenger: PassengerInfo;
  /** seats × the price per seat the traveller was shown */
  total: number;
  proof: { blob: Blob; name: string } | null;
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
  | { kind: 'booked'; ticketId: string; pdfBase64: string | null }
  | { kind: 'seatsTaken'; seats: number[] }
  | { kind: 'priceChanged'; total: number | null; price: number | null }
  | { kind: 'unavailable' }
  | { kind: 'rejected'; reason: 'tooLarge' | 'notImage' | 'tooMany' | 'failed' };

export function bookingForm(draft: BookingDraft, idempotencyKey: string): FormData {
  const form = new FormData();
  form.append('idempotencyKey', idempotencyKey);
  form.append('tripId', draft.tripId);
  form.append('seats', JSON.stringify(draft.seats));
  form.append('passengerInfo', JSON.stringify(draft.passenger));
  form.append('totalTicketPrice', String(draft.total));
  form.append('bookingDate', new Date().toISOString());
  // The file goes last, so that a streaming parser has read every field before it.
  if (draft.proof) form.append('bankakScreenshot', draft.proof.blob, draft.proof.name);
  return form;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function bookingOutcome(status: number, body: any): BookingOutcome {
  if (status === 201 || status === 200) {
    const ticketId = body?.booking?.ticketId;
    if (typeof ticketId !== 'string') return { kind: 'rejected', reason: 'failed' };
    return {
      kind: 'booked',
      ticketId,
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
  if (status === 409 || status === 404) return { kind: 'unavailable' };
  if (status === 413) return { kind: 'rejected', reason: 'tooLarge' };
  if (status === 415) return { kind: 'rejected', reason: 'notImage' };
  if (status === 429) return { kind: 'rejected', reason: 'tooMany' };
  return { kind: 'rejected', reason: 'failed' };
}
