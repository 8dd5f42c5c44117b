// The bank statement import: which column holds what is guessed from the headers (English or Arabic, a date
// never taken for the reference), staff correct it in the selects; the screen previews the file, checks it
// (a dry run with the mapping) and imports it, listing each group with links to the bookings.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OnDemandPage } from '../../admin/payments/routes.tsx';
import { guessMapping, isComplete, toMapping } from '../../admin/payments/statementMapping.ts';
import { paymentsEn } from '../../shared/i18n/admin/payments.en.ts';
import { type Call, fakeFetch, signedIn } from './helpers/fakeFetch.ts';
import { renderAdmin } from './helpers/renderAdmin.tsx';

const m = paymentsEn.rihla.payments.import;
/** A select by its label (which may hold parentheses). */
const select = (label: string) =>
  screen.getByRole('combobox', { name: new RegExp(label.replace(/[()]/g, '\\$&')) });

afterEach(cleanup);

describe('statement mapping', () => {
  it('guesses the reference, amount and date columns from the headers', () => {
    expect(guessMapping(['Date', 'Transaction ID', 'Amount (SDG)', 'Note'])).toEqual({
      reference: 'Transaction ID',
      amount: 'Amount (SDG)',
      date: 'Date',
    });
    expect(guessMapping(['Transaction Date', 'Details', 'Txn Ref', 'Debit', 'Credit', 'Balance'])).toEqual({
      reference: 'Txn Ref',
      amount: 'Credit',
      date: 'Transaction Date',
    });
    expect(guessMapping(['التاريخ', 'رقم العملية', 'المبلغ', 'الرصيد'])).toEqual({
      reference: 'رقم العملية',
      amount: 'المبلغ',
      date: 'التاريخ',
    });
  });

  it('leaves a role empty rather than guess it from an unrelated column', () => {
    expect(guessMapping(['a', 'b'])).toEqual({ reference: '', amount: '', date: '' });
    expect(guessMapping(['Reference', 'Balance'])).toEqual({ reference: 'Reference', amount: '', date: '' });
  });

  it('is complete with a reference and an amount that differ; the date is optional', () => {
    expect(isComplete({ reference: 'R', amount: 'A', date: '' })).toBe(true);
    expect(isComplete({ reference: 'R', amount: '', date: 'D' })).toBe(false);
    expect(isComplete({ reference: 'A', amount: 'A', date: '' })).toBe(false);
    expect(toMapping({ reference: 'R', amount: 'A', date: '' })).toEqual({ reference: 'R', amount: 'A' });
    expect(toMapping({ reference: 'R', amount: 'A', date: 'D' })).toEqual({
      reference: 'R',
      amount: 'A',
      date: 'D',
    });
  });
});

const columns = ['Date', 'Transaction ID', 'Amount (SDG)', 'Note'];
const matched = {
  line: 2,
  reference: 'ST100',
  amount: 45000,
  bookingId: 'k1',
  ticketId: '1234567890123',
  expected: 45000,
};
const mismatched = {
  line: 3,
  reference: 'ST200',
  amount: 40000,
  bookingId: 'k2',
  ticketId: '1234567890124',
  expected: 45000,
};
const unmatched = { line: 4, reference: 'NOPE1', amount: 45000 };
const result = {
  rows: 3,
  matched: [matched],
  mismatched: [mismatched],
  ambiguous: [],
  alreadyVerified: [],
  unmatched: [unmatched],
  debits: [{ line: 5, reference: 'ST100', amount: -45000 }],
};

const COMPANIES = [
  { _id: 'c1', company_name: 'Kassala Express', company_bankak_account: '5550001' },
  { _id: 'c2', company_name: 'Nile Lines', company_bankak_account: null, company_wallets: '' },
  { _id: 'c3', company_name: 'Port Sudan Lines', company_wallets: 'Zain Cash:0911122233' },
];

function statementServer(login = () => signedIn('token-1')) {
  return fakeFetch({
    'POST /api/auth/login': login,
    'GET /api/companies/getAllCompanies': () => ({
      body: COMPANIES,
      headers: { 'X-Total-Count': String(COMPANIES.length) },
    }),
    'GET /api/payments/getQueue': () => ({ body: [], headers: { 'X-Total-Count': '0' } }),
    'POST /api/payments/importStatement': (call) => {
      const form = call.body as FormData;
      if (!form.get('mapping'))
        return {
          body: {
            columns,
            sample: [
              { Date: '2026-11-20', 'Transaction ID': 'ST100', 'Amount (SDG)': '45,000.00', Note: 'ok' },
            ],
            rows: 3,
          },
        };
      return { body: result };
    },
  });
}

const sent = (calls: Call[]) =>
  calls
    .filter((c) => c.path === '/api/payments/importStatement')
    .map((c) => {
      const form = c.body as FormData;
      return {
        file: (form.get('statement') as File).name,
        mapping: form.get('mapping') && JSON.parse(String(form.get('mapping'))),
        dryRun: form.get('dryRun'),
        ...(form.get('companyId') ? { companyId: form.get('companyId') } : {}),
      };
    });

describe('statement import screen', () => {
  it('previews the file, pre-selects the columns, checks, then imports and lists each group', async () => {
    const { fetch, calls } = statementServer();
    await renderAdmin(
      { resource: 'bookings', path: '/bookings/payments/import' },
      fetch,
      <OnDemandPage name="StatementImport" />,
    );
    const input = (await screen.findByTestId('statement-file')) as HTMLInputElement;
    const file = new File(['Date;Transaction ID;Amount (SDG);Note\n'], 'november.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });

    expect((await screen.findByTestId('statement-file-name')).textContent).toBe('november.csv: 3 rows');
    // The guessed columns are shown in the selects; the sample row is shown as the file has it.
    expect(select(m.reference).textContent).toBe('Transaction ID');
    expect(select(m.amount).textContent).toBe('Amount (SDG)');
    // The required amount column says which currency it holds.
    expect(screen.getByText('Amount (SDG)', { selector: '.MuiInputLabel-root' })).toBeTruthy();
    expect(select(m.date).textContent).toBe('Date');
    expect(within(screen.getByTestId('statement-sample')).getByText('45,000.00')).toBeTruthy();

    // Staff correct a column: no date after all.
    fireEvent.mouseDown(select(m.date));
    fireEvent.click(await screen.findByRole('option', { name: m.none }));

    fireEvent.click(screen.getByRole('button', { name: m.check }));
    const dry = await screen.findByTestId('statement-dry-run');
    expect(within(dry).getByText(m.will.matched)).toBeTruthy();
    expect(sent(calls)).toEqual([
      { file: 'november.csv', mapping: null, dryRun: null },
      {
        file: 'november.csv',
        mapping: { reference: 'Transaction ID', amount: 'Amount (SDG)' },
        dryRun: 'true',
      },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Import and verify 1' }));
    const done = await screen.findByTestId('statement-result');
    expect(sent(calls).at(-1)).toEqual({
      file: 'november.csv',
      mapping: { reference: 'Transaction ID', amount: 'Amount (SDG)' },
      dryRun: null,
    });
    expect(within(done).getByText(m.help.matched)).toBeTruthy();
    const mismatch = done.querySelector('[data-group-rows=mismatched]') as HTMLElement;
    expect(within(mismatch).getByText('40,000 SDG')).toBeTruthy();
    expect(within(mismatch).getByText('45,000 SDG')).toBeTruthy();
    expect(within(mismatch).getByRole('link').getAttribute('href')).toBe('/bookings/k2/show');
    expect(done.querySelector('[data-group=ambiguous]')?.getAttribute('data-count')).toBe('0');
    // Money going out is listed apart: it never pays a booking.
    const debits = done.querySelector('[data-group-rows=debits]') as HTMLElement;
    expect(within(debits).getByText(m.help.debits)).toBeTruthy();
    expect(within(debits).getByText('-45,000 SDG')).toBeTruthy();
  });

  it('forgets the check when a column changes, so nothing is imported with a mapping not checked', async () => {
    const { fetch } = statementServer();
    await renderAdmin(
      { resource: 'bookings', path: '/bookings/payments/import' },
      fetch,
      <OnDemandPage name="StatementImport" />,
    );
    const input = (await screen.findByTestId('statement-file')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 's.csv')] } });
    fireEvent.click(await screen.findByRole('button', { name: m.check }));
    await screen.findByTestId('statement-run');
    fireEvent.mouseDown(select(m.amount));
    fireEvent.click(await screen.findByRole('option', { name: 'Note' }));
    await waitFor(() => expect(screen.queryByTestId('statement-run')).toBeNull());
  });

  it('asks the platform’s staff whose account the statement is of, and sends it with the check and the import', async () => {
    const { fetch, calls } = statementServer();
    await renderAdmin(
      { resource: 'bookings', path: '/bookings/payments/import' },
      fetch,
      <OnDemandPage name="StatementImport" />,
    );
    const account = await screen.findByRole('combobox', { name: m.account });
    expect(account.textContent).toBe(m.account_operator);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/companies/getAllCompanies')).toBe(true));
    fireEvent.mouseDown(account);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    // Only companies with an account of their own: the others' travellers pay into the one in Settings.
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([m.account_operator, 'Kassala Express', 'Port Sudan Lines']);
    fireEvent.click(screen.getByRole('option', { name: 'Kassala Express' }));
    const input = (await screen.findByTestId('statement-file')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'kassala.csv')] } });
    fireEvent.click(await screen.findByRole('button', { name: m.check }));
    await screen.findByTestId('statement-run');
    expect(sent(calls).at(-1)).toMatchObject({ dryRun: 'true', companyId: 'c1' });
    // Another account forgets the check.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: m.account }));
    fireEvent.click(await screen.findByRole('option', { name: m.account_operator }));
    await waitFor(() => expect(screen.queryByTestId('statement-run')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: m.check }));
    fireEvent.click(await screen.findByTestId('statement-run'));
    await screen.findByTestId('statement-result');
    expect(sent(calls).at(-1)).not.toHaveProperty('companyId');
  });

  it('does not ask a company’s staff: their statement is their company’s', async () => {
    const { fetch } = statementServer(() => {
      const answer = signedIn('token-1');
      return { body: { ...answer.body, user: { ...answer.body.user, role: 'cashier', companyId: 'c1' } } };
    });
    await renderAdmin(
      { resource: 'bookings', path: '/bookings/payments/import' },
      fetch,
      <OnDemandPage name="StatementImport" />,
    );
    await screen.findByTestId('statement-file');
    expect(screen.queryByRole('combobox', { name: m.account })).toBeNull();
  });
});
