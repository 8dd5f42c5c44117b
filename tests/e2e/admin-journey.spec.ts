// The staff journey in real Chromium against the real server, in English and in Arabic (right to left):
// sign in from a staff URL, create a company, a bus and a trip, find the trip in the public search, cancel
// it (its status turns to "Cancelled"), delete it after the confirmation, see the 409 refusal when deleting
// a company that still owns a bus, and log out to the public home page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { en } from '../../shared/i18n/admin/en.ts';
import { ARABIC_NAMES } from '../../server/demo/demo-data.ts';
import { formatDay } from '../../shared/i18n/format.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { cityId, staffToken } from './helpers/api.ts';
import { waitForNotice as notice } from './helpers/admin.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensureAdminBuilt } from './helpers/build.ts';
import { startServer, STAFF, type TestServer } from './helpers/server.ts';

type Tree = { [key: string]: Tree | string };

/** The app's own strings, so the test reads the page in either language. */
function translator(messages: unknown) {
  return (key: string, vars: Record<string, string | number> = {}) => {
    const found = key
      .split('.')
      .reduce<Tree | string | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        messages as Tree,
      );
    if (typeof found !== 'string') throw new Error(`no message ${key}`);
    return found.replace(/%\{(\w+)\}/g, (_, name: string) => String(vars[name]));
  };
}

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ensureAdminBuilt();
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const inDays = (days: number) =>
  new Date(Date.parse(`${khartoumToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: false }).click();
}

describe.each([
  { lang: 'en', messages: en, days: 40 },
  { lang: 'ar', messages: ar, days: 41 },
])('staff journey ($lang)', ({ lang, messages, days }) => {
  const t = translator(messages);
  const label = (resource: string, field: string) => t(`resources.${resource}.fields.${field}`);
  const suffix = `${lang}-${Date.now().toString(36)}`;
  const company = {
    name: `E2E Lines ${suffix}`,
    phone: '0912000111',
    email: `ops-${suffix}@e2e.example`,
    tin: `TIN-${suffix}`,
  };
  const busNumber = `E2E-${suffix}`;
  const tripDate = inDays(days);
  let page: Page;

  beforeAll(async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 960 },
      locale: 'en-GB',
    });
    page = await context.newPage();
  });

  it('a staff URL asks for sign-in, remembers where it was, and comes back there', async () => {
    await page.goto('/companies?page=1');
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/companies?page=1');
    if (lang === 'ar') {
      await page.getByTestId('language-switcher').click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
      expect(await page.evaluate(() => localStorage.getItem('rihla.lang'))).toBe('ar');
    }
    await page.getByRole('heading', { name: t('rihla.login.title') }).waitFor();
    await page.locator('input[name=email]').fill(STAFF.email);
    await page.locator('input[name=password]').fill(STAFF.password);
    await page.getByRole('button', { name: t('rihla.login.submit') }).click();
    await page.waitForURL('**/companies?page=1');
    await page
      .getByTestId('welcome')
      .filter({ hasText: t('rihla.appbar.welcome', { name: 'Rihla Admin' }) })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
  });

  it('lays the page out in the reading direction', async () => {
    const sidebar = await page.locator('.RaSidebar-fixed').boundingBox();
    expect(sidebar).not.toBeNull();
    const centre = sidebar!.x + sidebar!.width / 2;
    if (lang === 'ar') expect(centre).toBeGreaterThan(720);
    else expect(centre).toBeLessThan(720);
    await page.getByRole('menuitem', { name: t('rihla.menu.trips') }).waitFor();
  });

  it('creates a company (spec URL /create-company) and lands on the companies list', async () => {
    await page.goto('/create-company');
    await page.waitForURL('**/companies/create');
    await page.locator('input[name=company_name]').fill(company.name);
    await page.locator('input[name=company_phone]').fill(company.phone);
    await page.locator('input[name=company_email]').fill(company.email);
    await page.locator('input[name=company_tin]').fill(company.tin);
    await page.getByRole('button', { name: t('ra.action.save') }).click();
    await notice(page, t('resources.companies.notifications.created'));
    await page.waitForURL(/\/companies$/);
  });

  it('creates a bus owned by that company', async () => {
    await page.getByRole('menuitem', { name: t('rihla.menu.buses') }).click();
    await page.getByRole('link', { name: t('ra.action.create') }).click();
    await page.waitForURL('**/buses/create');
    await page.locator('input[name=bus_number]').fill(busNumber);
    await choose(page, label('buses', 'bus_owner_companyId'), company.name);
    await page.locator('input[name=bus_number_of_seats]').fill('30');
    await choose(page, label('buses', 'bus_status'), t('rihla.choices.In Service'));
    await page.locator('input[name=date_ofLast_oil_service]').fill(inDays(-3));
    await page.getByRole('button', { name: t('ra.action.save') }).click();
    await notice(page, t('resources.buses.notifications.created'));
    await page.waitForURL(/\/buses$/);
  });

  it('creates a trip on that bus, which the public search then finds', async () => {
    await page.goto('/create-trip');
    await page.waitForURL('**/trips/create');
    await choose(
      page,
      label('trips', 'busId'),
      t('rihla.buses.label', { number: busNumber, company: company.name }),
    );
    // Cities are named in the page's language (demo data has both names).
    const city = (name: string) => (lang === 'ar' ? ARABIC_NAMES[name] : name);
    await choose(page, label('trips', 'trip_originId'), city('Khartoum'));
    await choose(page, label('trips', 'trip_destinationId'), city('Kassala'));
    await page.locator('input[name=trip_date]').fill(tripDate);
    await choose(page, label('trips', 'trip_boarding_time'), t('rihla.choices.7:00 pm'));
    await page.getByRole('combobox', { name: label('trips', 'trip_ticket_priceId') }).click();
    await page.getByRole('option').nth(1).click();
    await page.getByRole('button', { name: t('ra.action.save') }).click();
    await notice(page, t('resources.trips.notifications.created'));
    // It lands on the new trip's page (the list opens on today's trips: this one is weeks away).
    await page.waitForURL(/\/trips\/[^/]+\/show$/);
    await page.getByText(busNumber).first().waitFor();
    await page
      .getByRole('heading')
      .filter({ hasText: formatDay(tripDate, lang) })
      .waitFor();

    const query = new URLSearchParams({
      origin: await cityId(server.url, 'origin', 'Khartoum'),
      destination: await cityId(server.url, 'destination', 'Kassala'),
      date: tripDate,
    });
    const found = await (await fetch(`${server.url}/api/trips/filterTrips?${query}`)).json();
    expect(found.map((trip: { busId: { bus_number: string } }) => trip.busId.bus_number)).toContain(
      busNumber,
    );
  });

  it('cancels the trip after a confirmation naming it: its status turns to "Cancelled"', async () => {
    // The list starts at today's trips: the search by plate finds this one, forty days out.
    await page.getByRole('menuitem', { name: t('rihla.menu.trips') }).click();
    await page.waitForURL(/\/trips(\?.*)?$/);
    await page.getByLabel(t('rihla.ui.trips.search_bus')).fill(busNumber);
    await page.getByRole('option', { name: busNumber }).click();
    const row = page.locator('tr', { hasText: busNumber });
    await row.getByRole('button', { name: t('rihla.ui.actions.cancel_trip') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('cancel-facts').filter({ hasText: busNumber }).waitFor();
    await dialog.getByRole('button', { name: t('rihla.ui.cancel.trip_yes') }).click();
    const [before, after] = t('rihla.trips.cancel_success', { name: '\u0000' }).split('\u0000');
    await page
      .getByRole('alert')
      .filter({ hasText: before.trim() })
      .filter({ hasText: after.trim() })
      .waitFor();
    await row
      .getByTestId('record-status')
      .filter({ hasText: t('rihla.ui.status.cancelled') })
      .waitFor();
    expect(await row.getByRole('button', { name: t('rihla.ui.actions.cancel_trip') }).count()).toBe(0);
    // Where the Cancel button was: the spec's "Cancelled", disabled.
    expect(await row.getByRole('button', { name: t('rihla.ui.cancel.trip_done') }).isDisabled()).toBe(true);
  });

  it('deletes the trip after the spec’s confirmation', async () => {
    const row = page.locator('tr', { hasText: busNumber });
    await row.getByRole('button', { name: t('rihla.ui.actions.delete') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(t('rihla.delete.confirm.trips')).waitFor();
    await dialog.getByRole('button', { name: t('rihla.ui.delete.yes.trips') }).click();
    await notice(page, t('resources.trips.notifications.deleted'));
    await row.waitFor({ state: 'detached' });
  });

  it('refuses to delete a company that still owns a bus, saying why (409)', async () => {
    await page.getByRole('menuitem', { name: t('rihla.menu.companies') }).click();
    await page.getByPlaceholder(t('ra.action.search')).fill(company.name);
    const row = page.locator('tr', { hasText: company.name });
    await row.getByRole('button', { name: t('rihla.ui.actions.delete') }).click();
    await page.getByRole('dialog').getByText(t('rihla.delete.confirm.companies')).waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('rihla.ui.delete.yes.companies') })
      .click();
    // The server's own words (asking it directly changes nothing: the delete is refused the same way).
    const token = await staffToken(server.url);
    const [owner] = await (
      await fetch(`${server.url}/api/companies/getAllCompanies?q=${encodeURIComponent(company.name)}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json();
    const refusal = await fetch(`${server.url}/api/companies/deleteCompany/${owner._id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refusal.status).toBe(409);
    const reason =
      lang === 'en'
        ? (await refusal.json()).message
        : t('rihla.errors.in_use', {
            name: t('resources.companies.name').split(' |||| ')[1],
            list: t('rihla.errors.in_use_item', {
              name: t('resources.buses.name').split(' |||| ')[2],
              count: 1,
            }),
          });
    await notice(page, reason);
    expect(await row.count()).toBe(1);
  });

  it('logs out to the public home page; staff pages then ask for sign-in again', async () => {
    await page.getByTestId('logout').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/dashboard');
    await page.waitForURL('**/login?redirect=%2Fdashboard');
    await page.getByRole('button', { name: t('rihla.login.submit') }).waitFor();
    await page.context().close();
  });
});
