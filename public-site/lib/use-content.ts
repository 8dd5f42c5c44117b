// Texts of the information and form pages, fetched with those pages in the current language.
import { useEffect, useState } from 'preact/hooks';
import type { PublicContent } from '../../shared/i18n/public/content.en.ts';
import type { Lang } from './i18n.ts';
import { useI18n } from './use-i18n.ts';

const loaders: Record<Lang, () => Promise<PublicContent>> = {
  en: () => import('../../shared/i18n/public/content.en.ts').then((module) => module.content),
  ar: () => import('../../shared/i18n/public/content.ar.ts').then((module) => module.content),
};

const loaded: Partial<Record<Lang, PublicContent>> = {};

/** The page texts, or null while they arrive (English if the other language cannot be fetched). */
export function useContent(): PublicContent | null {
  const { lang } = useI18n();
  const [, setVersion] = useState(0);

  useEffect(() => {
    if (loaded[lang]) return;
    let alive = true;
    loaders[lang]()
      .catch(() => loaders.en())
      .then((content) => {
        loaded[lang] = content;
        if (alive) setVersion((v) => v + 1);
      })
      .catch(() => {
        // Both failed (offline): the page keeps its spinner and the lazy page loader reports it.
      });
    return () => {
      alive = false;
    };
  }, [lang]);

  return loaded[lang] ?? null;
}
