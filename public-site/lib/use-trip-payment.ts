// Where a trip's traveller pays (issue 24): the trip answer's paymentInstructions (its company's account, else
// the operator's). undefined while loading, null when the trip could not be read (the operator's then). A trip
// the page already loaded (the seat map's) is remembered, so the payment step and the thank-you screen ask the
// network nothing more on a slow connection.
import { useEffect, useState } from 'preact/hooks';
import type { PaymentInstructions } from '../../shared/payment-instructions.ts';
import { getJson } from './api.ts';
import { apiPaths } from './api-paths.ts';
import { useSettings } from './use-settings.ts';

const known = new Map<string, PaymentInstructions | null>();

/** Remembers where a loaded trip's travellers pay. */
export function rememberTripPayment(tripId: string, instructions: PaymentInstructions | null | undefined) {
  if (instructions !== undefined) known.set(tripId, instructions);
}

export function useTripPayment(tripId: string | undefined): PaymentInstructions | null | undefined {
  const [instructions, setInstructions] = useState<PaymentInstructions | null | undefined>(
    tripId === undefined ? undefined : known.get(tripId),
  );
  useEffect(() => {
    if (!tripId) return;
    if (known.has(tripId)) {
      setInstructions(known.get(tripId));
      return;
    }
    let live = true;
    setInstructions(undefined);
    getJson<{ paymentInstructions?: PaymentInstructions }>(apiPaths.trip(tripId))
      .then((trip) => {
        rememberTripPayment(tripId, trip.paymentInstructions ?? null);
        if (live) setInstructions(trip.paymentInstructions ?? null);
      })
      .catch(() => live && setInstructions(null));
    return () => {
      live = false;
    };
  }, [tripId]);
  return instructions;
}

/**
 * Where the traveller of this trip pays, as a screen shows it: the trip's (its company's account, else the
 * operator's) once read; the operator's of Settings without a trip or when the trip could not be read
 * (undefined while Settings load or when they could not be read); `loading` while the trip is read.
 */
export function usePayTo(tripId: string | undefined) {
  const { settings } = useSettings();
  const tripPay = useTripPayment(tripId);
  const loading = !!tripId && tripPay === undefined;
  return { pay: tripId && tripPay ? tripPay : loading ? undefined : settings?.payment, loading };
}
