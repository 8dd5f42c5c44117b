// Roles in real Chromium against the real server: a cashier sees only the dashboard, payments, bookings and
// trips (read) in the menu and gets the forbidden page on /user without a single 403; a manager reads the
// activity log and filters it by action; an admin changes a user's role and that user's open session is sent
// back to sign-in. Then the activity log, a record's history (a trip's page, with its travellers' IDs), the
// users with their roles and the forbidden page are photographed at 1280×800 and 390×844, in English and
// Arabic (/tmp/screens/admin-roles-*.png), none wider than the screen.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/roles.ts';
import { adminWords, DESKTOP, type Lang, newPhone, staffCall, staffPage } from './helpers/admin-payments.ts';
import { type DemoTrip, findTrips, freeSeats, getTrip, tomorrow } from './helpers/api.ts';
import { waitForNotice } from './helpers/admin.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensureAdminBuilt } from './helpers/build.ts';
import { languagesAndSizes } from './helpers/layout.ts';
import { startServer, STAFF, type TestServer } from './helpers/server.ts';

const SCREENS = '/tmp/screens';
const t = adminWords('en');
let server: TestServer;
let browser: Browser;
let trip: DemoTrip;

interface Account {
  _id: string;
  email: string;
  password: string;
}

let accounts = 0;
/** A staff account of `role`, registered by the admin through the API. */
async function account(role: Role, first: string): Promise<Account> {
  const n = ++accounts;
  const password = `copper lagoon ${first.toLowerCase()} ${n}`;
  const email = `${first.toLowerCase()}${n}@rihla.test`;
  const user = await staffCall<{ _id: string }>(server.url, 'POST', '/api/auth/register', {
    username: `${first.toLowerCase()}${n}`,
    first_name: first,
    last_name: 'Ahmed',
    phone_number: newPhone(),
    email,
    password,
    password_confirm: password,
    role,
  });
  return { _id: user._id, email, password };
}

/** A signed-in back-office page for `who`, in `lang`, at `viewport`, on the role's start page. */
const signedIn = (who: { email: string; password: string }, lang: Lang = 'en', viewport = DESKTOP) =>
  staffPage(browser, server.url, lang, viewport, who);

/** The texts of the sidebar's entries. */
async function menu(page: Page): Promise<string[]> {
  const items = page.locator('.RaSidebar-fixed [role=menuitem]');
  await items.last().waitFor();
  return (await items.allInnerTexts()).map((text) => text.replace(/\s*\d+$/, '').trim());
}

/** A booking with named travellers and their IDs, as the public site sends it. */
async function bookWithTravellers(seats: number[]) {
  const form = new FormData();
  form.append('tripId', trip._id);
  form.append('seats', JSON.stringify(seats));
  form.append('passengerInfo', JSON.stringify({ firstName: 'Halima', lastName: 'Osman', phone: newPhone() }));
  form.append('totalTicketPrice', String(seats.length * trip.trip_ticket_priceId.price));
  form.append('bookingDate', new Date().toISOString());
  form.append(
    'passengers',
    JSON.stringify([
      { seat: seats[0], fullName: 'Halima Osman', idType: 'passport', idNumber: 'P04511872' },
      { seat: seats[1], fullName: 'Yousif Babiker', idType: 'national_number', idNumber: '11920035671' },
    ]),
  );
  const response = await fetch(`${server.url}/api/bookings/createBooking`, { method: 'POST', body: form });
  if (response.status !== 201)
    throw new Error(`createBooking answered ${response.status}: ${await response.text()}`);
  return (await response.json()).booking as { _id: string; ticketId: string };
}

beforeAll(async () => {
  ensureAdminBuilt();
  server = await startServer();
  browser = await launchBrowser();
  [trip] = await findTrips(server.url, 'Khartoum', 'Kassala', tomorrow());
  fs.mkdirSync(SCREENS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a cashier', () => {
  let page: Page;
  const refused: string[] = [];

  beforeAll(async () => {
    page = await signedIn(await account('cashier', 'Salma'));
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
  });
  afterAll(() => page?.context().close());

  it('sees only the dashboard, payments, shifts, bookings and trips in the menu', async () => {
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await menu(page)).toEqual([
      t('rihla.menu.dashboard'),
      t('rihla.menu.payments'),
      t('rihla.menu.shifts'),
      t('rihla.menu.bookings'),
      t('rihla.menu.trips'),
      t('rihla.menu.password'),
    ]);
    // The dashboard's parts are the cashier's too: no employees, no reports.
    await page.getByTestId('count-bookings').waitFor();
    expect(await page.getByTestId('count-employees').count()).toBe(0);
    expect(await page.getByText(t('rihla.dashboard.recent_reports')).count()).toBe(0);
  });

  it('reads the trips without being offered to change them', async () => {
    await page.goto(`/trips/${trip._id}/show`);
    await page.getByRole('link', { name: t('rihla.counter.sell') }).waitFor();
    await page.getByTestId('manifest-button').waitFor();
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /cancel/i }).count()).toBe(0);
  });

  it('gets the forbidden page on /user, with a way back, and no 403 behind it', async () => {
    await page.goto('/user');
    const forbidden = page.getByTestId('forbidden');
    await forbidden.getByRole('heading', { name: t('rihla.access.forbidden_title') }).waitFor();
    await forbidden.getByText(t('rihla.choices.cashier'), { exact: false }).waitFor();
    await page.waitForTimeout(500);
    expect(refused).toEqual([]);
    await forbidden
      .getByRole('link', { name: t('rihla.access.back', { page: t('rihla.menu.dashboard') }) })
      .click();
    await page.waitForURL('**/dashboard');
  });
});

describe('a manager', () => {
  let page: Page;

  beforeAll(async () => {
    // Things to find in the log: a cancelled trip, and travellers changed on a booking.
    const [far] = await findTrips(server.url, 'Khartoum', 'Port Sudan', tomorrow());
    await staffCall(server.url, 'PATCH', `/api/trips/cancelTrip/${far._id}`, { isCancelled: true });
    page = await signedIn(await account('manager', 'Tariq'));
  });
  afterAll(() => page?.context().close());

  it('sees the activity log in the menu, not the users', async () => {
    const items = await menu(page);
    expect(items).toContain(t('rihla.menu.activity'));
    expect(items).not.toContain(t('rihla.menu.users'));
  });

  it('reads the log and filters it by action', async () => {
    await page.getByRole('menuitem', { name: t('rihla.menu.activity') }).click();
    await page.waitForURL('**/activity');
    const entries = page.getByTestId('activity-entry');
    await entries.first().waitFor();
    const actions = await entries.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')));
    expect(new Set(actions).size).toBeGreaterThan(1);
    // Read only.
    expect(await page.getByRole('button', { name: /delete/i }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Cancelled the trip' }).click();
    await page.waitForURL(/cancel_trip/);
    await expect
      .poll(async () =>
        entries.evaluateAll((rows) => [...new Set(rows.map((row) => row.getAttribute('data-action')))]),
      )
      .toEqual(['cancel_trip']);
    const row = entries.first();
    await row.getByText(STAFF.email).waitFor();
    const diff = row.getByTestId('activity-diff');
    await diff.getByText(t('resources.trips.fields.isCancelled')).waitFor();
    expect(await diff.innerText()).not.toContain('{');
  });
});

describe('an admin changing a role', () => {
  it('sends the user’s open session back to sign-in', async () => {
    const who = await account('cashier', 'Nour');
    const theirs = await signedIn(who);
    const admin = await signedIn(STAFF);
    await admin.goto(`/users/${who._id}`);
    await admin.locator('input[name=email]').waitFor();
    await admin.getByRole('combobox', { name: t('resources.users.fields.role') }).click();
    await admin.getByRole('option', { name: t('rihla.choices.manager') }).click();
    await admin.getByRole('button', { name: 'Save' }).click();
    await waitForNotice(admin, t('resources.users.notifications.updated'));
    expect((await staffCall<{ role: string }>(server.url, 'GET', `/api/auth/getUser/${who._id}`)).role).toBe(
      'manager',
    );
    // The next thing the user does finds the session ended.
    await theirs.getByRole('menuitem', { name: t('rihla.menu.bookings') }).click();
    await theirs.waitForURL((url) => url.pathname === '/login');
    // Where they were (the sidebar's count of proofs, asked every 30 s, may have found the end first).
    expect(['/bookings', '/dashboard']).toContain(new URL(theirs.url()).searchParams.get('redirect'));
    // Signing in again, the user works under the new role.
    await theirs.locator('input[name=email]').fill(who.email);
    await theirs.locator('input[name=password]').fill(who.password);
    await theirs.getByRole('button', { name: t('rihla.login.submit') }).click();
    await theirs.waitForURL((url) => url.pathname !== '/login');
    expect(await menu(theirs)).toContain(t('rihla.menu.activity'));
    await theirs.context().close();
    await admin.context().close();
  });
});

describe('screens', () => {
  let cashier: Account;
  let booking: { _id: string; ticketId: string };

  beforeAll(async () => {
    cashier = await account('cashier', 'Rania');
    const seats = freeSeats(await getTrip(server.url, trip._id), 2);
    booking = await bookWithTravellers(seats);
    await staffCall(server.url, 'PATCH', `/api/bookings/updatePassengers/${booking._id}`, {
      passengers: [
        { seat: seats[0], fullName: 'Halima Osman', idType: 'passport', idNumber: 'P04511873' },
        { seat: seats[1], fullName: 'Yousif Babiker', idType: 'national_card', idNumber: '11920035671' },
      ],
    });
    // A change for the trip's history: another fare (its bus runs at both hours of the day, so the time cannot
    // move: one bus, one trip at a time).
    const price = await staffCall<{ _id: string }>(server.url, 'POST', '/api/prices/createPrice', {
      price: 100_000 + (Date.now() % 90_000),
    });
    await staffCall(server.url, 'PATCH', `/api/trips/updateTrip/${trip._id}`, {
      trip_ticket_priceId: price._id,
    });
  });

  /** Saves the page and checks that it is no wider than the screen. */
  async function shoot(page: Page, name: string, lang: Lang, size: 'desktop' | 'phone') {
    await page.waitForTimeout(300);
    const { scroll, width } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    expect(scroll, `${name} ${lang} ${size}`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SCREENS}/admin-roles-${name}-${lang}-${size}.png`, fullPage: true });
  }

  for (const { lang, size, viewport } of languagesAndSizes())
    it.concurrent(
      `photographs the log, a history, the users and the forbidden page (${lang}, ${size})`,
      async () => {
        const w = adminWords(lang);
        const admin = await signedIn(STAFF, lang, viewport);
        await admin.goto('/activity');
        await admin.getByTestId('activity-entry').first().waitFor();
        await shoot(admin, 'activity', lang, size);

        await admin.goto(`/trips/${trip._id}/show`);
        const history = admin.getByTestId('record-history');
        await history.getByTestId('history-entry').first().waitFor();
        await admin.getByTestId('trip-passengers').getByText('P04511873').waitFor();
        await history.scrollIntoViewIfNeeded();
        await shoot(admin, 'history', lang, size);

        await admin.goto('/user');
        await admin.getByText(w('rihla.choices.cashier')).first().waitFor();
        await shoot(admin, 'users', lang, size);

        // Also looked at: a user's page with its role, a booking's travellers and their dialog, the password page.
        await admin.goto(`/users/${cashier._id}`);
        await admin.getByTestId('record-history').getByTestId('history-entry').first().waitFor();
        await shoot(admin, 'user', lang, size);
        await admin.goto(`/bookings/${booking._id}/show`);
        await admin.getByTestId('booking-travellers').getByText('P04511873').waitFor();
        await admin.getByTestId('record-history').getByTestId('history-entry').first().waitFor();
        await shoot(admin, 'booking', lang, size);
        await admin.getByRole('button', { name: w('rihla.travellers.edit') }).click();
        await admin.getByRole('dialog').getByTestId('traveller-1').waitFor();
        await shoot(admin, 'travellers', lang, size);
        await admin.keyboard.press('Escape');
        await admin.goto('/change-password');
        await admin.getByTestId('change-password').waitFor();
        await shoot(admin, 'password', lang, size);
        await admin.context().close();

        const page = await signedIn(cashier, lang, viewport);
        await page.goto('/user');
        await page.getByTestId('forbidden').waitFor();
        await shoot(page, 'forbidden', lang, size);
        await page.context().close();
      },
    );
});
