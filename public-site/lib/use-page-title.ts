import { useEffect } from 'preact/hooks';
import { titleKeyFor } from '../routes.ts';
import { fill } from './i18n.ts';
import { useI18n } from './use-i18n.ts';

/** Sets document.title from the route table, in the current language. */
export function usePageTitle(path: string) {
  const { m } = useI18n();
  useEffect(() => {
    document.title = fill(m.app.pageTitle, { title: m.titles[titleKeyFor(path)] });
  }, [path, m]);
}
