// App bar: menu toggle and page title (react-admin's), language switcher, the welcome line
// with the signed-in user's full name, and Logout.
import Typography from '@mui/material/Typography';
import {
  AppBar,
  LoadingIndicator,
  useGetIdentity,
  useLocaleState,
  useSetLocale,
  useTranslate,
} from 'react-admin';
import { LanguageSwitcher } from '../frame/LanguageSwitcher.tsx';
import { LogoutButton } from './LogoutButton.tsx';

function Welcome() {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  if (!identity?.fullName) return null;
  return (
    <Typography variant="body2" sx={{ mx: 1, display: { xs: 'none', sm: 'block' } }} data-testid="welcome">
      {translate('rihla.appbar.welcome', { name: identity.fullName })}
    </Typography>
  );
}

function AppBarTools() {
  const [locale] = useLocaleState();
  const setLocale = useSetLocale();
  const translate = useTranslate();
  return (
    <>
      <LoadingIndicator />
      <LanguageSwitcher locale={locale} onChange={(next) => void setLocale(next)} translate={translate} />
      <Welcome />
      <LogoutButton />
    </>
  );
}

export function RihlaAppBar() {
  return <AppBar color="primary" userMenu={false} toolbar={<AppBarTools />} />;
}
