// Staff who are signed in are sent from the guest pages to the back-office (/dashboard). The
// non-secret cookie `rihla_staff=1`, set at login and cleared at logout, decides whether the refresh call
// is tried at all, so travellers never pay for it.
import { exec } from 'preact-iso/router';
import { GUEST_ONLY_ROUTES } from '../../shared/routes.ts';
import { apiPaths } from './api-paths.ts';

export const SESSION_HINT_COOKIE = 'rihla_staff';

export function hasStaffHint(cookies: string = document.cookie): boolean {
  return cookies.split(/;\s*/).includes(`${SESSION_HINT_COOKIE}=1`);
}

export function isGuestOnlyPath(path: string): boolean {
  return GUEST_ONLY_ROUTES.some((pattern) => exec(path, pattern));
}

/** Tries the silent refresh once when the hint is present; a failure leaves the visitor on the public page. */
export async function redirectSignedInStaff(): Promise<void> {
  if (!hasStaffHint()) return;
  try {
    const response = await fetch(apiPaths.refresh, { method: 'POST', credentials: 'same-origin' });
    if (!response.ok) {
      // A stale hint would cost every later visit a call: drop it.
      document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; path=/`;
      return;
    }
    if (isGuestOnlyPath(location.pathname)) location.assign('/dashboard');
  } catch {
    // Offline or server unreachable: show the public site as usual.
  }
}
