// A generated list (companies): columns and labels from the registry, server-side paging and sorting,
// delete with the spec's confirmation, and the server's reason when a delete is refused (409).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { generatedList } from '../../admin/generated/GeneratedList.tsx';
import { companies } from '../../shared/registry/index.ts';
import { fakeFetch, signedIn } from './helpers/fakeFetch.ts';
import { renderAdmin } from './helpers/renderAdmin.tsx';

const rows = [
  {
    _id: 'c1',
    company_name: 'Nile Express',
    company_phone: '0912345678',
    company_email: 'info@nile.sd',
    company_tin: '300012345',
  },
  {
    _id: 'c2',
    company_name: 'Sahara Lines',
    company_phone: '0923456789',
    company_email: 'contact@sahara.sd',
    company_tin: '300067890',
  },
];

function api() {
  return fakeFetch({
    'POST /api/auth/login': () => signedIn('token-1'),
    'GET /api/companies/getAllCompanies': () => ({ body: rows, headers: { 'X-Total-Count': '27' } }),
    'DELETE /api/companies/deleteCompany/c1': () => ({
      status: 409,
      body: {
        message: 'This company cannot be deleted: 2 buses still refer to it.',
        referencedBy: { buses: 2 },
      },
    }),
    'DELETE /api/companies/deleteCompany/c2': () => ({ body: rows[1] }),
  });
}

const CompanyList = generatedList(companies);

afterEach(cleanup);

describe('generated list', () => {
  it('shows the registry’s columns with their labels and the rows of the first page', async () => {
    const { fetch, calls } = api();
    await renderAdmin({ resource: 'companies', path: '/companies' }, fetch, <CompanyList />);
    expect(await screen.findByText('Nile Express')).toBeTruthy();
    for (const label of ['Name', 'Phone', 'E-mail', 'TIN'])
      expect(screen.getByRole('columnheader', { name: new RegExp(label) })).toBeTruthy();
    expect(screen.getByText('contact@sahara.sd')).toBeTruthy();
    expect(screen.getByText('1-25 of 27')).toBeTruthy();
    const list = calls.find((c) => c.path === '/api/companies/getAllCompanies')!;
    expect(Object.fromEntries(list.query)).toEqual({
      _start: '0',
      _end: '25',
      _sort: 'company_name',
      _order: 'ASC',
    });
  });

  it('sorts on the server when a column header is clicked', async () => {
    const { fetch, calls } = api();
    await renderAdmin({ resource: 'companies', path: '/companies' }, fetch, <CompanyList />);
    await screen.findByText('Nile Express');
    fireEvent.click(screen.getByText('TIN'));
    await waitFor(() => expect(calls.at(-1)?.query.get('_sort')).toBe('company_tin'));
    expect(calls.at(-1)?.query.get('_order')).toBe('ASC');
  });

  it('asks before deleting, naming the company, with buttons that say what they do; then the spec’s notice', async () => {
    const { fetch, calls } = api();
    await renderAdmin({ resource: 'companies', path: '/companies' }, fetch, <CompanyList />);
    const row = (await screen.findByText('Sahara Lines')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /delete/i }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to permanently delete this company?'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Delete this company?' })).toBeTruthy();
    expect(within(dialog).getByTestId('delete-name').textContent).toBe('Sahara Lines');
    expect(within(dialog).getByRole('button', { name: 'Keep company' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete company' }));
    expect(await screen.findByText('Company has been successfully deleted.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/companies/deleteCompany/c2')).toBe(
      true,
    );
  });

  it('a refused delete (409) shows the server’s reason', async () => {
    const { fetch } = api();
    await renderAdmin({ resource: 'companies', path: '/companies' }, fetch, <CompanyList />);
    const row = (await screen.findByText('Nile Express')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /delete/i }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete company' }),
    );
    expect(
      await screen.findByText('This company cannot be deleted: 2 buses still refer to it.'),
    ).toBeTruthy();
  });
});
