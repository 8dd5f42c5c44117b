// How many payment proofs wait for staff: the sidebar's count. Read from the queue's total (one row asked
// for), every 30 s while the page is open and again whenever a decision invalidates the payments' queries.
// Calls the data provider itself: the sidebar is on every page, the payments' API module is not. Asked only
// of a role that may review payments (anyone else would get 403 every 30 s).
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useCan } from '../auth/useCan.ts';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import { paymentPaths } from './paymentPaths.ts';

export const WAITING_REFRESH_MS = 30_000;
export const WAITING_KEY = ['payments', 'waiting'] as const;

export function usePaymentsWaiting(): number | undefined {
  const provider = useDataProvider<RihlaDataProvider>();
  const allowed = useCan('payments.review');
  const { data } = useQuery({
    enabled: allowed,
    queryKey: WAITING_KEY,
    queryFn: async () => {
      const response = await provider.request(`${paymentPaths.queue()}?_start=0&_end=1`);
      // The body is read though only the header counts: an answer left unread holds its connection open
      // (the browser never finishes the request, one of its six to the server, until it is collected).
      await response.arrayBuffer();
      return Number(response.headers.get('X-Total-Count'));
    },
    refetchInterval: WAITING_REFRESH_MS,
    staleTime: 10_000,
  });
  return data;
}
