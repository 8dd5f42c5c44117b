// What the two front ends share about the language: where the choice is remembered, its direction, and the
// Intl locale numbers and dates are written in (Latin digits in both languages, so ticket ids, phone numbers
// and amounts look the same on the screen, the ticket and the SMS).

/** Where both front ends keep the chosen language, so a traveller-facing and a staff page agree. */
export const LANG_STORAGE_KEY = 'rihla.lang';

export const directionOf = (lang: string) => (lang === 'ar' ? 'rtl' : 'ltr');

/** The Intl locale of a language: Arabic with Latin digits, or British English. */
export const intlLocale = (lang: string) => (lang === 'ar' ? 'ar-SD-u-nu-latn' : 'en-GB');
