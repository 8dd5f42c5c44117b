// Who sits on each seat of a booking (name and official ID), from GET /api/bookings/getPassengers/{id}: for one
// booking's page, or for every booking of a trip's passenger list. One cache entry per booking, so a change
// saved on a booking shows on its trip's list too.
import { useQueries, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { RihlaDataProvider, SeatTraveller } from '../data/dataProvider.ts';

export const travellersKey = (bookingId: string) => ['bookings', 'travellers', bookingId] as const;

export function useTravellers(bookingId: string | undefined, enabled = true) {
  const dataProvider = useDataProvider<RihlaDataProvider>();
  return useQuery({
    queryKey: travellersKey(bookingId ?? ''),
    queryFn: () => dataProvider.travellers(bookingId!),
    enabled: enabled && !!bookingId,
  });
}

/** The travellers of several bookings, by booking and seat; a booking not loaded yet is absent. */
export function useTravellersOf(bookingIds: string[], enabled = true) {
  const dataProvider = useDataProvider<RihlaDataProvider>();
  return useQueries({
    queries: bookingIds.map((id) => ({
      queryKey: travellersKey(id),
      queryFn: () => dataProvider.travellers(id),
      enabled,
      staleTime: 30_000,
    })),
    combine: (results) => {
      const bySeat = new Map<string, SeatTraveller>();
      results.forEach((result, i) => {
        for (const traveller of result.data ?? [])
          bySeat.set(`${bookingIds[i]}|${traveller.seat}`, traveller);
      });
      return { bySeat, pending: results.some((result) => result.isPending && enabled) };
    },
  });
}
