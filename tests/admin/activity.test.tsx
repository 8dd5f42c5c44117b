// The activity log as staff read it: who, when on Khartoum's clock, what in words, which record (linked to its
// page), and the diff as a before → after table rather than JSON; read only; filtered on the server; a
// record's history on its page. In English and Arabic.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ActivityList from '../../admin/activity/ActivityList.tsx';
import ActivityShow from '../../admin/activity/ActivityShow.tsx';
import { diffRows, recordPage } from '../../admin/activity/entries.ts';
import { formatKhartoumTime } from '../../shared/i18n/format.ts';
import RecordHistoryPanel from '../../admin/activity/RecordHistoryPanel.tsx';
import { activityAr } from '../../shared/i18n/admin/activity.ar.ts';
import { activityEn } from '../../shared/i18n/admin/activity.en.ts';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { en } from '../../shared/i18n/admin/en.ts';
import { tripDoc } from './helpers/docs.ts';
import { apiAs, renderAs } from './helpers/renderAs.tsx';

afterEach(cleanup);

const rows = [
  {
    _id: 'a1',
    at: '2026-11-22T10:05:00.000Z',
    userId: 'u7',
    userLabel: 'manager@rihla.test',
    action: 'cancel_trip',
    resource: 'trips',
    recordId: '65f0000000000000000000t1',
    diff: JSON.stringify({ isCancelled: [false, true] }),
    ip: '10.0.0.7',
  },
  {
    _id: 'a2',
    at: '2026-11-22T09:00:00.000Z',
    userId: 'u8',
    userLabel: 'cashier@rihla.test',
    action: 'verify_payment',
    resource: 'bookings',
    recordId: 'bk1',
    diff: JSON.stringify({
      paymentStatus: ['proof_submitted', 'verified'],
      verifiedBy: [null, 'u8'],
      verifiedVia: [null, 'review'],
    }),
    ip: '10.0.0.8',
  },
  {
    _id: 'a3',
    at: '2026-11-21T22:30:00.000Z',
    userId: 'u1',
    userLabel: 'admin@rihla.test',
    action: 'role_change',
    resource: 'users',
    recordId: 'u9',
    diff: JSON.stringify({ role: ['cashier', 'manager'], password: ['•••', '•••'] }),
    ip: null,
  },
];

/** A traveller's own cancellation: no staff member, the phone's last digits (server: sales/sale.service cancel). */
const travellerCancel = {
  _id: 'a4',
  at: '2026-11-22T11:00:00.000Z',
  userId: null,
  userLabel: '…432',
  action: 'cancel_booking',
  resource: 'bookings',
  recordId: 'bk4',
  diff: JSON.stringify({ isCancelled: [false, true] }),
  ip: '10.0.0.9',
};

const trip = tripDoc('65f0000000000000000000t1', { isCancelled: true });

function api(role: 'admin' | 'manager' = 'manager') {
  return apiAs(role, {
    // The records entries name, asked for together by id.
    'GET /api/trips/getAllTrips': (call) => {
      const found = call.query.getAll('id').includes(trip._id) ? [trip] : [];
      return { body: found, headers: { 'X-Total-Count': String(found.length) } };
    },
    'GET /api/activity/getActivity/a2': () => ({ body: rows[1] }),
    'GET /api/activity/getActivity/a4': () => ({ body: travellerCancel }),
    'GET /api/activity/getAllActivity': (call) => {
      const action = call.query.get('action');
      const found = action ? rows.filter((row) => row.action === action) : rows;
      return { body: found, headers: { 'X-Total-Count': String(found.length) } };
    },
  });
}

describe('reading an entry', () => {
  it('tells the time on Khartoum’s clock (UTC+2), whatever the browser’s zone', () => {
    expect(formatKhartoumTime('2026-11-21T22:30:00.000Z', 'en')).toMatch(/22 Nov 2026,? 00:30/);
  });

  it('reads a diff as rows, and nothing from a diff it cannot read', () => {
    expect(diffRows(rows[0].diff)).toEqual([{ field: 'isCancelled', before: false, after: true }]);
    expect(diffRows(null)).toEqual([]);
    expect(diffRows('not json')).toEqual([]);
    expect(diffRows('[1,2]')).toEqual([]);
  });

  it('links a record to the page that shows it', () => {
    expect(recordPage('trips', 't1')).toEqual({ path: '/trips/t1/show', action: 'show' });
    expect(recordPage('bookings', 'b1')).toEqual({ path: '/bookings/b1/show', action: 'show' });
    expect(recordPage('buses', 'x')).toEqual({ path: '/buses/x', action: 'edit' });
    expect(recordPage('users', 'u1')).toEqual({ path: '/users/u1', action: 'edit' });
    expect(recordPage('reports', 'r1')).toEqual({ path: '/reports/r1', action: 'show' });
    expect(recordPage('payments', undefined)).toBeUndefined();
    expect(recordPage('activity', 'a1')).toBeUndefined();
  });
});

describe('the activity log', () => {
  it('shows each entry readably: who, when, what, which record, and the diff as before → after', async () => {
    const { fetch } = api();
    await renderAs({ resource: 'activity', path: '/activity', activityWords: true }, fetch, <ActivityList />);
    const entries = await screen.findAllByTestId('activity-entry', {}, { timeout: 5000 });
    expect(entries).toHaveLength(3);
    const [cancel, verify, role] = entries;
    expect(within(cancel).getByText('Cancelled the trip')).toBeTruthy();
    expect(within(cancel).getByText('manager@rihla.test')).toBeTruthy();
    expect(within(cancel).getByText(/22 Nov 2026,? 12:05/)).toBeTruthy();
    // Its time opens the entry; the record, the trip's page.
    await waitFor(() =>
      expect(
        within(cancel)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/activity/a1/show', '/trips/65f0000000000000000000t1/show']),
    );
    const diff = within(cancel).getByTestId('activity-diff');
    expect(
      within(diff)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Field', 'Before', 'After']);
    // A cancellation in the record's own words: its status, not "No → Yes".
    const change = within(diff).getAllByRole('row')[1];
    expect(
      within(change)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Scheduled', 'Cancelled']);
    expect(within(change).getByRole('rowheader').textContent).toBe(en.resources.trips.fields.isCancelled);
    expect(cancel.textContent).not.toContain('{');
    // The trip by its route and date, not its id.
    const record = await within(cancel).findByRole('link', { name: /Khartoum → Kassala/ });
    expect(record.textContent).toContain('Tue, 1 Dec 2026');
    expect(cancel.textContent).not.toContain('000t1');

    const payment = within(verify).getByTestId('activity-diff');
    expect(within(payment).getByText('Proof to check')).toBeTruthy();
    expect(within(payment).getByText('Paid')).toBeTruthy();
    expect(within(payment).getAllByText('empty')).toHaveLength(2);
    // Values the payments desk names, in words here too.
    expect(within(payment).getByText('Proof checked by staff')).toBeTruthy();
    expect(payment.textContent).not.toContain('review');
    // Verified by: the staff member, named (the entry's author, whom a manager may not look up), not an id.
    const verifiedBy = within(payment).getByRole('rowheader', {
      name: en.resources.bookings.fields.verifiedBy,
    });
    expect(verifiedBy.closest('tr')!.textContent).toContain('cashier@rihla.test');
    expect(payment.textContent).not.toContain('u8');

    expect(within(role).getByText('Changed the role')).toBeTruthy();
    expect(within(role).getByText('Cashier')).toBeTruthy();
    expect(within(role).getByText('Manager')).toBeTruthy();
    expect(within(role).getAllByText('•••')).toHaveLength(2);
    // A manager may not open staff accounts: the user is named, not linked (only the entry is).
    expect(
      within(role)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/activity/a3/show']);
  });

  it('is read only: no create, edit or delete', async () => {
    const { fetch } = api('admin');
    await renderAs({ resource: 'activity', path: '/activity', activityWords: true }, fetch, <ActivityList />);
    await screen.findAllByTestId('activity-entry', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull();
    expect(screen.queryByRole('link', { name: /create|edit/i })).toBeNull();
  });

  it('filters on the server by action, and by a person when their name is pressed', async () => {
    const { fetch, calls } = api();
    await renderAs({ resource: 'activity', path: '/activity', activityWords: true }, fetch, <ActivityList />);
    await screen.findAllByTestId('activity-entry', {}, { timeout: 5000 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Verified the payment'));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(1));
    expect(calls.at(-1)!.query.get('action')).toBe('verify_payment');
    fireEvent.click(screen.getByRole('button', { name: 'cashier@rihla.test' }));
    await waitFor(() => expect(calls.at(-1)!.query.get('q')).toBe('cashier@rihla.test'));
    expect(calls.at(-1)!.query.get('action')).toBe('verify_payment');
  });

  it('reads in Arabic, numbers and codes isolated', async () => {
    const { fetch } = api();
    await renderAs(
      { resource: 'activity', path: '/activity', activityWords: true, locale: 'ar' },
      fetch,
      <ActivityList />,
    );
    const [cancel] = await screen.findAllByTestId('activity-entry', {}, { timeout: 5000 });
    expect(within(cancel).getByText(activityAr.rihla.activity.actions.cancel_trip)).toBeTruthy();
    const diff = within(cancel).getByTestId('activity-diff');
    expect(within(diff).getByText(activityAr.rihla.activity.diff.before)).toBeTruthy();
    expect(within(diff).getByText(ar.rihla.ui.status.cancelled)).toBeTruthy();
    expect(within(diff).getByText(ar.rihla.ui.status.scheduled)).toBeTruthy();
    expect(within(diff).getByRole('rowheader').textContent).toBe(ar.resources.trips.fields.isCancelled);
    expect(within(cancel).getByText('manager@rihla.test').tagName).toBe('BDI');
  });
});

describe('one entry', () => {
  it('says who did what when, to which record, and what changed', async () => {
    const { fetch } = api();
    await renderAs(
      { resource: 'activity', path: '/activity/a2/show', route: '/activity/:id/show', activityWords: true },
      fetch,
      <ActivityShow />,
    );
    const entry = await screen.findByTestId('activity-entry', {}, { timeout: 5000 });
    expect(entry.getAttribute('data-action')).toBe('verify_payment');
    expect(within(entry).getByText('Verified the payment')).toBeTruthy();
    // Who, and who verified it (the same person, named).
    expect(within(entry).getAllByText('cashier@rihla.test')).toHaveLength(2);
    expect(within(entry).getByText(/22 Nov 2026,? 11:00/)).toBeTruthy();
    await waitFor(() =>
      expect(within(entry).getByRole('link').getAttribute('href')).toBe('/bookings/bk1/show'),
    );
    const diff = within(entry).getByTestId('activity-diff');
    expect(within(diff).getByText('Proof checked by staff')).toBeTruthy();
    // Read only: nothing to change or delete.
    expect(screen.queryByRole('button', { name: /delete|edit/i })).toBeNull();
  });
});

describe('a traveller’s own cancellation', () => {
  it.each(['en', 'ar'] as const)(
    'names the traveller by the phone’s last digits, not a staff member (%s)',
    async (locale) => {
      const { fetch } = api();
      await renderAs(
        {
          resource: 'activity',
          path: '/activity/a4/show',
          route: '/activity/:id/show',
          activityWords: true,
          locale,
        },
        fetch,
        <ActivityShow />,
      );
      const entry = await screen.findByTestId('activity-entry', {}, { timeout: 5000 });
      const words = (locale === 'en' ? activityEn : activityAr).rihla.activity;
      expect(entry.textContent).toContain(`${words.traveller} …432`);
      expect(entry.textContent).not.toContain(words.nobody);
      expect(within(entry).getByText('…432').tagName).toBe('BDI');
    },
  );
});

describe('a record’s history', () => {
  it('asks the log for that record only and lists who did what', async () => {
    const { fetch, calls } = api();
    await renderAs(
      { resource: 'bookings', path: '/bookings/bk1/show', activityWords: true },
      fetch,
      <RecordHistoryPanel resource="bookings" id="bk1" />,
    );
    const history = await screen.findByTestId('record-history');
    expect(
      within(history).getByRole('heading', { name: activityEn.rihla.activity.history.title }),
    ).toBeTruthy();
    await within(history).findAllByTestId('history-entry');
    const call = calls.find((c) => c.path === '/api/activity/getAllActivity')!;
    expect(call.query.get('resource')).toBe('bookings');
    expect(call.query.get('recordId')).toBe('bk1');
    expect(within(history).getByText('Verified the payment')).toBeTruthy();
    expect(within(history).getAllByText('cashier@rihla.test')).toHaveLength(2);
  });
});
