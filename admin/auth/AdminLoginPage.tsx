// The login page when react-admin itself asks for it (a session that ended while working): the same page,
// signing in through react-admin so its auth state follows, then back to the page in ?redirect=.
import { Navigate, useLocale, useLocation, useLogin, useSetLocale, useTranslate } from 'react-admin';
import { LoginPage } from './LoginPage.tsx';
import { loginFailureMessage, type LoginValues } from './loginValidation.ts';
import { afterLoginPath, HOME_AFTER_LOGIN } from './redirects.ts';
import { session } from './session.ts';

export function AdminLoginPage() {
  const translate = useTranslate();
  const locale = useLocale();
  const setLocale = useSetLocale();
  const login = useLogin();
  const { search } = useLocation();
  if (session.isSignedIn()) return <Navigate replace to={HOME_AFTER_LOGIN} />;

  async function onLogin(values: LoginValues) {
    try {
      await login(values, afterLoginPath(search));
    } catch (error) {
      throw new Error(loginFailureMessage(error, locale, translate));
    }
  }
  return (
    <LoginPage
      translate={translate}
      locale={locale}
      onLocaleChange={(next) => void setLocale(next)}
      onLogin={onLogin}
    />
  );
}
