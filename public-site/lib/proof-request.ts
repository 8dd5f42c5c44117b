// The submitProof call of the API: a payment proof sent after booking by the traveller who proves the
// booking with its ticket id and phone. The multipart form, and what each answer means.
import { PAYMENT_STATUSES } from '../../shared/payments.ts';
import type { ProofDraft } from './booking-request.ts';
import { paymentPatch, type PaymentFacts } from './payment.ts';
import { credentials } from './ticket.ts';

export interface LaterProof extends ProofDraft {
  ticketId: string;
  phone: string;
}

/** The payment fields of an answer, to update the booking on screen in place. */
export type PaymentPatch = Partial<PaymentFacts>;

export type ProofOutcome =
  | { kind: 'accepted'; patch: PaymentPatch }
  /** The booking wants no proof (paid, already being checked, expired or cancelled): its state now. */
  | { kind: 'notWanted'; why: 'verified' | 'proof_submitted' | 'expired' | 'cancelled'; patch: PaymentPatch }
  | {
      kind: 'problem';
      problem: 'notFound' | 'reference' | 'tooLarge' | 'notImage' | 'tooMany' | 'failed';
    };

/** The form sent; `device` is this browser's id (lib/device-id.ts). */
export function proofForm(proof: LaterProof, device?: string): FormData {
  const form = new FormData();
  const { ticketId, phone } = credentials(proof.ticketId, proof.phone);
  form.append('ticketId', ticketId);
  form.append('phone', phone);
  if (device) form.append('deviceId', device);
  form.append('paymentReference', proof.reference.trim());
  form.append('paymentMethod', proof.method);
  // The file goes last, so that a streaming parser has read every field before it.
  form.append('bankakScreenshot', proof.blob, proof.name);
  return form;
}

export function proofOutcome(status: number, body: any): ProofOutcome {
  if (status === 200 && body && PAYMENT_STATUSES.includes(body.paymentStatus)) {
    return { kind: 'accepted', patch: paymentPatch(body) };
  }
  if (status === 409 && body?.code === 'PROOF_NOT_WANTED') {
    const now = body.paymentStatus;
    // A booking cancelled while it waited for a proof keeps that payment status: it is the cancellation.
    if (now === 'verified' || now === 'proof_submitted' || now === 'expired')
      return {
        kind: 'notWanted',
        why: now,
        patch: now === 'expired' ? { paymentStatus: now, isCancelled: true } : { paymentStatus: now },
      };
    return { kind: 'notWanted', why: 'cancelled', patch: { isCancelled: true } };
  }
  if (status === 404) return { kind: 'problem', problem: 'notFound' };
  if (status === 400 && body?.errors?.paymentReference) return { kind: 'problem', problem: 'reference' };
  if (status === 413) return { kind: 'problem', problem: 'tooLarge' };
  if (status === 415) return { kind: 'problem', problem: 'notImage' };
  if (status === 429) return { kind: 'problem', problem: 'tooMany' };
  return { kind: 'problem', problem: 'failed' };
}
