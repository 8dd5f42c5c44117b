// Renders a back-office screen the way the app does: react-admin's context with our dataProvider (over a
// fake fetch), our i18nProvider (English, or Arabic with `locale: 'ar'`), a memory router at `path`, and the
// notification area.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  AdminContext,
  memoryStore,
  Notification,
  ResourceContextProvider,
  TestMemoryRouter,
} from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { createSession } from '../../../admin/auth/session.ts';
import { createDataProvider } from '../../../admin/data/dataProvider.ts';
import { createI18nProvider, loadArabic } from '../../../admin/i18n/i18nProvider.ts';

export async function renderAdmin(
  {
    resource,
    path,
    route = '*',
    locale = 'en',
  }: { resource: string; path: string; route?: string; locale?: 'en' | 'ar' },
  fetch: typeof globalThis.fetch,
  screen: ReactNode,
) {
  const session = createSession({ fetch, hasSessionHint: () => false });
  await session.login('amna@rihla.test', 'secret123');
  const dataProvider = createDataProvider(session);
  if (locale === 'ar') await loadArabic();
  const i18nProvider = createI18nProvider(locale);
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        <ResourceContextProvider value={resource}>
          <Routes>
            <Route path={route} element={screen} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}
