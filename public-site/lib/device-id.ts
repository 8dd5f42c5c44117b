// An opaque id of this browser, drawn once and kept in localStorage, sent with a booking and a payment proof:
// the server lets one device hold only so many unpaid bookings, and counts its rejected proofs. It names
// nothing about the person. Without storage (private mode, blocked), one id lives as long as the page.
import { newIdempotencyKey } from './booking-request.ts';

const STORAGE_KEY = 'rihla.device';
const VALID = /^[A-Za-z0-9_-]{8,64}$/;
let fallback: string | undefined;

export function deviceId(): string {
  try {
    const kept = localStorage.getItem(STORAGE_KEY);
    if (kept && VALID.test(kept)) return kept;
    const drawn = newIdempotencyKey();
    localStorage.setItem(STORAGE_KEY, drawn);
    return drawn;
  } catch {
    fallback ??= newIdempotencyKey();
    return fallback;
  }
}
