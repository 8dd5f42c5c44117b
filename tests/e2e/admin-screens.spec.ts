// The back-office's other screens in real Chromium against the real server: the login page's rules, session
// restore and the guest-only /login, the dashboard, report creation and edits (banner, cleared form),
// bookings with their payment proof, the printable passenger list, settings, users and the inbox.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { en } from '../../shared/i18n/admin/en.ts';
import { waitForNotice } from './helpers/admin.ts';
import { bookThroughApi, findTrips, freeSeats, staffToken, tomorrow } from './helpers/api.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensureAdminBuilt } from './helpers/build.ts';
import { makePng } from './helpers/png.ts';
import { startServer, STAFF, type TestServer } from './helpers/server.ts';

const m = en.rihla;
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const notice = (text: string) => waitForNotice(page, text);

async function signIn() {
  await page.goto('/login');
  await page.locator('input[name=email]').fill(STAFF.email);
  await page.locator('input[name=password]').fill(STAFF.password);
  await page.getByRole('button', { name: m.login.submit }).click();
  await page.waitForURL('**/dashboard');
}

beforeAll(async () => {
  ensureAdminBuilt();
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1440, height: 960 },
    locale: 'en-GB',
  });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('login page', () => {
  it('keeps submit disabled while invalid and says why, in the spec’s words', async () => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: m.login.submit });
    expect(await submit.isDisabled()).toBe(true);
    const email = page.locator('input[name=email]');
    const password = page.locator('input[name=password]');
    await email.fill('not-an-address');
    await password.focus();
    await page.getByText(m.login.email_invalid).waitFor();
    await password.fill('abc');
    await email.focus();
    await page.getByText(m.login.password_short).waitFor();
    await password.fill('');
    await page.getByText(m.login.password_required).waitFor();
    await email.fill('');
    await page.getByText(m.login.email_required).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await email.press('Enter');
    await page.getByRole('alert').filter({ hasText: m.login.fix_errors }).waitFor();
  });

  it('shows the server’s message when sign-in is refused', async () => {
    await page.locator('input[name=email]').fill(STAFF.email);
    await page.locator('input[name=password]').fill('wrong-password');
    await page.getByRole('button', { name: m.login.submit }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('signs in to the dashboard; /login then sends on to the dashboard; a reload restores the session', async () => {
    await signIn();
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.reload();
    await page.getByTestId('welcome').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toMatch(
      /eyJ/,
    );
  });
});

describe('language', () => {
  it('the app bar switcher turns the back-office to Arabic, right to left, and the choice survives a reload', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('language-switcher').click();
    await page.waitForFunction(
      () => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar',
    );
    await page.getByRole('menuitem', { name: ar.rihla.menu.trips }).waitFor();
    const sidebar = await page.locator('.RaSidebar-fixed').boundingBox();
    expect(sidebar!.x).toBeGreaterThan(720);
    await page.reload();
    await page.getByRole('menuitem', { name: ar.rihla.menu.trips }).waitFor();
    expect(await page.evaluate(() => document.title)).toBe(
      `${ar.rihla.dashboard.title} · ${ar.rihla.app.title}`,
    );
    await page.getByTestId('language-switcher').click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await page.getByRole('menuitem', { name: m.menu.trips }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('rihla.lang'))).toBe('en');
  });
});

describe('dashboard and reports', () => {
  it('shows the counts and the seats sold over the next 14 days', async () => {
    const token = await staffToken(server.url);
    const summary = await (
      await fetch(`${server.url}/api/dashboard/summary`, { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    await page.goto('/dashboard');
    expect(await page.getByTestId('count-trips').innerText()).toBe(
      summary.counts.trips.toLocaleString('en-GB'),
    );
    expect(await page.getByTestId('count-buses').innerText()).toBe(String(summary.counts.buses));
    expect(await page.getByTestId('seats-day').count()).toBe(14);
  });

  it('creates a report: the banner shows and the form is cleared; the dashboard links to its view', async () => {
    await page.goto('/create-report');
    await page.waitForURL('**/reports/create');
    await page.locator('input[name=report_title]').fill('Flat tyre near Madani');
    await page.locator('textarea[name=report_description]').fill('Bus KH-1201 arrived forty minutes late.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Report has been successfully created.' }).waitFor();
    expect(await page.locator('input[name=report_title]').inputValue()).toBe('');
    expect(await page.locator('textarea[name=report_description]').inputValue()).toBe('');

    await page.getByRole('menuitem', { name: m.menu.dashboard }).click();
    await page.getByRole('link', { name: 'Flat tyre near Madani' }).click();
    await page.waitForURL(/\/reports\/[^/]+$/);
    await page.getByText('Bus KH-1201 arrived forty minutes late.').waitFor();
  });

  it('lists reports with the first 15 characters of the description', async () => {
    await page.getByRole('menuitem', { name: m.menu.reports }).click();
    await page.getByText('Bus KH-1201 arr…').waitFor();
  });

  it('an edit (spec URL /edit-company/{id}) sends the change, shows the banner and clears the form', async () => {
    const token = await staffToken(server.url);
    const [company] = await (
      await fetch(`${server.url}/api/companies/getAllCompanies?_sort=company_name&_order=ASC`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json();
    await page.goto(`/edit-company/${company._id}`);
    await page.waitForURL(`**/companies/${company._id}`);
    const phone = page.locator('input[name=company_phone]');
    await expect.poll(() => phone.inputValue()).toBe(company.company_phone);
    await phone.fill('0155550000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Company has been successfully updated.' }).waitFor();
    expect(await page.locator('input[name=company_name]').inputValue()).toBe('');
    const saved = await (
      await fetch(`${server.url}/api/companies/getCompany/${company._id}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json();
    expect(saved).toMatchObject({ company_phone: '0155550000', company_name: company.company_name });
  });
});

describe('bookings and passengers', () => {
  let ticketId = '';
  let tripId = '';

  beforeAll(async () => {
    const [trip] = await findTrips(server.url, 'Khartoum', 'Kassala', tomorrow());
    tripId = trip._id;
    const seats = freeSeats(trip, 2);
    const form = new FormData();
    form.append('tripId', trip._id);
    form.append('seats', JSON.stringify(seats));
    form.append(
      'passengerInfo',
      JSON.stringify({ firstName: 'Amna', lastName: 'Osman', phone: '0912345678' }),
    );
    form.append('totalTicketPrice', String(seats.length * trip.trip_ticket_priceId.price));
    form.append('bookingDate', new Date().toISOString());
    form.append(
      'bankakScreenshot',
      new Blob([new Uint8Array(makePng(60, 40))], { type: 'image/png' }),
      'proof.png',
    );
    const answer = await (
      await fetch(`${server.url}/api/bookings/createBooking`, { method: 'POST', body: form })
    ).json();
    ticketId = answer.booking.ticketId;
  });

  it('lists the booking and shows its payment proof, fetched with the staff token', async () => {
    await page.getByRole('menuitem', { name: m.menu.bookings }).click();
    const row = page.locator('tr', { hasText: ticketId });
    await row.getByText('Amna Osman').waitFor();
    await row.getByRole('link', { name: en.rihla.ui.actions.show }).click();
    const proof = page.getByTestId('payment-proof');
    await proof.waitFor();
    expect(await proof.getAttribute('src')).toMatch(/^blob:/);
    expect(await proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(60);
  });

  it('cancels the booking after a confirmation naming it; its status then says so', async () => {
    await page.getByRole('button', { name: m.ui.actions.cancel_booking }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading').filter({ hasText: ticketId }).waitFor();
    await dialog.getByTestId('cancel-facts').filter({ hasText: 'Amna Osman' }).waitFor();
    await dialog.getByRole('button', { name: m.ui.cancel.booking_yes }).click();
    await notice(`Booking ${ticketId} has been successfully canceled.`);
    await page.getByTestId('record-status').filter({ hasText: m.ui.status.cancelled }).first().waitFor();
    expect(await page.getByRole('button', { name: m.ui.actions.cancel_booking }).count()).toBe(0);
  });

  it('lists a trip’s passengers, and a full bus prints on one page', async () => {
    // Fill every other seat of the trip, three seats per booking.
    const [trip] = await findTrips(server.url, 'Khartoum', 'Kassala', tomorrow());
    const free = freeSeats(trip, trip.busId.bus_number_of_seats);
    for (let i = 0; i < free.length; i += 3)
      await bookThroughApi(server.url, trip, free.slice(i, i + 3), '0912000111');
    await page.goto(`/trips/${tripId}/show`);
    const table = page.locator('table.trip-passengers');
    await table.getByText(ticketId).first().waitFor();
    // Every seat is booked; the cancelled booking of the test before stays listed, marked cancelled.
    const rows = table.locator('tbody tr');
    const live = table.locator('tbody tr:not([data-cancelled])');
    const seats = trip.busId.bus_number_of_seats;
    expect(await live.count()).toBe(seats);
    expect(await rows.filter({ hasText: m.bookings.cancelled }).count()).toBe(2);
    // Each live seat says its payment in words (the bookings just made await their proof) and that nobody
    // has boarded yet.
    const paymentWords = [...Object.values(m.payments.status), m.trips.paid_at_counter];
    const said = await live.locator('[data-payment]').allInnerTexts();
    expect(said).toHaveLength(seats);
    expect(said.filter((text) => !paymentWords.includes(text.trim()))).toEqual([]);
    expect(await live.filter({ hasText: m.payments.status.awaiting_proof }).count()).toBeGreaterThanOrEqual(
      free.length,
    );
    expect(await live.filter({ hasText: m.trips.not_boarded }).count()).toBe(seats);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.RaAppBar-root').isVisible()).toBe(false);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });
  });
});

describe('settings, users and inbox', () => {
  it('settings has the four create buttons; a new origin lands back on settings', async () => {
    await page.getByRole('menuitem', { name: m.menu.settings }).click();
    for (const label of [
      m.settings.create_origin,
      m.settings.create_destination,
      m.settings.create_price,
      m.settings.create_position,
    ])
      await page.getByRole('link', { name: label }).waitFor();
    await page.getByRole('link', { name: m.settings.create_origin }).click();
    await page.waitForURL('**/origins/create');
    await page.locator('input[name=origin_city]').fill('Atbara');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice('Origin city has been successfully created.');
    await page.waitForURL('**/setting');
  });

  it('creates a user from /user → Create User (/register), then goes to the dashboard', async () => {
    await page.getByRole('menuitem', { name: m.menu.users }).click();
    await page.waitForURL('**/user');
    await page.getByText(STAFF.email).waitFor();
    await page.getByRole('link', { name: m.users.create }).click();
    await page.waitForURL('**/register');
    const fields = {
      username: 'hawa',
      first_name: 'Hawa',
      last_name: 'Adam',
      phone_number: '0911222333',
      email: 'hawa@rihla.example',
    };
    for (const [name, value] of Object.entries(fields)) await page.locator(`input[name=${name}]`).fill(value);
    // New passwords must be strong (10+ characters, not common): a few unrelated words.
    const password = 'amber falcon tide 42';
    await page.locator('input[name=password]').fill(password);
    await page.locator('input[name=password_confirm]').fill(`${password}!`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(en.rihla.validation.fields.password_mismatch).waitFor();
    await page.locator('input[name=password_confirm]').fill(password);
    await page.getByRole('button', { name: 'Save' }).click();
    await notice('User has been successfully created.');
    await page.waitForURL('**/dashboard');
  });

  it('shows a lost-item report from the public site in the inbox, and deletes it after confirmation', async () => {
    const report = {
      first_name: 'Musa',
      last_name: 'Idris',
      phone: '0912000999',
      date_of_loss: tomorrow(),
      item_type: 'wallet',
      colour: 'black',
      description: 'A black leather wallet left on seat 12.',
    };
    const sent = await fetch(`${server.url}/api/lostItems/createLostItem`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
    });
    expect(sent.status).toBe(201);
    await page.getByRole('menuitem', { name: m.menu.lostItems }).click();
    const row = page.locator('tr', { hasText: 'Musa' });
    await row.getByText(m.choices.wallet).waitFor();
    expect(await row.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText(m.delete.confirm.lostItems).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: m.ui.delete.yes.lostItems }).click();
    await notice('Lost-item report has been successfully deleted.');
    await row.waitFor({ state: 'detached' });
  });
});
