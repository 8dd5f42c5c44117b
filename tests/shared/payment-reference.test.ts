// One form for a transaction reference, whatever a traveller (or a fraudster) typed: the duplicate flag and the
// statement import compare these forms, so every disguise of one reference must come out the same.
import { describe, expect, it } from 'vitest';
import { normaliseReference } from '../../shared/payment-reference.ts';

describe('normaliseReference', () => {
  it('drops spaces, dashes and punctuation; Latin digits; upper case', () => {
    expect(normaliseReference('bk-77 12')).toBe('BK7712');
    expect(normaliseReference('TRX 1234\u2013 5678.')).toBe('TRX12345678');
    expect(normaliseReference('١٢٣ab')).toBe('123AB');
    expect(normaliseReference('۱۲۳')).toBe('123');
  });

  it('drops invisible characters: zero-width space and joiners, soft hyphen, BOM, direction marks', () => {
    for (const invisible of ['\u200b', '\u200c', '\u200d', '\u2060', '\u00ad', '\ufeff', '\u200e', '\u061c'])
      expect(normaliseReference(`BK${invisible}7712`), JSON.stringify(invisible)).toBe('BK7712');
  });

  it('folds compatibility forms (NFKC): full-width, mathematical letters, Roman numerals', () => {
    expect(normaliseReference('ＢＫ７７１２')).toBe('BK7712');
    expect(normaliseReference('𝐁𝐊7712')).toBe('BK7712');
    expect(normaliseReference('Ⅻ')).toBe('XII');
  });

  it('folds letters of other scripts that pass for Latin ones', () => {
    expect(normaliseReference('ВК7712')).toBe('BK7712'); // Cyrillic В and К
    expect(normaliseReference('вк7712')).toBe('BK7712');
    expect(normaliseReference('ΑΒΕΗΙΚΜΝΟΡΤΧΥΖ')).toBe('ABEHIKMNOPTXYZ'); // Greek capitals
    expect(normaliseReference('АВСЕНІЈКМОРЅТХ')).toBe('ABCEHIJKMOPSTX'); // Cyrillic
    expect(normaliseReference('ᎪϹ')).toBe('AC'); // Cherokee A, lunate sigma
  });

  it('keeps Latin letters and digits as typed (O and 0 stay two) and is idempotent', () => {
    expect(normaliseReference('FT0O1Il')).toBe('FT0O1IL');
    for (const sample of ['bk-77 12', 'ВК\u200b7712', 'ǰx', 'Ꭺ𝐁ϹⅮ', 'ΙΟΡΑ', 'a\u0301b', 'ﬀ'])
      expect(normaliseReference(normaliseReference(sample))).toBe(normaliseReference(sample));
  });
});
