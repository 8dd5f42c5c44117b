// Holds the current language for the whole site and switches it (fetching Arabic on first use).
import type { ComponentChildren } from 'preact';
import { useCallback, useMemo, useState } from 'preact/hooks';
import {
  applyDocumentLang,
  I18nContext,
  loadMessages,
  rememberLang,
  type Lang,
  type PublicMessages,
} from '../lib/i18n.ts';

interface Props {
  initialLang: Lang;
  initialMessages: PublicMessages;
  children: ComponentChildren;
}

export function I18nProvider({ initialLang, initialMessages, children }: Props) {
  const [state, setState] = useState({ lang: initialLang, m: initialMessages });

  const setLang = useCallback(async (lang: Lang) => {
    const m = await loadMessages(lang);
    applyDocumentLang(lang);
    rememberLang(lang);
    setState({ lang, m });
  }, []);

  const value = useMemo(() => ({ ...state, setLang }), [state, setLang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
