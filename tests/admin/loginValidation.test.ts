// The login form's rules: e-mail required and of a basic address shape, password required and at least 6
// characters; a refused sign-in shows the server's message, otherwise "An unexpected error occurred.".
import { describe, expect, it } from 'vitest';
import { loginFailureMessage, validateLogin } from '../../admin/auth/loginValidation.ts';
import { LoginError } from '../../admin/auth/session.ts';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { en } from '../../shared/i18n/admin/en.ts';

const translate = (messages: typeof en | typeof ar) => (key: string) =>
  key.split('.').reduce<any>((node, part) => node?.[part], messages) as string;

describe('validateLogin', () => {
  it('requires an address of a basic shape and a password of 6 characters or more', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'rihla.login.email_required',
      password: 'rihla.login.password_required',
    });
    expect(validateLogin({ email: 'amna@', password: '12345' })).toEqual({
      email: 'rihla.login.email_invalid',
      password: 'rihla.login.password_short',
    });
    expect(validateLogin({ email: ' amna@rihla.sd ', password: '123456' })).toEqual({});
  });

  it('uses the spec’s words', () => {
    const t = translate(en);
    expect(t('rihla.login.email_required')).toBe('Email is required.');
    expect(t('rihla.login.email_invalid')).toBe('Please enter a valid email address.');
    expect(t('rihla.login.password_required')).toBe('Password is required.');
    expect(t('rihla.login.password_short')).toBe('Password must be at least 6 characters long.');
  });
});

describe('loginFailureMessage', () => {
  it('shows the server’s message, or "An unexpected error occurred."', () => {
    const t = translate(en);
    expect(loginFailureMessage(new LoginError('Invalid email or password.', 401), 'en', t)).toBe(
      'Invalid email or password.',
    );
    expect(loginFailureMessage(new LoginError(null, 502), 'en', t)).toBe('An unexpected error occurred.');
    expect(loginFailureMessage(new TypeError('offline'), 'en', t)).toBe('An unexpected error occurred.');
  });

  it('says the known refusals in Arabic', () => {
    const t = translate(ar);
    expect(loginFailureMessage(new LoginError('Invalid email or password.', 401), 'ar', t)).toBe(
      ar.rihla.login.invalid_credentials,
    );
    expect(loginFailureMessage(new LoginError('Too many sign-in attempts.', 429), 'ar', t)).toBe(
      ar.rihla.login.too_many,
    );
    expect(loginFailureMessage(new LoginError(null), 'ar', t)).toBe(ar.rihla.login.unexpected);
  });
});
