// Loads one trip for the seat map; reload() fetches it again (after a seat was taken meanwhile).
import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiError, getJson } from './api.ts';
import { apiPaths } from './api-paths.ts';
import type { Trip } from './types.ts';
import { type Legs, withLegs } from './legs.ts';
import { rememberTripPayment } from './use-trip-payment.ts';
import type { PaymentInstructions } from '../../shared/payment-instructions.ts';

export type TripState =
  | { status: 'loading'; trip?: Trip }
  | { status: 'ready'; trip: Trip }
  | { status: 'notFound' | 'failed'; trip?: undefined };

/** One trip; with a traveller's legs of a trip with stops, its seats taken on those legs and their fare. */
export function useTrip(id: string, legs?: Partial<Legs>) {
  const { boardingStop, alightingStop } = legs ?? {};
  const [state, setState] = useState<TripState>({ status: 'loading' });

  const load = useCallback(async () => {
    setState((previous) => ({ status: 'loading', trip: previous.trip }));
    try {
      const query =
        boardingStop === undefined ? '' : `?boardingStop=${boardingStop}&alightingStop=${alightingStop}`;
      // getTrip also says where its travellers pay (the payment step and the thank-you screen read it).
      const trip = await getJson<Trip & { paymentInstructions?: PaymentInstructions }>(
        apiPaths.trip(id) + query,
      );
      rememberTripPayment(id, trip.paymentInstructions);
      setState({ status: 'ready', trip: withLegs(trip, { boardingStop, alightingStop }) });
    } catch (error) {
      const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
      setState({ status: notFound ? 'notFound' : 'failed' });
    }
  }, [id, boardingStop, alightingStop]);

  useEffect(() => {
    void load();
  }, [load]);

  return { ...state, reload: load };
}
