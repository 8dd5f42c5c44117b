// Fields a staff member may read but not change (shared/registry fieldLock) are shown locked, on the create
// form as on the edit form: only an admin gives a company the account its travellers pay into.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { generatedCreate } from '../../admin/generated/GeneratedCreate.tsx';
import { generatedEdit } from '../../admin/generated/GeneratedEdit.tsx';
import { companies } from '../../shared/registry/index.ts';
import { apiAs, renderAs } from './helpers/renderAs.tsx';
import { nileExpress } from './helpers/companies.ts';

const ACCOUNT = ['company_bankak_account', 'company_account_name', 'company_wallets'];
const nile = nileExpress;
const CompanyCreate = generatedCreate(companies);
const CompanyEdit = generatedEdit(companies);

/** The names of the fields shown locked, by why. */
const locked = () =>
  [...document.querySelectorAll('fieldset[data-locked]')].map((fieldset) => [
    fieldset.getAttribute('data-locked'),
    fieldset.querySelector('input, textarea')?.getAttribute('name'),
  ]);

afterEach(cleanup);

describe('locked fields', () => {
  for (const [mode, path, route, Screen] of [
    ['create', '/companies/create', '/companies/create', CompanyCreate],
    ['edit', '/companies/c1', '/companies/:id', CompanyEdit],
  ] as const)
    for (const [role, expected] of [
      ['manager', ACCOUNT.map((name) => ['ADMIN_ONLY', name])],
      ['admin', []],
    ] as const)
      it(`a platform ${role}'s ${mode} form shows where travellers pay ${expected.length ? 'locked' : 'open'}`, async () => {
        const routes = { 'GET /api/companies/getCompany/c1': () => ({ body: nile }) };
        await renderAs({ resource: 'companies', path, route }, apiAs(role, routes).fetch, <Screen />);
        await screen.findByLabelText(/TIN/);
        // Locked until the signed-in role is known, then as the role allows.
        await waitFor(() => expect(locked()).toEqual(expected));
      });
});
