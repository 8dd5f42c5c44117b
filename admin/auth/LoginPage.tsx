// The /login page: the app's name, the language switcher, the sign-in form and a way back to the public site.
// It carries no react-admin code, so the first visit loads only what this page needs.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { LanguageSwitcher } from '../frame/LanguageSwitcher.tsx';
import type { Locale } from '../i18n/locale.ts';
import { LoginForm, type LoginFormProps } from './LoginForm.tsx';

export interface LoginPageProps extends LoginFormProps {
  locale: string;
  onLocaleChange: (locale: Locale) => void;
}

export function LoginPage({ translate, locale, onLocaleChange, onLogin }: LoginPageProps) {
  useEffect(() => {
    document.title = `${translate('rihla.login.title')} · ${translate('rihla.app.title')}`;
  }, [translate, locale]);

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }} elevation={3}>
        <CardContent sx={{ p: 4 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography variant="h4" component="p" color="primary" sx={{ fontWeight: 700 }}>
              {translate('rihla.app.title')}
            </Typography>
            <LanguageSwitcher
              locale={locale}
              onChange={onLocaleChange}
              translate={translate}
              color="primary"
            />
          </Stack>
          <Typography variant="h6" component="h1" sx={{ mb: 3 }}>
            {translate('rihla.login.title')}
          </Typography>
          <LoginForm translate={translate} onLogin={onLogin} />
          <Link href="/" sx={{ display: 'inline-block', mt: 3 }}>
            {translate('rihla.login.back_home')}
          </Link>
        </CardContent>
      </Card>
    </Box>
  );
}
