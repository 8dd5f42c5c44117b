// "Change my password" (/change-password), for every signed-in staff member: the current password, then the
// new one twice. The server decides whether the new one is strong enough (10+ characters, not common); its
// verdict shows beside the field, in the page's language. This session stays; the others end.
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  Form,
  HttpError,
  PasswordInput,
  SaveButton,
  Title,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';

interface PasswordValues {
  current_password?: string;
  password?: string;
  password_confirm?: string;
}

function validate(values: PasswordValues) {
  const errors: Record<string, string> = {};
  if (!values.current_password) errors.current_password = 'rihla.validation.account.current_missing';
  if (!values.password) errors.password = 'rihla.validation.account.new_missing';
  else if (values.password !== values.password_confirm)
    errors.password_confirm = 'rihla.validation.fields.password_mismatch';
  return errors;
}

export function ChangePasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const [version, setVersion] = useState(0);
  const [changed, setChanged] = useState(false);

  async function submit(values: PasswordValues) {
    setChanged(false);
    try {
      await dataProvider.changePassword({
        current_password: values.current_password ?? '',
        password: values.password ?? '',
        password_confirm: values.password_confirm ?? '',
      });
    } catch (error) {
      const fields = error instanceof HttpError ? error.body?.errors : undefined;
      if (fields && Object.keys(fields).length) return fields;
      notify(errorMessage(error, 'rihla.notices.update_failed'), { type: 'error' });
      return undefined;
    }
    setChanged(true);
    setVersion((v) => v + 1);
    return undefined;
  }

  return (
    <Card sx={{ mt: 2, maxWidth: 600 }} data-testid="change-password">
      <Title title="rihla.account.title" />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {translate('rihla.account.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('rihla.account.intro')}
        </Typography>
        {changed && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {translate('rihla.account.changed')}
          </Alert>
        )}
        <Form key={version} onSubmit={submit} validate={validate} noValidate>
          <PasswordInput
            source="current_password"
            label="rihla.account.current_password"
            autoComplete="current-password"
            fullWidth
          />
          <PasswordInput
            source="password"
            label="rihla.account.password"
            autoComplete="new-password"
            fullWidth
          />
          <PasswordInput
            source="password_confirm"
            label="rihla.account.password_confirm"
            autoComplete="new-password"
            fullWidth
          />
          <SaveButton label="rihla.account.submit" alwaysEnable />
        </Form>
      </CardContent>
    </Card>
  );
}
