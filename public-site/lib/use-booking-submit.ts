// Sends a booking and tracks it: upload progress, a stop button, and an answer the page can act on.
// Conflicts (seat taken, price changed) are returned to the caller, which owns the seats and the price.
import { useEffect, useRef, useState } from 'preact/hooks';
import { apiPaths } from './api-paths.ts';
import {
  bookingForm,
  bookingOutcome,
  newIdempotencyKey,
  type BookingDraft,
  type BookingOutcome,
  type UnpaidScope,
} from './booking-request.ts';
import { deviceId } from './device-id.ts';
import type { TravellerBooking } from './types.ts';
import { postForm, UploadInterrupted, type Upload } from './upload.ts';

export type SendState =
  | { phase: 'idle' }
  | { phase: 'sending'; progress: number }
  | { phase: 'interrupted' }
  | { phase: 'rejected'; reason: Extract<BookingOutcome, { kind: 'rejected' }>['reason'] }
  | { phase: 'unavailable' }
  | { phase: 'unpaidLimit'; scope: UnpaidScope; limit: number }
  | { phase: 'booked'; booking: TravellerBooking; pdfBase64: string | null };

/** The new ticket kept on the phone for My tickets (loaded now, after the sale: not with the first visit). */
const keepTicket = (booking: TravellerBooking) =>
  void import('./saved-tickets.ts')
    .then((kept) => kept.rememberTicket(booking.ticketId, booking.passengerInfo.phone))
    .catch(() => undefined);

export function useBookingSubmit() {
  const [state, setState] = useState<SendState>({ phase: 'idle' });
  const upload = useRef<Upload | null>(null);
  // The same draft resent keeps its key; any change (seats, details, price) is a new attempt.
  const attempt = useRef<{ draft: string; key: string } | null>(null);

  useEffect(() => () => upload.current?.abort(), []);

  const send = async (draft: BookingDraft): Promise<BookingOutcome | null> => {
    setState({ phase: 'sending', progress: 0 });
    const signature = JSON.stringify({
      ...draft,
      proof: draft.proof && { ...draft.proof, blob: draft.proof.blob.size },
    });
    if (attempt.current?.draft !== signature)
      attempt.current = { draft: signature, key: newIdempotencyKey() };
    const current = postForm(
      apiPaths.createBooking,
      bookingForm(draft, attempt.current.key, deviceId()),
      (progress) => setState({ phase: 'sending', progress }),
    );
    upload.current = current;
    try {
      const { status, body } = await current.done;
      const outcome = bookingOutcome(status, body);
      if (outcome.kind === 'booked') {
        setState({ phase: 'booked', ...outcome });
        keepTicket(outcome.booking);
      } else if (outcome.kind === 'rejected') setState({ phase: 'rejected', reason: outcome.reason });
      else if (outcome.kind === 'unavailable') setState({ phase: 'unavailable' });
      else if (outcome.kind === 'unpaidLimit') setState({ phase: 'unpaidLimit', ...outcome });
      else setState({ phase: 'idle' });
      return outcome;
    } catch (error) {
      if (!(error instanceof UploadInterrupted)) throw error;
      setState({ phase: 'interrupted' });
      return null;
    } finally {
      upload.current = null;
    }
  };

  return {
    state,
    send,
    stop: () => upload.current?.abort(),
    reset: () => setState({ phase: 'idle' }),
  };
}
