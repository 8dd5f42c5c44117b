// Generated forms: the registry's inputs and validation words (a bus on create), references as selects, and
// an edit that sends only what changed, then shows the success banner and clears the form.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { generatedCreate } from '../../admin/generated/GeneratedCreate.tsx';
import { generatedEdit } from '../../admin/generated/GeneratedEdit.tsx';
import { buses, companies } from '../../shared/registry/index.ts';
import { fakeFetch, signedIn } from './helpers/fakeFetch.ts';
import { renderAdmin } from './helpers/renderAdmin.tsx';
import { nileExpress } from './helpers/companies.ts';

const nile = nileExpress;

function api() {
  return fakeFetch({
    'POST /api/auth/login': () => signedIn('token-1'),
    'GET /api/companies/getAllCompanies': () => ({ body: [nile], headers: { 'X-Total-Count': '1' } }),
    'GET /api/companies/getCompany/c1': () => ({ body: nile }),
    'PATCH /api/companies/updateCompany/c1': (call) => ({ body: { ...nile, ...(call.body as object) } }),
    'POST /api/buses/createBus': (call) => ({ status: 201, body: { _id: 'b9', ...(call.body as object) } }),
  });
}

const BusCreate = generatedCreate(buses);
const CompanyEdit = generatedEdit(companies);
const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByText(option));
}

afterEach(cleanup);

describe('generated create form (buses)', () => {
  it('has one input per writable field, choices translated and the owner company as a select', async () => {
    const { fetch } = api();
    await renderAdmin({ resource: 'buses', path: '/buses/create' }, fetch, <BusCreate />);
    for (const label of [/Bus number/, /Total seats/, /Last oil service/])
      expect(await screen.findByLabelText(label)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Status/ }));
    const statuses = within(await screen.findByRole('listbox'));
    expect(statuses.getByText('In Service')).toBeTruthy();
    expect(statuses.getByText('Out of Service')).toBeTruthy();
  });

  it('Save is enabled on an untouched form and says the registry’s message once', async () => {
    const { fetch, calls } = api();
    await renderAdmin({ resource: 'buses', path: '/buses/create' }, fetch, <BusCreate />);
    const save = await screen.findByRole('button', { name: /save/i });
    expect(save.hasAttribute('disabled')).toBe(false);
    fireEvent.click(save);
    const problem = await screen.findByTestId('form-problem', {}, { timeout: 5000 });
    expect(problem.textContent).toBe('Please provide all bus details.');
    expect(screen.getAllByText('Please provide all bus details.')).toHaveLength(1);
    // Each missing field is marked, and no toast repeats the message.
    expect(screen.getAllByText('Required')).toHaveLength(5);
    expect(screen.queryByText(/The form is not valid/)).toBeNull();
    expect(calls.some((c) => c.path === '/api/buses/createBus')).toBe(false);
  });

  it('refuses a blank form with the registry’s message, and bad values with the field rules', async () => {
    const { fetch, calls } = api();
    await renderAdmin({ resource: 'buses', path: '/buses/create' }, fetch, <BusCreate />);
    fireEvent.change(await screen.findByLabelText(/Bus number/), { target: { value: 'KH-9' } });
    fireEvent.change(input(/Total seats/), { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    expect((await screen.findByTestId('form-problem', {}, { timeout: 5000 })).textContent).toBe(
      'Please provide all bus details.',
    );
    expect(screen.getAllByText('Required')).toHaveLength(3);
    expect(screen.getByText('Must be a whole number from 1 to 100.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/buses/createBus')).toBe(false);
  });

  it('sends the bus with the company’s _id', async () => {
    const { fetch, calls } = api();
    await renderAdmin({ resource: 'buses', path: '/buses/create' }, fetch, <BusCreate />);
    fireEvent.change(await screen.findByLabelText(/Bus number/), { target: { value: 'KH-9' } });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/companies/getAllCompanies')).toBe(true));
    await choose(/Owner company/, 'Nile Express');
    fireEvent.change(input(/Total seats/), { target: { value: '44' } });
    await choose(/Status/, 'Out of Service');
    fireEvent.change(input(/Last oil service/), { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/buses/createBus')!.body).toEqual({
      bus_number: 'KH-9',
      bus_owner_companyId: 'c1',
      bus_number_of_seats: 44,
      bus_status: 'Out of Service',
      date_ofLast_oil_service: '2026-11-02',
    });
  });
});

describe('generated edit form (companies)', () => {
  it('sends only the changed field, then shows the banner and clears the form', async () => {
    const { fetch, calls } = api();
    await renderAdmin(
      { resource: 'companies', path: '/companies/c1', route: '/companies/:id' },
      fetch,
      <CompanyEdit />,
    );
    await waitFor(() => expect(input(/Phone/).value).toBe('0912345678'));
    fireEvent.change(input(/Phone/), { target: { value: '0999999999' } });
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Company has been successfully updated.')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/api/companies/updateCompany/c1');
    expect(patch.body).toEqual({ company_phone: '0999999999' });
    await waitFor(() => expect(input(/^Name\b(?! on)/).value).toBe(''));
    expect(input(/Phone/).value).toBe('');
  });

  it('a blanked field gets the edit message of the spec', async () => {
    const { fetch, calls } = api();
    await renderAdmin(
      { resource: 'companies', path: '/companies/c1', route: '/companies/:id' },
      fetch,
      <CompanyEdit />,
    );
    await waitFor(() => expect(input(/^Name\b(?! on)/).value).toBe('Nile Express'));
    fireEvent.change(input(/^Name\b(?! on)/), { target: { value: ' ' } });
    fireEvent.change(input(/E-mail/), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(
      await screen.findByText('Please provide all company details.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
