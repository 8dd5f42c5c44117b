// react-admin's authProvider over the staff session: sign-in with e-mail and password, identity (with the
// role) from the sign-in answer (or /api/auth/user), a way back to the login page that remembers where the user
// was, and what the role may do (canAccess, from shared/roles.ts: react-admin's buttons and menu items hide
// themselves where it says no).
import type { AuthProvider } from 'react-admin';
import { mayAccess } from './access.ts';
import { currentFullPath, loginPathFor } from './redirects.ts';
import { companyOf, type Session } from './session.ts';

export function createAuthProvider(session: Session): AuthProvider {
  const toLogin = () => ({ redirectTo: loginPathFor(currentFullPath()), message: false });
  return {
    async login({ email, password }: { email: string; password: string }) {
      await session.login(email, password);
    },
    // Revokes the refresh cookie; the Logout button then leaves for the public home page.
    async logout() {
      await session.logout();
    },
    async checkAuth() {
      if (session.isSignedIn() || (await session.restore())) return;
      throw toLogin();
    },
    // The session already refreshed once and retried; a 401 that survives means the session is over.
    async checkError(error: { status?: number }) {
      if (error?.status === 401) throw toLogin();
    },
    async getIdentity() {
      const user = await session.loadUser();
      if (!user) throw toLogin();
      return { id: user._id, fullName: user.full_name, role: user.role, companyId: companyOf(user) };
    },
    async canAccess({ resource, action }: { resource: string; action: string }) {
      const user = await session.loadUser();
      return mayAccess(user?.role, resource, action, companyOf(user));
    },
  };
}
