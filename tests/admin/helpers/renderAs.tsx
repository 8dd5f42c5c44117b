// Renders a back-office screen signed in with a role: react-admin's context with our data and auth providers
// (over a fake fetch whose sign-in answers a user of that role), the app's theme, our i18nProvider in English
// or Arabic (with the activity screens' words when asked), a memory router at `path` and the notification area.
// Without `auth`, no authProvider at all (tests/admin/helpers/renderAdmin.tsx).
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
import { activityMessages } from '../../../admin/activity/pages.ts';
import { createAuthProvider } from '../../../admin/auth/authProvider.ts';
import { createSession } from '../../../admin/auth/session.ts';
import { createQueryClient } from '../../../admin/data/queryClient.ts';
import { createDataProvider } from '../../../admin/data/dataProvider.ts';
import { themeOptions } from '../../../admin/frame/theme.ts';
import { createI18nProvider, loadArabic } from '../../../admin/i18n/i18nProvider.ts';
import { directionOf } from '../../../admin/i18n/locale.ts';
import type { Role } from '../../../shared/roles.ts';
import { fakeFetch } from './fakeFetch.ts';

type ApiRoutes = Parameters<typeof fakeFetch>[0];

export const staffUser = (role: Role, id = 'u1') => ({
  _id: id,
  full_name: 'Amna Osman',
  email: 'amna@rihla.test',
  role,
});

/** A fake API whose sign-in answers a user of `role`, with the screen's own calls. */
export function apiAs(role: Role, routes: ApiRoutes = {}, userId = 'u1') {
  return fakeFetch({
    'POST /api/auth/login': () => ({ body: { access_token: 'token-1', user: staffUser(role, userId) } }),
    ...routes,
  });
}

export async function renderAs(
  {
    resource = 'trips',
    path = '/',
    route = '*',
    locale = 'en',
    activityWords = false,
    auth = true,
  }: {
    resource?: string;
    path?: string;
    route?: string;
    locale?: 'en' | 'ar';
    activityWords?: boolean;
    /** Without an authProvider, as react-admin runs before roles: everything is allowed. */
    auth?: boolean;
  },
  fetch: typeof globalThis.fetch,
  screen: ReactNode,
) {
  const session = createSession({ fetch, hasSessionHint: () => false });
  await session.login('amna@rihla.test', 'a long enough password');
  if (locale === 'ar') await loadArabic();
  const i18nProvider = createI18nProvider(locale);
  if (activityWords) await i18nProvider.extend(activityMessages);
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={createDataProvider(session)}
        queryClient={createQueryClient()}
        authProvider={auth ? createAuthProvider(session) : undefined}
        i18nProvider={i18nProvider}
        theme={themeOptions(directionOf(locale))}
        store={memoryStore()}
      >
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
