// The home page's "what is on sale", worded as travellers think of a network: "Buses link Khartoum with Port
// Sudan, Kassala and Nyala." Routes on sale (one direction each) become links between two cities; the city
// with the most links is named first with all of them, then the next among the links left, until none is.
import { canonicalCityKey } from '../../shared/city-search.ts';
import { localName } from './format.ts';
import type { Lang } from './i18n.ts';
import type { RouteOnSale } from './types.ts';

export interface CityLinks {
  /** The city named first, in the page's language. */
  hub: string;
  /** The cities it is linked with, in the page's language and its order. */
  others: string[];
}

export function linkedCities(routes: RouteOnSale[], lang: Lang): CityLinks[] {
  // Origins and destinations are separate lists: a city is one by its name (and its variant spellings),
  // either one's Arabic name serves.
  const names = new Map<string, { name: string; nameAr: string | null }>();
  const links = new Map<string, Set<string>>();
  const city = (name: string, nameAr: string | null) => {
    const key = canonicalCityKey(name);
    const known = names.get(key);
    if (!known) names.set(key, { name, nameAr });
    else if (!known.nameAr?.trim()) known.nameAr = nameAr;
    if (!links.has(key)) links.set(key, new Set());
    return key;
  };
  for (const route of routes) {
    const from = city(route.origin, route.origin_ar);
    const to = city(route.destination, route.destination_ar);
    if (from === to) continue;
    links.get(from)!.add(to);
    links.get(to)!.add(from);
  }
  const shown = (key: string) => {
    const { name, nameAr } = names.get(key)!;
    return localName(name, nameAr, lang);
  };
  const byName = (a: string, b: string) => shown(a).localeCompare(shown(b), lang);
  const result: CityLinks[] = [];
  for (;;) {
    const hub = [...links.keys()]
      .filter((key) => links.get(key)!.size > 0)
      .sort((a, b) => links.get(b)!.size - links.get(a)!.size || byName(a, b))[0];
    if (hub === undefined) return result;
    const others = [...links.get(hub)!].sort(byName);
    for (const other of others) links.get(other)!.delete(hub);
    links.get(hub)!.clear();
    result.push({ hub: shown(hub), others: others.map(shown) });
  }
}
