// How a typed city name is compared with a city's names: the public site's city picker (and any other search
// of cities) finds a city whichever of the usual spellings a traveller types. The spellings are those of
// ../shared/ARABIC-TERMS.md ("also accept in search"), plus the usual English names of the cities the product
// names short (Halfa → Wadi Halfa). Pure: no I/O, no DOM.
import { normalizeDigits } from './rules.ts';

/** Each city's display spelling and the others people type for it. */
export const CITY_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  الخرطوم: ['خرطوم'],
  'أم درمان': ['أمدرمان', 'ام درمان'],
  بورتسودان: ['بورت سودان', 'بورسودان'],
  القضارف: ['قضارف'],
  'ود مدني': ['ودمدني', 'مدني'],
  // A bare حلفا is Wadi Halfa; حلفا الجديدة (New Halfa, Kassala State) is another town and stays apart.
  'وادي حلفا': ['حلفا'],
  سنار: ['سنّار'],
  الأبيض: ['الابيض'],
  الفاشر: ['فاشر'],
  'Wadi Halfa': ['Halfa'],
  'Wad Madani': ['Madani', 'Wad Medani'],
  'El Obeid': ['Obeid', 'Al Obeid'],
  'El Fasher': ['Fashir', 'Fasher', 'Al Fashir'],
};

/**
 * Text as a search compares it: case, accents, Arabic short vowels, shadda and tatweel ignored; the letters
 * people type for one another made one (أ إ آ ٱ → ا, ؤ → و, ئ → ي, ة → ه, ى/ی → ي, ک → ك); Eastern digits
 * read as 0–9; spaces collapsed.
 */
export function foldSearchText(text: string): string {
  return normalizeDigits(text)
    .normalize('NFKD') // splits أ into ا + hamza above, ؤ into و + hamza, é into e + accent
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/\u0671/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/[\u0649\u06cc]/g, '\u064a')
    .replace(/\u06a9/g, '\u0643')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('en');
}

/** A name as a city search keys it: folded, without spaces or dashes ("ام درمان" and "أمدرمان" are one). */
export const cityKey = (text: string) => foldSearchText(text).replace(/[\s\-‐–—_.'’]/g, '');

/** Every variant's key → its city's display key; the groups of keys that name one city. */
const canonical = new Map<string, string>();
const groups = new Map<string, string[]>();
for (const [shown, others] of Object.entries(CITY_SPELLINGS)) {
  const keys = [...new Set([shown, ...others].map(cityKey))];
  for (const key of keys) canonical.set(key, cityKey(shown));
  groups.set(cityKey(shown), keys);
}

/** The key of the city a name means: "حلفا" → the key of "وادي حلفا"; an unknown name keeps its own key. */
export const canonicalCityKey = (name: string) => {
  const key = cityKey(name);
  return canonical.get(key) ?? key;
};

/** The keys a city answers to: its own names, and every spelling of the city they mean. */
export function citySearchKeys(names: readonly (string | null | undefined)[]): string[] {
  const keys = new Set<string>();
  for (const name of names) {
    if (!name?.trim()) continue;
    keys.add(cityKey(name));
    for (const key of groups.get(canonicalCityKey(name)) ?? []) keys.add(key);
  }
  return [...keys].filter(Boolean);
}

/** Whether a city with these names matches what was typed so far (a part of any spelling; empty matches all). */
export function cityMatches(query: string, names: readonly (string | null | undefined)[]): boolean {
  const typed = cityKey(query);
  if (!typed) return true;
  const meant = canonical.get(typed) ?? typed;
  return citySearchKeys(names).some((key) => key.includes(typed) || key === meant);
}

/** Whether what was typed is a whole name of this city, in any spelling ("خرطوم" is الخرطوم). */
export function cityIs(query: string, names: readonly (string | null | undefined)[]): boolean {
  const meant = canonicalCityKey(query);
  return meant !== '' && names.some((name) => !!name?.trim() && canonicalCityKey(name) === meant);
}
