// Text as a search compares it: case, accents, Arabic short vowels and tatweel ignored, and the letters
// people type for one another (أ إ آ ٱ → ا, ة → ه, ى → ي) made one, so "مدنى" finds "مدني".
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/\u0671/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a')
    .trim()
    .toLocaleLowerCase();
}
