// The towns a route may stop at: a city in both lists, as an origin (boarding there) and as a destination
// (alighting there), matched by its English name. Both lists are short reference data, read once and cached.
import { useMemo } from 'react';
import { useGetList, useLocale } from 'react-admin';
import { localName } from '../i18n/localName.tsx';

export interface Town {
  originId: string;
  destinationId: string;
  /** In the page's language. */
  name: string;
}

const ALL = { pagination: { page: 1, perPage: 500 }, sort: { field: 'id', order: 'ASC' as const } };
const key = (name: unknown) =>
  String(name ?? '')
    .trim()
    .toLowerCase();

export function useTowns() {
  const locale = useLocale();
  const origins = useGetList('origins', ALL, { staleTime: 60_000 }).data;
  const destinations = useGetList('destinations', ALL, { staleTime: 60_000 }).data;
  return useMemo(() => {
    const originName = new Map(
      (origins ?? []).map((o) => [String(o.id), localName(o, 'origin_city', locale)]),
    );
    const destinationName = new Map(
      (destinations ?? []).map((d) => [String(d.id), localName(d, 'destination_city', locale)]),
    );
    const byName = new Map((destinations ?? []).map((d) => [key(d.destination_city), String(d.id)]));
    const towns: Town[] = (origins ?? []).flatMap((o) => {
      const destinationId = byName.get(key(o.origin_city));
      return destinationId
        ? [{ originId: String(o.id), destinationId, name: originName.get(String(o.id))! }]
        : [];
    });
    towns.sort((a, b) => a.name.localeCompare(b.name));
    return { towns, originName, destinationName, loaded: !!origins && !!destinations };
  }, [origins, destinations, locale]);
}
