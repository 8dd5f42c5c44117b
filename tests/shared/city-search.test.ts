// The city search accepts the spellings travellers type (../shared/ARABIC-TERMS.md, "also accept in search"),
// folds the letters keyboards type for one another, and keeps حلفا الجديدة apart from وادي حلفا.
import { describe, expect, it } from 'vitest';
import {
  CITY_SPELLINGS,
  canonicalCityKey,
  cityIs,
  cityMatches,
  foldSearchText,
} from '../../shared/city-search.ts';

describe('foldSearchText', () => {
  it('folds hamza forms, ta marbuta, alef maqsura, short vowels, shadda, tatweel and Eastern digits', () => {
    expect(foldSearchText('أإآٱ')).toBe('اااا');
    expect(foldSearchText('مؤتمر رئيس')).toBe('موتمر رييس');
    expect(foldSearchText('عطبرة')).toBe(foldSearchText('عطبره'));
    expect(foldSearchText('مدنى')).toBe('مدني');
    expect(foldSearchText('سنّار')).toBe('سنار');
    expect(foldSearchText('الخَرْطُوم')).toBe('الخرطوم');
    expect(foldSearchText('كـسـلا')).toBe('كسلا');
    expect(foldSearchText('ميناء ٣ و۴')).toBe('ميناء 3 و4');
    expect(foldSearchText('  El   Obéid ')).toBe('el obeid');
  });
});

// [what is typed, the stored Arabic name it must find]
const accepted: [string, string][] = [
  ['خرطوم', 'الخرطوم'],
  ['أمدرمان', 'أم درمان'],
  ['ام درمان', 'أم درمان'],
  ['امدرمان', 'أم درمان'],
  ['بورت سودان', 'بورتسودان'],
  ['بورسودان', 'بورتسودان'],
  ['قضارف', 'القضارف'],
  ['ودمدني', 'ود مدني'],
  ['مدني', 'ود مدني'],
  ['مدنى', 'ود مدني'],
  ['حلفا', 'وادي حلفا'],
  ['الابيض', 'الأبيض'],
  ['فاشر', 'الفاشر'],
  ['سنّار', 'سنار'],
  ['عطبره', 'عطبرة'],
];

describe('city search', () => {
  it.each(accepted)('%s finds %s, as a whole name and while typing', (typed, stored) => {
    expect(cityMatches(typed, [null, stored])).toBe(true);
    expect(cityIs(typed, [null, stored])).toBe(true);
    expect(cityMatches(typed.slice(0, 3), [stored])).toBe(true);
  });

  it('finds a city stored under a short or older spelling by its usual one, and the other way round', () => {
    expect(cityIs('وادي حلفا', ['Halfa', 'حلفا'])).toBe(true);
    expect(cityIs('ود مدني', ['Madani', 'مدني'])).toBe(true);
    expect(cityIs('بورتسودان', ['Port Sudan', 'بورت سودان'])).toBe(true);
    expect(cityIs('Wadi Halfa', ['Halfa', null])).toBe(true);
    expect(cityIs('El Fasher', ['Fashir', 'الفاشر'])).toBe(true);
    expect(cityIs('Wad Madani', ['Madani', null])).toBe(true);
    expect(cityMatches('port s', ['Port Sudan', 'بورتسودان'])).toBe(true);
  });

  it('keeps حلفا الجديدة (New Halfa, Kassala State) apart from وادي حلفا', () => {
    expect(canonicalCityKey('حلفا')).toBe(canonicalCityKey('وادي حلفا'));
    expect(canonicalCityKey('حلفا الجديدة')).not.toBe(canonicalCityKey('وادي حلفا'));
    expect(cityMatches('حلفا الجديدة', ['Halfa', 'وادي حلفا'])).toBe(false);
    expect(cityIs('حلفا الجديدة', ['Halfa', 'حلفا'])).toBe(false);
    expect(cityIs('حلفا', ['New Halfa', 'حلفا الجديدة'])).toBe(false);
    // While typing, both towns stay on the list.
    expect(cityMatches('حلفا', ['New Halfa', 'حلفا الجديدة'])).toBe(true);
  });

  it('does not match other cities, and an empty query matches every city', () => {
    expect(cityMatches('كسلا', ['Khartoum', 'الخرطوم'])).toBe(false);
    expect(cityIs('خرطوم', ['Omdurman', 'أم درمان'])).toBe(false);
    expect(cityIs('', ['Khartoum', 'الخرطوم'])).toBe(false);
    expect(cityMatches('  ', ['Khartoum', 'الخرطوم'])).toBe(true);
  });

  it('lists each spelling under one city only', () => {
    const owners = new Map<string, string>();
    for (const [shown, others] of Object.entries(CITY_SPELLINGS))
      for (const spelling of [shown, ...others]) {
        const owner = owners.get(canonicalCityKey(spelling));
        expect(owner === undefined || owner === shown, `${spelling} is under ${owner} and ${shown}`).toBe(
          true,
        );
        owners.set(canonicalCityKey(spelling), shown);
      }
  });
});
