// A transaction reference as stored and compared. Travellers type or paste it, and a fraudster may dress a
// reference already used so it passes for a new one: a zero-width space inside it, a Cyrillic В for a Latin B,
// full-width digits. So a reference is kept in one form: Unicode NFKC (full-width, ligatures and other
// compatibility forms become their plain letters), Latin digits, upper case, only its letters and digits
// (spaces, dashes, punctuation, invisible characters and combining marks dropped), and every letter that
// looks like a Latin letter or digit written as that letter or digit. The look-alikes are Unicode's own
// (confusables.txt of UTS #39, the data of the unhomoglyph package); only those whose prototype is one Latin
// letter or digit are folded, so the stored form still reads as the traveller's reference (Unicode's
// skeletons would write "m" as "rn", and 0 as O). Latin letters and digits are kept as typed: O and 0 stay two.
import confusables from 'unhomoglyph/data.json' with { type: 'json' };
import { normalizeDigits } from './rules.ts';

const LATIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const skeleton = confusables as Record<string, string>;

/** A look-alike character → the Latin capital or digit it passes for (a letter rather than a digit). */
const LOOK_ALIKES: ReadonlyMap<string, string> = (() => {
  const latinOf = new Map<string, string>();
  for (const latin of LATIN) {
    const prototype = skeleton[latin] ?? latin;
    if (!latinOf.has(prototype)) latinOf.set(prototype, latin);
  }
  const folded = new Map<string, string>();
  for (const [source, prototype] of Object.entries(skeleton)) {
    const latin = latinOf.get(prototype);
    if (latin && [...source].length === 1 && source.charCodeAt(0) > 0x7f) folded.set(source, latin);
  }
  return folded;
})();

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** "bk-77 12", "ВК7712" in Cyrillic with a zero-width space inside, "ＢＫ７７１２" → "BK7712". */
export function normaliseReference(reference: string): string {
  // Folded before NFKC too: NFKC turns some look-alikes into letters that are not (a lunate Ϲ into Σ).
  // Digits first: an Arabic-Indic one is a 1, not the look-alike of an I.
  const folded = Array.from(normalizeDigits(reference), (char) => LOOK_ALIKES.get(char) ?? char).join('');
  const text = normalizeDigits(folded.normalize('NFKC')).toUpperCase().normalize('NFKC');
  let out = '';
  for (const char of text) {
    if (!LETTER_OR_DIGIT.test(char)) continue;
    // Upper case first: a small Cyrillic а is folded as its capital А.
    out += LOOK_ALIKES.get(char) ?? LOOK_ALIKES.get(char.toUpperCase()) ?? char;
  }
  return out;
}
