// Entry of the public site: pick the remembered language (fetching Arabic first if it was chosen, so the
// page never flashes in English), render, and check for a staff session only when the hint cookie says so.
// The pages with the trip search ask for the cities (the home page also for what is on sale) at once, beside
// the Arabic messages, not after them.
import { render } from 'preact';
import { App } from './App.tsx';
import { I18nProvider } from './components/I18nProvider.tsx';
import { applyDocumentLang, loadMessages, storedLang } from './lib/i18n.ts';
import { redirectSignedInStaff } from './lib/session-hint.ts';
import { prefetchCities } from './lib/use-cities.ts';
import { prefetchRoutesOnSale } from './lib/use-routes-on-sale.ts';
import './styles.css';

async function start() {
  void redirectSignedInStaff();
  if (location.pathname === '/' || location.pathname === '/create-booking') prefetchCities();
  if (location.pathname === '/') prefetchRoutesOnSale();
  let lang = storedLang();
  const messages = await loadMessages(lang).catch(() => {
    lang = 'en';
    return loadMessages('en');
  });
  applyDocumentLang(lang);
  render(
    <I18nProvider initialLang={lang} initialMessages={messages}>
      <App />
    </I18nProvider>,
    document.getElementById('app')!,
  );
}

void start();
