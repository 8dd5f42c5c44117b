import { useContext } from 'preact/hooks';
import { I18nContext, type I18n } from './i18n.ts';

/** The current language, its messages (`m`) and the switcher. */
export function useI18n(): I18n {
  return useContext(I18nContext);
}
