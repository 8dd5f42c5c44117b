// The page of a list kept in the URL (?page=2), so a reload or the back button returns to it.
import { useSearchParams } from 'react-router-dom';

export const PER_PAGE = 25;

export function usePaging(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page') ?? 1) - 1) || 0;
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next > 0) copy.set('page', String(next + 1));
        else copy.delete('page');
        return copy;
      },
      { replace: true },
    );
  return [page, setPage];
}
