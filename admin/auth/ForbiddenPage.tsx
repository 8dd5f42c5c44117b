// What a role sees on a page it may not open, in place of the page (the address stays, and nothing behind the
// page is asked of the server, so no 403 follows): the reason, the role it is signed in with, and a link to
// its start page.
import LockIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, Title, useTranslate } from 'react-admin';
import { homePathFor, MENU_PAGES } from './access.ts';
import { useRole } from './useCan.ts';

export function ForbiddenPage() {
  const translate = useTranslate();
  const { role, companyId } = useRole();
  const home = homePathFor(role, companyId);
  const homeKey = MENU_PAGES.find((page) => page.to === home)?.key ?? 'dashboard';
  return (
    <Card sx={{ mt: 2, maxWidth: 600 }} data-testid="forbidden">
      <Title title="rihla.access.forbidden_title" />
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <LockIcon color="warning" fontSize="large" />
          <Typography variant="h5" component="h2">
            {translate('rihla.access.forbidden_title')}
          </Typography>
          <Typography color="text.secondary">
            {translate('rihla.access.forbidden_body', {
              role: translate(`rihla.choices.${role}`, { _: role ?? '' }),
            })}
          </Typography>
          <Button component={Link} to={home} variant="contained">
            {translate('rihla.access.back', { page: translate(`rihla.menu.${homeKey}`) })}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
