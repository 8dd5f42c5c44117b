// The language switch: Arabic sets <html lang="ar" dir="rtl">, every string changes, the choice is
// remembered, and switching back restores English.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en } from '../../shared/i18n/public/en.ts';
import { App } from '../../public-site/App.tsx';
import { I18nProvider } from '../../public-site/components/I18nProvider.tsx';
import { LANG_STORAGE_KEY, storedLang } from '../../public-site/lib/i18n.ts';

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  history.replaceState(null, '', '/');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderApp() {
  return render(
    <I18nProvider initialLang="en" initialMessages={en}>
      <App />
    </I18nProvider>,
  );
}

describe('language switch', () => {
  it('switches to Arabic, right to left, and back to English', async () => {
    renderApp();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.home.heroTitle);
    await waitFor(() => expect(document.title).toBe('Home | Rihla'));

    fireEvent.click(screen.getByRole('button', { name: en.language.switchLabel }));
    await screen.findByRole('heading', { name: ar.home.heroTitle });
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('link', { name: ar.home.bookTickets })).toBeTruthy();
    expect(screen.getByRole('button', { name: ar.language.switchLabel }).textContent).toBe('English');
    await waitFor(() => expect(document.title).toBe(`${ar.titles.home} | رحلة`));
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('ar');
    expect(storedLang()).toBe('ar');

    fireEvent.click(screen.getByRole('button', { name: ar.language.switchLabel }));
    await screen.findByRole('heading', { name: en.home.heroTitle });
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(storedLang()).toBe('en');
  });

  it('has every English key in Arabic, and no English text left in the Arabic catalogue', () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'object' && value ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    const english = keys(en);
    expect(keys(ar)).toEqual(english);
    // Strings that may stay the same: the name of the other language, its label, units and times.
    const sameOnPurpose = new Set(['language.switchTo', 'language.switchLabel', 'units.currency']);
    const get = (tree: any, key: string) => key.split('.').reduce((node, part) => node[part], tree);
    const untranslated = english.filter(
      (key) => !sameOnPurpose.has(key) && /[a-z]{3}/i.test(get(ar, key)) && get(ar, key) === get(en, key),
    );
    expect(untranslated).toEqual([]);
  });

  it('shows the sidebar with the spec’s public links, opened and closed from the navbar', () => {
    renderApp();
    const toggle = screen.getByRole('button', { name: en.nav.menu });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const links = screen.getByRole('navigation', { name: en.nav.label }).querySelectorAll('a');
    expect([...links].map((a) => a.getAttribute('href'))).toEqual([
      '/',
      '/create-booking',
      '/cancel-reservation',
      '/my-tickets',
      '/information',
      '/contact-us',
      '/login',
      '/terms-of-service',
      '/privacy-policy',
    ]);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
