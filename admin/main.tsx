// Entry of the staff back-office: load the chosen language, try a silent session restore (its failure only
// means "not signed in"), then render the shell.
import { createRoot } from 'react-dom/client';
import { session } from './auth/session.ts';
import { Shell } from './frame/Shell.tsx';
import { createI18nProvider, loadArabic } from './i18n/i18nProvider.ts';
import { storedLocale } from './i18n/locale.ts';

async function start() {
  const locale = storedLocale();
  const [i18n] = await Promise.all([
    locale === 'ar' ? loadArabic().then(() => createI18nProvider('ar')) : createI18nProvider('en'),
    session.restore().catch(() => false),
  ]);
  createRoot(document.getElementById('root')!).render(<Shell i18n={i18n} />);
}

void start();
