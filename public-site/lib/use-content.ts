// Texts of the information and form pages, fetched with those pages in the current language.
import type { PublicContent } from '../../shared/i18n/public/content.en.ts';
import { lazyTexts } from './lazy-texts.ts';

/** The page texts, or null while they arrive (English if the other language cannot be fetched). */
export const useContent = lazyTexts<PublicContent>({
  en: () => import('../../shared/i18n/public/content.en.ts').then((module) => module.content),
  ar: () => import('../../shared/i18n/public/content.ar.ts').then((module) => module.content),
});
