// react-admin's i18nProvider (ra-i18n-polyglot). English is the default and the fallback: Arabic messages
// are laid over the English tree, so a missing Arabic string shows in English. Arabic loads on first use.
// Changing the language also persists it and turns the page right to left; the frame listens to redraw.
// A part of the app loaded on demand brings its own messages (`extend`), so /login does not carry them.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'ra-core';
import { en } from '../../shared/i18n/admin/en.ts';
import { loadRtlCache } from '../frame/theme.ts';
import { BOARDING_TIME_PATTERN, BOARDING_TIMES, boardingTimeText } from '../../shared/rules.ts';
import { applyDocumentLocale, isLocale, type Locale, rememberLocale } from './locale.ts';

type Tree = { [key: string]: Tree | string | undefined };

/** Deep merge of message trees: `over` wins, `base` fills what it lacks. */
export function withFallback(base: Tree, over: Tree): Tree {
  const merged: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = merged[key];
    merged[key] =
      typeof value === 'object' && typeof below === 'object' ? withFallback(below, value) : (value ?? below);
  }
  return merged;
}

let arabic: Tree | undefined;
/** Arabic messages, and the right-to-left styles that go with them. */
export async function loadArabic(): Promise<Tree> {
  const [module] = await Promise.all([import('../../shared/i18n/admin/ar.ts'), loadRtlCache()]);
  arabic ??= withFallback(en as Tree, module.ar as Tree);
  return arabic;
}

const messagesFor = (locale: string): Tree | Promise<Tree> =>
  locale === 'ar' ? (arabic ?? loadArabic()) : en;

/** The messages a part of the app adds, in a language (another than English may leave some out). */
export type MessagesLoader = (locale: Locale) => object | Promise<object>;

export interface RihlaI18n extends I18nProvider {
  subscribe(listener: (locale: Locale) => void): () => void;
  /** Adds a part's messages, in the current language now and in any language chosen later. */
  extend(loader: MessagesLoader): Promise<void>;
}

const CHOICE = 'rihla.choices.';

/** Call loadArabic() first when the initial locale is Arabic (the first messages must be synchronous). */
export function createI18nProvider(initial: Locale): RihlaI18n {
  const loaders = new Set<MessagesLoader>();
  const withExtensions = (locale: string): any => {
    const own = messagesFor(locale);
    if (!loaders.size || !isLocale(locale)) return own;
    // Each part's English under its words in this language, as for the app's own messages.
    const parts = [...loaders].flatMap((load) =>
      locale === 'en' ? [load('en')] : [load('en'), load(locale)],
    );
    return Promise.all([own, ...parts]).then(([first, ...more]) =>
      (more as Tree[]).reduce(withFallback, first),
    );
  };
  const base = polyglotI18nProvider(
    withExtensions,
    initial,
    [
      { locale: 'en', name: en.rihla.language.en },
      { locale: 'ar', name: en.rihla.language.ar },
    ],
    { allowMissing: true },
  );
  const listeners = new Set<(locale: Locale) => void>();
  // ra-i18n-polyglot keeps the phrases of whichever rebuild finishes last, not of the one asked last: each
  // rebuild waits for the one before, so a slow one (a part's Arabic still loading) cannot drop later words.
  let rebuilt: Promise<unknown> = Promise.resolve();
  const rebuild = (locale: string, options?: any) => {
    const next = rebuilt.then(() => base.changeLocale(locale, options));
    rebuilt = next.catch(() => undefined);
    return next;
  };
  /** Each part's rebuild, which every screen of that part waits for (not only the first to load). */
  const extended = new Map<MessagesLoader, Promise<void>>();
  applyDocumentLocale(initial);
  return {
    ...base,
    // Boarding times an admin added in Settings have no entry of their own: worded from their form.
    translate(key: string, options?: any) {
      const time = key.startsWith(CHOICE) ? key.slice(CHOICE.length) : '';
      if (BOARDING_TIME_PATTERN.test(time) && !(BOARDING_TIMES as readonly string[]).includes(time))
        return boardingTimeText(time, base.getLocale() === 'ar' ? 'ar' : 'en');
      return base.translate(key, options);
    },
    async changeLocale(locale: string, options?: any) {
      if (!isLocale(locale)) return;
      await rebuild(locale, options);
      applyDocumentLocale(locale);
      rememberLocale(locale);
      listeners.forEach((listener) => listener(locale));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    extend(loader) {
      let done = extended.get(loader);
      if (!done) {
        loaders.add(loader);
        // Rebuilds the phrases of the current language with the new ones.
        done = rebuild(base.getLocale());
        extended.set(loader, done);
      }
      return done;
    },
  };
}
