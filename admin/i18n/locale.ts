// The back-office's language: English by default, Arabic right to left. The choice is kept in localStorage
// under the same key as the public site's, so a traveller-facing and a staff page agree.
export type Locale = 'en' | 'ar';

export const LOCALES: readonly Locale[] = ['en', 'ar'];
export const LOCALE_STORAGE_KEY = 'rihla.lang';

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'ar';
export const directionOf = (locale: Locale) => (locale === 'ar' ? 'rtl' : 'ltr');

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

export function rememberLocale(locale: Locale) {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage may be refused (private browsing): the choice then lasts for this visit only.
  }
}

export function applyDocumentLocale(locale: Locale) {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** Intl locale for numbers and dates: Latin digits in both languages, as on the public site. */
export const intlLocale = (locale: string) => (locale === 'ar' ? 'ar-SD-u-nu-latn' : 'en-GB');
