// The back-office's react-query client. A mutation names, in its `meta.invalidates`, the query keys its change
// makes stale; the mutation cache invalidates them once the call has answered, before the mutation's own
// onSuccess or onError runs (which may then read fresh data), so no screen invalidates by hand and a new
// mutation cannot forget a cache. Invalidated on a failure too: a refusal usually means the data moved under
// the screen (a proof decided by someone else, a refund already paid).
import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';

export interface RihlaMutationMeta extends Record<string, unknown> {
  /** The queries (by key prefix) this mutation's change makes stale. */
  invalidates?: readonly QueryKey[];
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: RihlaMutationMeta;
  }
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => invalidate(mutation.meta),
      onError: (_error, _variables, _context, mutation) => invalidate(mutation.meta),
    }),
  });
  const invalidate = (meta: RihlaMutationMeta | undefined) =>
    Promise.all((meta?.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return queryClient;
}
