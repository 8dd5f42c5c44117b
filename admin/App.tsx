// The back-office proper, loaded after sign-in: react-admin over the registry's resources with the spec's
// URLs (browser history, no hash), our providers, layout and login page, in English or Arabic.
import { createContext, useContext, useMemo, useState } from 'react';
import { Admin, CustomRoutes, localStorageStore, Resource, type Store } from 'react-admin';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AdminLoginPage } from './auth/AdminLoginPage.tsx';
import { createAuthProvider } from './auth/authProvider.ts';
import { session } from './auth/session.ts';
import { createDataProvider } from './data/dataProvider.ts';
import { createQueryClient } from './data/queryClient.ts';
import { themeOptions } from './frame/theme.ts';
import type { RihlaI18n } from './i18n/i18nProvider.ts';
import { directionOf, type Locale, storedLocale } from './i18n/locale.ts';
import { RihlaLayout } from './layout/RihlaLayout.tsx';
import { specRoutes } from './routes/specRoutes.tsx';
import { allScreens } from './screens.ts';

const dataProvider = createDataProvider(session);
const authProvider = createAuthProvider(session);
const queryClient = createQueryClient();

/** react-admin's preferences store, whose 'locale' is the language kept under the site-wide key. */
function rihlaStore(): Store {
  const base = localStorageStore('1', 'RihlaAdmin');
  return {
    ...base,
    getItem: <T,>(key: string, fallback?: T) =>
      key === 'locale' ? (storedLocale() as T) : base.getItem(key, fallback),
  };
}

interface AdminAppProps {
  i18n: RihlaI18n;
  locale: Locale;
}

// The router is created once; the current language reaches its element through this context.
const FrameContext = createContext<AdminAppProps | null>(null);

function RihlaAdmin() {
  const { i18n, locale } = useContext(FrameContext)!;
  const theme = useMemo(
    () => themeOptions(directionOf(locale), i18n.translate('ra.page.loading')),
    [i18n, locale],
  );
  const [store] = useState(rihlaStore);
  return (
    <Admin
      disableTelemetry
      requireAuth
      dataProvider={dataProvider}
      authProvider={authProvider}
      queryClient={queryClient}
      i18nProvider={i18n}
      theme={theme}
      store={store}
      layout={RihlaLayout}
      loginPage={AdminLoginPage}
      title="rihla.app.title"
    >
      <CustomRoutes>{specRoutes}</CustomRoutes>
      {allScreens.map((screens) => (
        <Resource key={screens.name} {...screens} />
      ))}
    </Admin>
  );
}

export default function AdminApp(props: AdminAppProps) {
  // Created on mount, not on import: the module may be fetched before sign-in changes the URL.
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <RihlaAdmin /> }]));
  return (
    <FrameContext.Provider value={props}>
      <RouterProvider router={router} />
    </FrameContext.Provider>
  );
}
