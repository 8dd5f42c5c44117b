// Texts fetched with the pages that need them, in the current language (English if the other cannot be
// fetched), so the first visit carries none of them: the information pages' and My tickets'.
import { useEffect, useState } from 'preact/hooks';
import type { Lang } from './i18n.ts';
import { useI18n } from './use-i18n.ts';

/** A hook answering the texts, or null while they arrive. */
export function lazyTexts<T>(loaders: Record<Lang, () => Promise<T>>): () => T | null {
  const loaded: Partial<Record<Lang, T>> = {};
  return function useTexts() {
    const { lang } = useI18n();
    const [, setVersion] = useState(0);

    useEffect(() => {
      if (loaded[lang]) return;
      let alive = true;
      loaders[lang]()
        .catch(() => loaders.en())
        .then((texts) => {
          loaded[lang] = texts;
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
  };
}
