// Logout revokes the session on the server, then leaves for the public home page with a full page load
// (the public site is another app).
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { Button } from 'react-admin';
import { session } from '../auth/session.ts';

export function LogoutButton() {
  async function logout() {
    await session.logout();
    window.location.assign('/');
  }
  return (
    <Button label="rihla.appbar.logout" onClick={() => void logout()} color="inherit" data-testid="logout">
      <LogoutIcon />
    </Button>
  );
}
