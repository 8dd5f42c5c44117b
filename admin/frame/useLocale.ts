// The current language of an i18nProvider, as React state.
import { useSyncExternalStore } from 'react';
import type { RihlaI18n } from '../i18n/i18nProvider.ts';
import type { Locale } from '../i18n/locale.ts';

export function useLocale(i18n: RihlaI18n): Locale {
  return useSyncExternalStore(i18n.subscribe, () => i18n.getLocale() as Locale);
}
