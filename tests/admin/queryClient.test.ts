// A mutation's `meta.invalidates` makes those queries stale once the call answered, success or failure, and
// before the mutation's own callbacks run (admin/data/queryClient.ts); other queries stay as they were.
import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../admin/data/queryClient.ts';
import { paymentChange } from '../../admin/payments/usePaymentsApi.ts';

function withQueries() {
  const client = createQueryClient();
  for (const key of [
    ['payments', 'queue', 0, 50],
    ['dashboard'],
    ['bookings', 'getList'],
    ['trips', 'getList'],
  ])
    client.setQueryData(key, 1);
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey[0]);
  return { client, stale };
}

describe('the back-office query client', () => {
  it('invalidates what a mutation names, before its own onSuccess', async () => {
    const { client, stale } = withQueries();
    let seen: unknown[] = [];
    const observer = new MutationObserver(client, {
      mutationFn: async () => 'ok',
      meta: paymentChange,
      onSuccess: () => {
        seen = stale();
      },
    });
    await observer.mutate();
    expect(seen).toEqual(['payments', 'dashboard', 'bookings']);
  });

  it('invalidates on a refusal too, and nothing for a mutation that names nothing', async () => {
    const refused = withQueries();
    await new MutationObserver(refused.client, {
      mutationFn: () => Promise.reject(new Error('refused')),
      meta: paymentChange,
    })
      .mutate()
      .catch(() => undefined);
    expect(refused.stale()).toEqual(['payments', 'dashboard', 'bookings']);

    const plain = withQueries();
    await new MutationObserver(plain.client, { mutationFn: async () => 'ok' }).mutate();
    expect(plain.stale()).toEqual([]);
  });
});
