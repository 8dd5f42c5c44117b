// Each role sees only what it may do, all of it derived from shared/roles.ts: which screens and actions a role
// may use, its menu and start page, the buttons of a list and of a trip's and a booking's page, and the
// forbidden page (both languages) on a screen it may not open, which asks nothing of the server.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { homePathFor, MENU_PAGES, mayAccess, pageAllowed } from '../../admin/auth/access.ts';
import { BookingShow } from '../../admin/bookings/BookingShow.tsx';
import { generatedList } from '../../admin/generated/GeneratedList.tsx';
import { RihlaMenu } from '../../admin/layout/RihlaMenu.tsx';
import { guarded } from '../../admin/screens.ts';
import { TripShow } from '../../admin/trips/TripShow.tsx';
import { UserList } from '../../admin/users/UserList.tsx';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { companies } from '../../shared/registry/index.ts';
import { type Role, ROLES } from '../../shared/roles.ts';
import { apiAs, renderAs } from './helpers/renderAs.tsx';

afterEach(cleanup);

const menuOf = (role: Role) => MENU_PAGES.filter((page) => pageAllowed(role, page)).map((page) => page.key);

describe('what a role may use', () => {
  it('maps react-admin’s actions onto the registry’s calls and the role’s capabilities', () => {
    expect(mayAccess('cashier', 'bookings', 'list')).toBe(true);
    expect(mayAccess('cashier', 'bookings', 'show')).toBe(true);
    expect(mayAccess('cashier', 'bookings', 'delete')).toBe(false);
    expect(mayAccess('cashier', 'trips', 'show')).toBe(true);
    expect(mayAccess('cashier', 'trips', 'edit')).toBe(false);
    expect(mayAccess('cashier', 'users', 'list')).toBe(false);
    expect(mayAccess('conductor', 'bookings', 'list')).toBe(false);
    expect(mayAccess('manager', 'activity', 'list')).toBe(true);
    expect(mayAccess('manager', 'users', 'edit')).toBe(false);
    expect(mayAccess('admin', 'users', 'delete')).toBe(true);
    // No call exists: nobody creates, edits or deletes activity, nobody edits a booking.
    for (const role of ROLES) {
      for (const action of ['create', 'edit', 'delete'])
        expect(mayAccess(role, 'activity', action)).toBe(false);
      expect(mayAccess(role, 'bookings', 'edit')).toBe(false);
    }
  });

  it('gives each role its menu and its start page', () => {
    expect(menuOf('cashier')).toEqual(['dashboard', 'payments', 'shifts', 'bookings', 'trips', 'password']);
    expect(menuOf('conductor')).toEqual(['trips', 'password']);
    expect(menuOf('manager')).not.toContain('users');
    expect(menuOf('manager')).toContain('activity');
    expect(menuOf('admin')).toEqual(MENU_PAGES.map((page) => page.key));
    expect(homePathFor('admin')).toBe('/dashboard');
    expect(homePathFor('cashier')).toBe('/dashboard');
    expect(homePathFor('conductor')).toBe('/trips');
  });

  it("keeps the platform's own business from a company's staff (issue 24), whatever their role", () => {
    const company = 'c0ffee';
    const menu = MENU_PAGES.filter((page) => pageAllowed('manager', page, company)).map((page) => page.key);
    expect(menu).toEqual(
      expect.arrayContaining(['dashboard', 'payments', 'bookings', 'trips', 'buses', 'analytics']),
    );
    for (const platform of ['settings', 'reports', 'employees', 'lostItems', 'enquiries', 'users'])
      expect(menu).not.toContain(platform);
    expect(mayAccess('admin', 'users', 'list', company)).toBe(false);
    expect(mayAccess('manager', 'companies', 'create', company)).toBe(false);
    expect(mayAccess('manager', 'companies', 'edit', company)).toBe(true);
    expect(mayAccess('manager', 'buses', 'create', company)).toBe(true);
    expect(homePathFor('conductor', company)).toBe('/trips');
    // The platform's own staff (no company) keep everything.
    expect(mayAccess('manager', 'reports', 'list', null)).toBe(true);
  });
});

const queue = { 'GET /api/payments/getQueue': () => ({ body: [], headers: { 'X-Total-Count': '2' } }) };

async function menuItems(role: Role) {
  const { fetch } = apiAs(role, queue);
  await renderAs({ path: '/dashboard' }, fetch, <RihlaMenu />);
  await screen.findByText('My password');
  return screen.getAllByRole('menuitem').map((item) => item.textContent?.replace(/\d+$/, '').trim());
}

describe('the sidebar', () => {
  it('shows a cashier bookings, payments, their shifts, trips and the dashboard, nothing else of the office', async () => {
    expect(await menuItems('cashier')).toEqual([
      'Dashboard',
      'Payments',
      'Shifts',
      'Passenger bookings',
      'Trip management',
      'My password',
    ]);
  });

  it('shows a manager the activity log but not the staff accounts', async () => {
    const items = await menuItems('manager');
    expect(items).toContain('Activity log');
    expect(items).toContain('Companies');
    expect(items).not.toContain('Users');
  });

  it('shows an admin every page', async () => {
    const items = await menuItems('admin');
    expect(items).toContain('Users');
    expect(items).toContain('Activity log');
    expect(items).toContain('Settings');
  });
});

const nile = {
  _id: 'c1',
  company_name: 'Nile Express',
  company_phone: '0912345678',
  company_email: 'a@nile.sd',
  company_tin: '1',
};
const CompanyList = generatedList(companies);

describe('list buttons', () => {
  const api = (role: Role) =>
    apiAs(role, {
      'GET /api/companies/getAllCompanies': () => ({ body: [nile], headers: { 'X-Total-Count': '1' } }),
    });

  it('a manager may edit and delete companies', async () => {
    await renderAs({ resource: 'companies', path: '/companies' }, api('manager').fetch, <CompanyList />);
    const row = (await screen.findByText('Nile Express')).closest('tr')!;
    await waitFor(() => expect(within(row).getByRole('link', { name: /edit/i })).toBeTruthy());
    expect(within(row).getByRole('button', { name: /delete/i })).toBeTruthy();
  });

  it('a cashier reads companies (trips show them) but is offered no change', async () => {
    await renderAs({ resource: 'companies', path: '/companies' }, api('cashier').fetch, <CompanyList />);
    const row = (await screen.findByText('Nile Express')).closest('tr')!;
    await new Promise((resolve) => setTimeout(resolve, 50)); // canAccess answers asynchronously
    expect(within(row).queryByRole('link', { name: /edit/i })).toBeNull();
    expect(within(row).queryByRole('button', { name: /delete/i })).toBeNull();
  });
});

const trip = {
  _id: 't1',
  busId: { _id: 'b1', bus_number: 'KH-1201', bus_owner_companyId: 'c1', bus_number_of_seats: 40 },
  trip_originId: { _id: 'o1', origin_city: 'Khartoum', origin_city_ar: 'الخرطوم' },
  trip_destinationId: { _id: 'd1', destination_city: 'Kassala', destination_city_ar: null },
  trip_date: '2026-12-01',
  trip_boarding_time: '9:00 am',
  trip_ticket_priceId: { _id: 'p1', price: 45000 },
  bookedSeats: [],
  isCancelled: false,
};
const tripApi = (role: Role) =>
  apiAs(role, {
    'GET /api/trips/getTrip/t1': () => ({ body: trip }),
    'GET /api/trips/passengers/t1': () => ({ body: [] }),
    'GET /api/companies/getAllCompanies': () => ({ body: [nile], headers: { 'X-Total-Count': '1' } }),
    'GET /api/activity/getAllActivity': () => ({ body: [], headers: { 'X-Total-Count': '0' } }),
  });

describe('a trip’s page', () => {
  it('offers a cashier the sale and the manifest, not the trip’s edit or cancellation', async () => {
    const { fetch, calls } = tripApi('cashier');
    await renderAs({ path: '/trips/t1/show', route: '/trips/:id/show' }, fetch, <TripShow />);
    await screen.findByText('Sell at the counter');
    expect(screen.getByRole('button', { name: /download manifest/i })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /^edit$/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /cancel/i })).toBeNull();
    // Cashiers may not read the activity log: no history, and no call for it.
    expect(calls.some((call) => call.path.startsWith('/api/activity'))).toBe(false);
  });

  it('offers a manager the edit, the cancellation and the trip’s history', async () => {
    const { fetch, calls } = tripApi('manager');
    await renderAs({ path: '/trips/t1/show', route: '/trips/:id/show' }, fetch, <TripShow />);
    await waitFor(() => expect(screen.getByRole('link', { name: /^edit$/i })).toBeTruthy(), {
      timeout: 5000,
    });
    expect(screen.getByRole('button', { name: /cancel/i })).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/activity/getAllActivity')).toBe(true),
    );
    const history = calls.find((call) => call.path === '/api/activity/getAllActivity')!;
    expect(history.query.get('resource')).toBe('trips');
    expect(history.query.get('recordId')).toBe('t1');
  });
});

const booking = {
  _id: 'bk1',
  tripId: trip,
  ticketId: '1000000000001',
  seats: [4, 5],
  passengerInfo: { firstName: 'Halima', lastName: 'Osman', phone: '0912000001' },
  totalTicketPrice: [90000],
  bookingDate: '2026-11-20T08:00:00.000Z',
  isCancelled: false,
  paymentStatus: 'verified',
};

describe('a booking’s page', () => {
  it('offers a cashier the cancellation and the travellers’ edit, not the delete', async () => {
    const { fetch } = apiAs('cashier', {
      'GET /api/bookings/getBooking/bk1': () => ({ body: booking }),
      'GET /api/bookings/getPassengers/bk1': () => ({
        body: [
          { seat: 4, fullName: 'Halima Osman', idType: 'passport', idNumber: 'P1234567' },
          { seat: 5, fullName: null, idType: null, idNumber: null },
        ],
      }),
    });
    await renderAs(
      { resource: 'bookings', path: '/bookings/bk1/show', route: '/bookings/:id/show' },
      fetch,
      <BookingShow />,
    );
    const travellers = await screen.findByTestId('booking-travellers');
    await within(travellers).findByText('Halima Osman');
    expect(within(travellers).getByText('Passport')).toBeTruthy();
    expect(within(travellers).getByText('P1234567')).toBeTruthy();
    expect(within(travellers).getByText('Not named yet')).toBeTruthy();
    expect(within(travellers).getByRole('button', { name: /edit travellers/i })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel seats' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull();
  });

  it('lets a cashier cancel one seat of two: the seat ticked goes to the server, the other stays', async () => {
    const { fetch, calls } = apiAs('cashier', {
      'GET /api/bookings/getBooking/bk1': () => ({ body: booking }),
      'GET /api/bookings/getPassengers/bk1': () => ({ body: [] }),
      'PATCH /api/bookings/cancelSeats/bk1': () => ({
        body: { seats: [5], refundDue: 40500, refundBookingId: 'bk2', booking: { ...booking, seats: [4] } },
      }),
    });
    await renderAs(
      { resource: 'bookings', path: '/bookings/bk1/show', route: '/bookings/:id/show' },
      fetch,
      <BookingShow />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel seats' }));
    const confirm = await screen.findByRole('button', { name: 'Cancel these seats' });
    fireEvent.click(confirm);
    // Nothing ticked: nothing sent.
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seat 5' }));
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const sent = calls.find((call) => call.method === 'PATCH')!;
    expect(sent.body).toEqual({ seats: [5] });
  });
});

describe('the forbidden page', () => {
  const Users = guarded('users', 'list', UserList);

  it('tells a cashier on /user that the role does not allow it, with a way back, and asks the server nothing', async () => {
    const { fetch, calls } = apiAs('cashier');
    await renderAs({ resource: 'users', path: '/user' }, fetch, <Users />);
    expect(await screen.findByRole('heading', { name: 'Your role does not allow this page' })).toBeTruthy();
    expect(screen.getByText(/signed in as Cashier/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(calls.some((call) => call.path.includes('getAllusers'))).toBe(false);
  });

  it('says it in Arabic too, and sends a conductor back to the trips', async () => {
    const { fetch } = apiAs('conductor');
    await renderAs({ resource: 'users', path: '/user', locale: 'ar' }, fetch, <Users />);
    expect(await screen.findByRole('heading', { name: ar.rihla.access.forbidden_title })).toBeTruthy();
    expect(screen.getByText(new RegExp(ar.rihla.choices.conductor))).toBeTruthy();
    const back = screen.getByRole('link', { name: `العودة إلى ${ar.rihla.menu.trips}` });
    expect(back.getAttribute('href')).toBe('/trips');
  });

  it('opens the page for an admin', async () => {
    const { fetch } = apiAs('admin', {
      'GET /api/auth/getAllusers': () => ({
        body: [
          {
            _id: 'u2',
            full_name: 'Musa Idris',
            email: 'musa@rihla.test',
            phone_number: '0912000002',
            role: 'cashier',
          },
        ],
        headers: { 'X-Total-Count': '1' },
      }),
    });
    await renderAs({ resource: 'users', path: '/user' }, fetch, <Users />);
    const row = (await screen.findByText('Musa Idris')).closest('tr')!;
    expect(within(row).getByText('Cashier')).toBeTruthy();
    expect(screen.queryByTestId('forbidden')).toBeNull();
  });
});
