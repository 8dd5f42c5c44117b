// Staff accounts: "Change my password" (current + new + confirm; the server's verdict on a weak password
// beside the field, in Arabic too), a user's page for admins (role select; one's own role and password not
// offered), and the refusals OWN_ACCOUNT and LAST_ADMIN in Arabic.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangePasswordPage } from '../../admin/auth/ChangePasswordPage.tsx';
import { UserEdit } from '../../admin/users/UserEdit.tsx';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { en } from '../../shared/i18n/admin/en.ts';
import { apiAs, renderAs } from './helpers/renderAs.tsx';

afterEach(cleanup);

const WEAK =
  'This password is too common or too easy to guess. Choose a longer one, for example a few unrelated words.';

function passwordApi() {
  return apiAs('cashier', {
    'PATCH /api/auth/changePassword': (call) => {
      const body = call.body as { current_password: string; password: string };
      if (body.current_password !== 'the old one is right')
        return {
          status: 400,
          body: {
            message: 'Your current password is not right.',
            errors: { current_password: 'Your current password is not right.' },
          },
        };
      if (body.password === 'password1234')
        return { status: 400, body: { message: WEAK, errors: { password: WEAK } } };
      return { body: { _id: 'u1', full_name: 'Amna Osman', role: 'cashier' } };
    },
  });
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('change my password', () => {
  it('checks the form, shows the server’s verdict beside the field, then says it is changed', async () => {
    const { fetch, calls } = passwordApi();
    await renderAs({ path: '/change-password' }, fetch, <ChangePasswordPage />);
    const submit = await screen.findByRole('button', { name: en.rihla.account.submit });
    fireEvent.click(submit);
    expect(await screen.findByText(en.rihla.validation.account.current_missing)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fill(`${en.rihla.account.current_password}`, 'the old one is right');
    fill(`${en.rihla.account.password}`, 'password1234');
    fill(`${en.rihla.account.password_confirm}`, 'password1235');
    fireEvent.click(submit);
    expect(await screen.findByText(en.rihla.validation.fields.password_mismatch)).toBeTruthy();

    fill(`${en.rihla.account.password_confirm}`, 'password1234');
    fireEvent.click(submit);
    expect(await screen.findByText(WEAK)).toBeTruthy();

    fill(`${en.rihla.account.password}`, 'olive camel lantern river');
    fill(`${en.rihla.account.password_confirm}`, 'olive camel lantern river');
    fireEvent.click(submit);
    expect(await screen.findByText(en.rihla.account.changed)).toBeTruthy();
    expect(calls.at(-1)!.body).toEqual({
      current_password: 'the old one is right',
      password: 'olive camel lantern river',
      password_confirm: 'olive camel lantern river',
    });
  });

  it('says a weak password and a wrong current one in Arabic', async () => {
    const { fetch } = passwordApi();
    await renderAs({ path: '/change-password', locale: 'ar' }, fetch, <ChangePasswordPage />);
    const submit = await screen.findByRole('button', { name: ar.rihla.account.submit });
    fill(`${ar.rihla.account.current_password}`, 'wrong');
    fill(`${ar.rihla.account.password}`, 'password1234');
    fill(`${ar.rihla.account.password_confirm}`, 'password1234');
    fireEvent.click(submit);
    expect(await screen.findByText(ar.rihla.validation.account.current_wrong)).toBeTruthy();
    fill(`${ar.rihla.account.current_password}`, 'the old one is right');
    fireEvent.click(submit);
    expect(await screen.findByText(ar.rihla.validation.account.password_weak)).toBeTruthy();
  });
});

const musa = {
  _id: 'u2',
  username: 'musa',
  first_name: 'Musa',
  last_name: 'Idris',
  full_name: 'Musa Idris',
  phone_number: '0912000002',
  email: 'musa@rihla.test',
  role: 'admin',
};

function userApi(answer: { status?: number; body: unknown }) {
  return apiAs(
    'admin',
    {
      'GET /api/auth/getUser/u2': () => ({ body: musa }),
      'GET /api/auth/getUser/u1': () => ({ body: { ...musa, _id: 'u1', full_name: 'Amna Osman' } }),
      'GET /api/activity/getAllActivity': () => ({ body: [], headers: { 'X-Total-Count': '0' } }),
      'PATCH /api/auth/updateUser/u2': () => answer,
    },
    'u1',
  );
}

async function chooseRole(name: RegExp, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByText(option));
}

describe('a user’s page', () => {
  it('changes another account’s role, sending only the role', async () => {
    const { fetch, calls } = userApi({ body: { ...musa, role: 'manager' } });
    await renderAs({ resource: 'users', path: '/users/u2', route: '/users/:id' }, fetch, <UserEdit />);
    await screen.findByDisplayValue('musa@rihla.test');
    await chooseRole(/role/i, 'Manager');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ role: 'manager' });
  });

  it('says in Arabic that the last admin stays', async () => {
    const { fetch } = userApi({
      status: 409,
      body: { message: 'This is the last admin account: make another admin first.', code: 'LAST_ADMIN' },
    });
    await renderAs(
      { resource: 'users', path: '/users/u2', route: '/users/:id', locale: 'ar' },
      fetch,
      <UserEdit />,
    );
    await screen.findByDisplayValue('musa@rihla.test');
    await chooseRole(new RegExp(ar.resources.users.fields.role), ar.rihla.choices.cashier);
    fireEvent.click(screen.getByRole('button', { name: ar.ra.action.save }));
    expect(await screen.findByText(ar.rihla.errors.codes.LAST_ADMIN)).toBeTruthy();
  });

  it('does not offer one’s own role or password', async () => {
    const { fetch } = userApi({ body: musa });
    await renderAs({ resource: 'users', path: '/users/u1', route: '/users/:id' }, fetch, <UserEdit />);
    await screen.findByDisplayValue('musa@rihla.test');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /role/i }).getAttribute('aria-disabled')).toBe('true'),
    );
    expect(screen.getByText(en.rihla.users.own_role)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.rihla.users.own_password }).getAttribute('href')).toBe(
      '/change-password',
    );
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull();
  });
});
