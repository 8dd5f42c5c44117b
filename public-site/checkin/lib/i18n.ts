// The app's language: English bundled, Arabic fetched when chosen (and cached by the service worker, so it
// opens offline too). The choice is the one both other front ends remember (shared/i18n/lang.ts).
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { directionOf, LANG_STORAGE_KEY } from '../../../shared/i18n/lang.ts';
import { checkinEn, type CheckinMessages } from '../../../shared/i18n/checkin/en.ts';

export type Lang = 'en' | 'ar';
export type { CheckinMessages };

export interface I18n {
  lang: Lang;
  m: CheckinMessages;
  setLang: (lang: Lang) => Promise<void>;
}

export const I18nContext = createContext<I18n>({ lang: 'en', m: checkinEn, setLang: async () => {} });
export const useI18n = () => useContext(I18nContext);

export function storedLang(): Lang {
  try {
    const asked = new URLSearchParams(location.search).get('lang');
    if (asked === 'ar' || asked === 'en') return asked;
    return localStorage.getItem(LANG_STORAGE_KEY) === 'ar' ? 'ar' : 'en';
  } catch {
    return 'en';
  }
}

export function rememberLang(lang: Lang) {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Storage refused: the choice lasts for this visit.
  }
}

export async function loadMessages(lang: Lang): Promise<CheckinMessages> {
  return lang === 'ar' ? (await import('../../../shared/i18n/checkin/ar.ts')).checkinAr : checkinEn;
}

export function applyDocumentLang(lang: Lang, m: CheckinMessages) {
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
  document.title = m.app.name;
}

/** Fills {name} placeholders with text. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
