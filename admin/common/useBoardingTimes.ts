// The boarding times trips may have now: the spec's two and those an admin added in Settings, read from the
// public GET /api/settings (every staff role may read it). Until it answers, the spec's two.
import { useQuery } from '@tanstack/react-query';
import { BOARDING_TIMES } from '../../shared/rules.ts';

export const BOARDING_TIMES_KEY = ['settings', 'boardingTimes'];

export function useBoardingTimes(): readonly string[] {
  const { data } = useQuery({
    queryKey: BOARDING_TIMES_KEY,
    queryFn: async (): Promise<string[]> => {
      const response = await fetch('/api/settings', { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`settings: ${response.status}`);
      const body = (await response.json()) as { boardingTimes?: string[] };
      return body.boardingTimes?.length ? body.boardingTimes : [...BOARDING_TIMES];
    },
    staleTime: 60_000,
  });
  return data ?? BOARDING_TIMES;
}
