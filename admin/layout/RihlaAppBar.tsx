// App bar: menu toggle and page title (react-admin's portal, as the page's one h1, cut with an ellipsis when a
// phone is too narrow for it), language switcher, the welcome line with the signed-in user's full name, and
// Logout.
import Typography from '@mui/material/Typography';
import {
  AppBar,
  LoadingIndicator,
  TitlePortal,
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
  return (
    <AppBar color="primary" userMenu={false} toolbar={<AppBarTools />}>
      {/* min-width 0: a flex item may then shrink below its text, which ends in an ellipsis. */}
      <TitlePortal component="h1" sx={{ minWidth: 0, fontSize: { xs: '1.05rem', sm: '1.25rem' } }} />
    </AppBar>
  );
}
