// The My tickets page's texts, fetched with the page in the current language.
import type { TicketsMessages } from '../../shared/i18n/public/tickets.en.ts';
import { lazyTexts } from './lazy-texts.ts';

export const useTicketsMessages = lazyTexts<TicketsMessages>({
  en: () => import('../../shared/i18n/public/tickets.en.ts').then((module) => module.tickets),
  ar: () => import('../../shared/i18n/public/tickets.ar.ts').then((module) => module.tickets),
});
