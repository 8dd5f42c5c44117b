// The booking form's payment: the proof chosen (prepared as soon as it is picked), whether it is sent now
// or later, its transaction number and method; what is sent with the booking, what keeps the form from
// going on, and until when the seats would be held without a proof (once the proof window is known).
import { useState } from 'preact/hooks';
import { holdDeadline } from '../../shared/payments.ts';
import { departureInstant } from '../../shared/rules.ts';
import type { ProofDraft } from './booking-request.ts';
import { defaultMethod, emptyPaymentDraft, paymentDraftProblem, type PaymentDraft } from './payment.ts';
import type { Trip } from './types.ts';
import { usePaymentProof } from './use-payment-proof.ts';
import { useSettings } from './use-settings.ts';
import { usePayTo } from './use-trip-payment.ts';

export function useBookingPayment(trip: Trip) {
  const image = usePaymentProof();
  const { settings } = useSettings();
  const { pay: payTo } = usePayTo(trip._id);
  const [draft, setDraft] = useState<PaymentDraft>(emptyPaymentDraft);
  const ready = image.proof.status === 'ready' ? image.proof : null;
  const proof: ProofDraft | null =
    draft.when === 'now' && ready
      ? {
          blob: ready.blob,
          name: ready.name,
          reference: draft.reference,
          method: draft.method ?? defaultMethod(payTo),
        }
      : null;
  const departure = departureInstant(trip.trip_date, trip.trip_boarding_time);
  return {
    image,
    draft,
    setDraft,
    /** Sent with the booking; null when the proof comes later. */
    proof,
    problem: paymentDraftProblem(draft, image.proof.status),
    holdUntil: settings
      ? holdDeadline(new Date(), settings.payment.proofMinutes, departure).toISOString()
      : null,
  };
}
