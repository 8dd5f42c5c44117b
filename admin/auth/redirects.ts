// Where sign-in sends people: a signed-out visit to a staff page goes to /login?redirect=<the full path>,
// and a successful sign-in goes back there (or to /dashboard). Only same-site paths are followed.

export const LOGIN_PATH = '/login';
export const HOME_AFTER_LOGIN = '/dashboard';
/** Every signed-in staff member's own page: changing their password. */
export const CHANGE_PASSWORD_PATH = '/change-password';

export function loginPathFor(fullPath: string): string {
  return fullPath && fullPath !== '/' && !fullPath.startsWith(LOGIN_PATH)
    ? `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`
    : LOGIN_PATH;
}

/** The redirect query of a login URL, when it is a safe path of this site. */
export function afterLoginPath(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  const safe =
    target !== null &&
    target.startsWith('/') &&
    !target.startsWith('//') &&
    !target.includes('\\') &&
    !target.startsWith(LOGIN_PATH);
  return safe ? target : HOME_AFTER_LOGIN;
}

export function currentFullPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}
