// The payment calls bound to the app's data provider, and the react-query keys their answers live under (a
// decision invalidates the whole 'payments' family: the queue, the count in the sidebar, the review).
import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import type { RihlaMutationMeta } from '../data/queryClient.ts';
import { paymentsApi } from './paymentsApi.ts';

export const paymentKeys = {
  all: ['payments'] as const,
  queue: (start: number, end: number) => ['payments', 'queue', start, end] as const,
  review: (id: string) => ['payments', 'review', id] as const,
  refunds: (status: string, page: number) => ['payments', 'refunds', status, page] as const,
  cancelled: (start: number, end: number) => ['payments', 'cancelled', start, end] as const,
  messagesAll: ['payments', 'messages'] as const,
  messages: (status: string, page: number) => ['payments', 'messages', status, page] as const,
};

export function usePaymentsApi() {
  const provider = useDataProvider<RihlaDataProvider>();
  return useMemo(() => paymentsApi(provider), [provider]);
}

/**
 * What a payment's change makes stale (a mutation's `meta`, admin/data/queryClient.ts): the payments' queries,
 * the dashboard's count and react-admin's bookings.
 */
export const paymentChange = {
  invalidates: [paymentKeys.all, ['dashboard'], ['bookings']],
} as const satisfies RihlaMutationMeta;
