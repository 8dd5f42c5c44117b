// The staff sign-in form. Errors show once a field was left or a submit was tried; the button stays disabled
// while the form is invalid, and Enter on an invalid form says "Please fix the errors before submitting."
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { LoginField } from './LoginField.tsx';
import { type LoginValues, validateLogin } from './loginValidation.ts';

export interface LoginFormProps {
  translate: (key: string) => string;
  /** Signs in; rejects with a message already fit to show. */
  onLogin: (values: LoginValues) => Promise<void>;
}

export function LoginForm({ translate, onLogin }: LoginFormProps) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [touched, setTouched] = useState({ email: false, password: false });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = validateLogin(values);
  const invalid = Object.keys(errors).length > 0;

  const change = (name: keyof LoginValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setFormError(null);
  };
  const shown = (name: keyof LoginValues) =>
    touched[name] && errors[name] ? translate(errors[name]) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (invalid) {
      setTouched({ email: true, password: true });
      setFormError(translate('rihla.login.fix_errors'));
      return;
    }
    setBusy(true);
    try {
      await onLogin({ email: values.email.trim(), password: values.password });
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label={translate('rihla.login.title')}>
      <Stack spacing={2}>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <LoginField
          name="email"
          type="email"
          autoComplete="username"
          label={translate('rihla.login.email')}
          value={values.email}
          onChange={change('email')}
          onBlur={() => setTouched((t) => ({ ...t, email: true }))}
          error={shown('email')}
          autoFocus
        />
        <LoginField
          name="password"
          type="password"
          autoComplete="current-password"
          label={translate('rihla.login.password')}
          value={values.password}
          onChange={change('password')}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          error={shown('password')}
        />
        {/* The form's default button: Enter in a field still reaches submit() while the visible one is disabled. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={invalid || busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate('rihla.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
