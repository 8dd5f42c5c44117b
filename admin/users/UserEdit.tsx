// A staff account (/users/{id}, admins): name, phone, e-mail, role and, optionally, a new password; its history
// below. One's own account keeps its role and password here (the server refuses both, OWN_ACCOUNT: one's
// password is changed with the current one, on "Change my password"). A new role, password or e-mail signs
// the person out everywhere; the last admin cannot be demoted (LAST_ADMIN). Refusals read in the page's
// language; a refused field says why beside it.
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import {
  Edit,
  HttpError,
  Link,
  ListButton,
  PasswordInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { isBlank } from '../../shared/field-rules.ts';
import { users } from '../../shared/registry/index.ts';
import { CHANGE_PASSWORD_PATH } from '../auth/redirects.ts';
import { RecordHistory } from '../common/RecordHistory.tsx';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { DeleteRecordButton } from '../generated/DeleteRecordButton.tsx';
import { KindInput } from '../generated/kinds.tsx';
import { validator } from '../generated/validation.ts';
import { roleChoices } from './roles.ts';

const DETAILS = ['username', 'first_name', 'last_name', 'phone_number', 'email'] as const;
const PASSWORDS = ['password', 'password_confirm'] as const;

const updateRules = validator(users, 'update');
/** The registry's rules; the password only when one is typed (empty keeps it). */
function validate(values: Record<string, unknown>) {
  const errors = updateRules(values);
  if (PASSWORDS.every((name) => isBlank(values[name]))) for (const name of PASSWORDS) delete errors[name];
  return errors;
}

/** Nothing is sent for a password left empty. */
function withoutEmptyPassword(data: Record<string, unknown>) {
  if (!PASSWORDS.every((name) => isBlank(data[name]))) return data;
  const { password: _p, password_confirm: _c, ...rest } = data;
  return rest;
}

function useOwnAccount() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  return !!record && !!identity && String(record.id) === String(identity.id);
}

function Actions() {
  const own = useOwnAccount();
  return (
    <TopToolbar>
      <ListButton />
      {!own && <DeleteRecordButton />}
    </TopToolbar>
  );
}

function UserInputs() {
  const own = useOwnAccount();
  const translate = useTranslate();
  return (
    <>
      {DETAILS.map((name) => (
        <KindInput key={name} source={name} field={users.fields[name]} resource="users" />
      ))}
      <SelectInput
        source="role"
        choices={roleChoices}
        disabled={own}
        helperText={own ? 'rihla.users.own_role' : false}
        fullWidth
      />
      {/* The company the account works for: it sees only that company's business (blank: the platform's). */}
      <KindInput source="companyId" field={users.fields.companyId} resource="users" />
      {own ? (
        <Alert severity="info" sx={{ width: '100%' }}>
          <Link to={CHANGE_PASSWORD_PATH}>{translate('rihla.users.own_password')}</Link>
        </Alert>
      ) : (
        <>
          <Alert severity="info" sx={{ width: '100%', mb: 1 }}>
            {translate('rihla.users.password_hint')}
          </Alert>
          {PASSWORDS.map((name) => (
            <PasswordInput key={name} source={name} autoComplete="new-password" fullWidth />
          ))}
        </>
      )}
    </>
  );
}

export function UserEdit() {
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  const [version, setVersion] = useState(0);
  return (
    <>
      <Edit
        resource="users"
        mutationMode="pessimistic"
        redirect={false}
        actions={<Actions />}
        transform={withoutEmptyPassword}
        mutationOptions={{
          onSuccess: () => {
            notify('resources.users.notifications.updated', { type: 'success' });
            setVersion((v) => v + 1); // empties the password fields
          },
          onError: (error: unknown) => {
            // A refused field (a weak password) says why beside it; anything else in a notice.
            const fields =
              error instanceof HttpError && error.status === 400 ? error.body?.errors : undefined;
            if (fields && Object.keys(fields).length) return;
            notify(errorMessage(error, 'rihla.notices.update_failed', 'users'), { type: 'error' });
          },
        }}
      >
        <SimpleForm
          key={version}
          validate={validate}
          noValidate
          warnWhenUnsavedChanges
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
          sx={{ maxWidth: 720 }}
        >
          <UserInputs />
        </SimpleForm>
      </Edit>
      <RecordHistory resource="users" />
    </>
  );
}
