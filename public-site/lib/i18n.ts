// Language state of the public site: English is bundled; Arabic is fetched only when chosen, so English
// readers never download it. The choice is remembered in localStorage and applied to <html lang dir>.
import { createContext } from 'preact';
import { directionOf, LANG_STORAGE_KEY } from '../../shared/i18n/lang.ts';
import { en, type PublicMessages } from '../../shared/i18n/public/en.ts';
import { DEFAULT_LANG, type Lang } from '../../shared/i18n/public/types.ts';

export type { Lang, PublicMessages };
export { LANG_STORAGE_KEY };

export interface I18n {
  lang: Lang;
  m: PublicMessages;
  setLang: (lang: Lang) => Promise<void>;
}

export const I18nContext = createContext<I18n>({ lang: DEFAULT_LANG, m: en, setLang: async () => {} });

/** A link may carry ?lang=ar or ?lang=en (shared links, SMS); otherwise the remembered choice. */
export function storedLang(): Lang {
  try {
    const asked = new URLSearchParams(location.search).get('lang');
    if (asked === 'ar' || asked === 'en') {
      rememberLang(asked);
      return asked;
    }
    return localStorage.getItem(LANG_STORAGE_KEY) === 'ar' ? 'ar' : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

export function rememberLang(lang: Lang) {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Private browsing may refuse storage: the choice then lasts for this visit only.
  }
}

/** English under every section, so a string missing at run time falls back to English. */
function withFallback(messages: PublicMessages): PublicMessages {
  const merged: Record<string, unknown> = { ...en };
  for (const [section, value] of Object.entries(messages)) {
    merged[section] = { ...(en as Record<string, object>)[section], ...value };
  }
  return merged as PublicMessages;
}

export async function loadMessages(lang: Lang): Promise<PublicMessages> {
  if (lang === 'en') return en;
  const { ar } = await import('../../shared/i18n/public/ar.ts');
  return withFallback(ar);
}

export function applyDocumentLang(lang: Lang) {
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
}

/** Fills {name} placeholders; values are text, never markup. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
