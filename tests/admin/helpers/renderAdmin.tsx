// Renders a back-office screen the way the app does: react-admin's context with our dataProvider (over a
// fake fetch), our i18nProvider (English, or Arabic with `locale: 'ar'`), a memory router at `path`, and the
// notification area; no authProvider (renderAs.tsx, which this is, signs in with a role).
import type { ReactNode } from 'react';
import { renderAs } from './renderAs.tsx';

export function renderAdmin(
  options: { resource: string; path: string; route?: string; locale?: 'en' | 'ar' },
  fetch: typeof globalThis.fetch,
  screen: ReactNode,
) {
  return renderAs({ ...options, auth: false }, fetch, screen);
}
