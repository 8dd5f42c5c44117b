// Where a trip's traveller pays (issue 24): the trip answer's paymentInstructions (its company's account, else
// the operator's). undefined while loading, null when the trip could not be read (the operator's then).
import { useEffect, useState } from 'preact/hooks';
import type { PaymentInstructions } from '../../shared/payment-instructions.ts';
import { getJson } from './api.ts';
import { apiPaths } from './api-paths.ts';

export function useTripPayment(tripId: string | undefined): PaymentInstructions | null | undefined {
  const [instructions, setInstructions] = useState<PaymentInstructions | null | undefined>(undefined);
  useEffect(() => {
    if (!tripId) return;
    let live = true;
    setInstructions(undefined);
    getJson<{ paymentInstructions?: PaymentInstructions }>(apiPaths.trip(tripId))
      .then((trip) => live && setInstructions(trip.paymentInstructions ?? null))
      .catch(() => live && setInstructions(null));
    return () => {
      live = false;
    };
  }, [tripId]);
  return instructions;
}
