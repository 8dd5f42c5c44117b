// The back-office's language: English by default, Arabic right to left. The choice is kept in localStorage
// under the same key as the public site's, so a traveller-facing and a staff page agree.
import { directionOf, LANG_STORAGE_KEY } from '../../shared/i18n/lang.ts';

export { directionOf, intlLocale } from '../../shared/i18n/lang.ts';

export type Locale = 'en' | 'ar';

export const LOCALES: readonly Locale[] = ['en', 'ar'];

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'ar';

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LANG_STORAGE_KEY);
    return isLocale(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

export function rememberLocale(locale: Locale) {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, locale);
  } catch {
    // Storage may be refused (private browsing): the choice then lasts for this visit only.
  }
}

export function applyDocumentLocale(locale: Locale) {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}
