// The login form's rules, as i18n keys: e-mail required and of a basic address shape, password required and
// at least 6 characters.
import { isValidEmail, PASSWORD_MIN_LENGTH } from '../../shared/rules.ts';
import { LoginError } from './session.ts';

export interface LoginValues {
  email: string;
  password: string;
}
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

export function validateLogin({ email, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = 'rihla.login.email_required';
  else if (!isValidEmail(email.trim())) errors.email = 'rihla.login.email_invalid';
  if (!password) errors.password = 'rihla.login.password_required';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = 'rihla.login.password_short';
  return errors;
}

/** The server's message (its known ones translated outside English), or 'An unexpected error occurred.' */
export function loginFailureMessage(
  error: unknown,
  locale: string,
  translate: (key: string) => string,
): string {
  if (!(error instanceof LoginError) || !error.serverMessage) return translate('rihla.login.unexpected');
  if (locale === 'en') return error.serverMessage;
  if (error.status === 401) return translate('rihla.login.invalid_credentials');
  if (error.status === 429) return translate('rihla.login.too_many');
  return error.serverMessage;
}
