// The page title follows the route: "<page> · Rihla", in the current language.
import { useEffect } from 'react';
import { useLocation, useTranslate } from 'react-admin';
import { registry } from '../../shared/registry/index.ts';
import { STAFF_PAGE_RESOURCES } from '../../shared/routes.ts';

const PAGE_KEYS: Record<string, string> = {
  dashboard: 'rihla.dashboard.title',
  setting: 'rihla.settings.title',
  login: 'rihla.login.title',
  'change-password': 'rihla.account.title',
};

/** Pages that live under a resource's segment but are not its screens. */
const NESTED_PAGES: [RegExp, string][] = [
  [/^\/bookings\/payments(\/|$)/, 'rihla.payments.title'],
  [/^\/trips\/[^/]+\/sell$/, 'rihla.counter.title'],
];

export function titleKeyFor(pathname: string): { key: string; plural?: boolean } | null {
  const nested = NESTED_PAGES.find(([pattern]) => pattern.test(pathname));
  if (nested) return { key: nested[1] };
  const segment = pathname.split('/')[1] ?? '';
  if (PAGE_KEYS[segment]) return { key: PAGE_KEYS[segment] };
  const resource = segment in registry ? segment : STAFF_PAGE_RESOURCES[segment];
  return resource ? { key: `resources.${resource}.name`, plural: true } : null;
}

export function useDocumentTitle() {
  const { pathname } = useLocation();
  const translate = useTranslate();
  useEffect(() => {
    const title = titleKeyFor(pathname);
    const app = translate('rihla.app.title');
    document.title = title ? `${translate(title.key, title.plural ? { smart_count: 2 } : {})} · ${app}` : app;
  }, [pathname, translate]);
}
