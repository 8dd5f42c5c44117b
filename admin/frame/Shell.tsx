// The first thing that renders: theme, right-to-left styles and language for everything, then either the
// login page (light, no react-admin) or the lazily loaded back-office. A signed-out visit to a staff page
// lands on /login?redirect=<that page>; a signed-in visit to /login goes on to the redirect (or /dashboard).
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import CircularProgress from '@mui/material/CircularProgress';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { afterLoginPath, currentFullPath, LOGIN_PATH, loginPathFor } from '../auth/redirects.ts';
import { LoginPage } from '../auth/LoginPage.tsx';
import { loginFailureMessage, type LoginValues } from '../auth/loginValidation.ts';
import { session } from '../auth/session.ts';
import type { RihlaI18n } from '../i18n/i18nProvider.ts';
import { directionOf } from '../i18n/locale.ts';
import { emotionCache, themeOptions } from './theme.ts';
import { useLocale } from './useLocale.ts';

const loadAdmin = () => import('../App.tsx');
const AdminApp = lazy(loadAdmin);

type Mode = 'login' | 'admin';

function initialMode(): Mode {
  const onLogin = window.location.pathname === LOGIN_PATH;
  if (session.isSignedIn()) {
    if (onLogin) window.history.replaceState(null, '', afterLoginPath(window.location.search));
    return 'admin';
  }
  if (!onLogin) window.history.replaceState(null, '', loginPathFor(currentFullPath()));
  return 'login';
}

export function Shell({ i18n }: { i18n: RihlaI18n }) {
  const locale = useLocale(i18n);
  const direction = directionOf(locale);
  const [mode, setMode] = useState<Mode>(initialMode);
  const theme = useMemo(() => createTheme(themeOptions(direction)), [direction]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language redraws the page
  const translate = useCallback((key: string) => i18n.translate(key, { _: key }), [i18n, locale]);

  async function login({ email, password }: LoginValues) {
    void loadAdmin(); // fetch the back-office while the server checks the password
    try {
      await session.login(email, password);
    } catch (error) {
      throw new Error(loginFailureMessage(error, locale, translate));
    }
    window.history.pushState(null, '', afterLoginPath(window.location.search));
    setMode('admin');
  }

  return (
    <CacheProvider value={emotionCache(direction)}>
      {mode === 'admin' ? (
        <Suspense
          fallback={
            <CircularProgress
              aria-label={translate('ra.page.loading')}
              sx={{ display: 'block', m: '20vh auto' }}
            />
          }
        >
          <AdminApp i18n={i18n} locale={locale} />
        </Suspense>
      ) : (
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <LoginPage
            translate={translate}
            locale={locale}
            onLocaleChange={(next) => void i18n.changeLocale(next)}
            onLogin={login}
          />
        </ThemeProvider>
      )}
    </CacheProvider>
  );
}
