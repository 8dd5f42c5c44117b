// Company staff (issue 24) in real Chromium against the real server with its demo data (two companies): a
// manager of one company signs in and sees only that company's trips, bookings and figures — another company's
// bus numbers, ticket ids and names are nowhere on the pages; a trip of the other company is "not found"; the
// Figures screen's sales are the company's alone and its settlement PDF is a statement of that company alone
// (both companies sold at the counter today). Photographed
// at 1280×800 and 390×844 in English and Arabic (/tmp/screens/company-staff-*.png). Where the company's
// travellers pay is shown on its form but locked for a manager: an admin changes it.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, newPhone, staffCall, staffPage } from './helpers/admin-payments.ts';
import { bookThroughApi, type DemoTrip, findTrips, freeSeats, tomorrow } from './helpers/api.ts';
import { pdfText } from './helpers/journey.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensureAdminBuilt } from './helpers/build.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { settle } from './helpers/screens.ts';
import { languagesAndSizes } from './helpers/layout.ts';

const SCREENS = '/tmp/screens';
let server: TestServer;
let browser: Browser;
type CompanyTrip = DemoTrip & { busId: { bus_owner_companyId: { _id: string } } };
let ours: CompanyTrip;
let theirs: CompanyTrip;
let ownTicket: string;
let otherTicket: string;
let otherBuses: string[];
/** Every other company's name, in English and in Arabic. */
let otherNames: string[];
let ownName: string;
const manager = { email: 'kassala.manager@rihla.test', password: 'copper lagoon kassala 1' };

beforeAll(async () => {
  ensureAdminBuilt();
  server = await startServer();
  browser = await launchBrowser();
  const trips = [
    ...(await findTrips(server.url, 'Khartoum', 'Kassala', tomorrow())),
    ...(await findTrips(server.url, 'Khartoum', 'Port Sudan', tomorrow())),
    ...(await findTrips(server.url, 'Kassala', 'Khartoum', tomorrow())),
  ] as CompanyTrip[];
  ours = trips[0];
  theirs = trips.find((trip) => companyOf(trip) !== companyOf(ours))!;
  expect(theirs, 'the demo data has two companies').toBeDefined();
  const buses = await staffCall<{ bus_number: string; bus_owner_companyId: { _id: string } | string }[]>(
    server.url,
    'GET',
    '/api/buses/getAllBuses',
  );
  const ownerOf = (bus: (typeof buses)[number]) =>
    typeof bus.bus_owner_companyId === 'string' ? bus.bus_owner_companyId : bus.bus_owner_companyId._id;
  otherBuses = buses.filter((bus) => ownerOf(bus) !== companyOf(ours)).map((bus) => bus.bus_number);
  ownTicket = (await bookThroughApi(server.url, ours, freeSeats(ours, 1), newPhone())).booking.ticketId;
  otherTicket = (await bookThroughApi(server.url, theirs, freeSeats(theirs, 1), newPhone())).booking.ticketId;
  // Money today for both companies: a seat each sold at the counter, in cash.
  for (const trip of [ours, theirs])
    await staffCall(server.url, 'POST', '/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [freeSeats(trip, 2)[1]],
      passengerInfo: { firstName: 'Amna', lastName: 'Osman', phone: newPhone(), email: '' },
      paymentMethod: 'cash',
    });
  const companies = await staffCall<{ _id: string; company_name: string; company_name_ar?: string }[]>(
    server.url,
    'GET',
    '/api/companies/getAllCompanies',
  );
  ownName = companies.find((c) => c._id === companyOf(ours))!.company_name;
  otherNames = companies
    .filter((c) => c._id !== companyOf(ours))
    .flatMap((c) => [c.company_name, c.company_name_ar ?? ''])
    .filter(Boolean);
  await staffCall(server.url, 'POST', '/api/auth/register', {
    username: 'kassalamanager',
    first_name: 'Osman',
    last_name: 'Kheir',
    phone_number: newPhone(),
    email: manager.email,
    password: manager.password,
    password_confirm: manager.password,
    role: 'manager',
    companyId: companyOf(ours),
  });
  fs.mkdirSync(SCREENS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ownBus = () => (ours.busId as unknown as { bus_number: string }).bus_number;
const others = (text: string) =>
  [otherTicket, ...otherBuses, ...otherNames].filter((marker) => text.includes(marker));
const companyOf = (trip: CompanyTrip) => trip.busId.bus_owner_companyId._id;

describe('a company’s manager', () => {
  let page: Page;
  beforeAll(async () => {
    page = await staffPage(browser, server.url, 'en', DESKTOP, manager);
  });
  afterAll(() => page?.context().close());

  it('sees only the company’s bookings', async () => {
    await page.goto('/bookings');
    await page.getByText(ownTicket).first().waitFor();
    expect(others(await page.locator('body').innerText())).toEqual([]);
  });

  it('sees only the company’s trips', async () => {
    await page.goto('/trips');
    await page.locator('.RaDatagrid-row, .MuiCard-root tbody tr').first().waitFor();
    const text = await page.locator('body').innerText();
    expect(others(text)).toEqual([]);
    expect(text).toMatch(/\S/);
  });

  it('sees only the company’s figures, and downloads a settlement of the company alone', async () => {
    const today = khartoumToday();
    const sales = (companyId?: string) =>
      staffCall<{ totals: { sales: number } }>(
        server.url,
        'GET',
        `/api/analytics/sales?from=${today}&to=${today}${companyId ? `&companyId=${companyId}` : ''}`,
      );
    const own = (await sales(companyOf(ours))).totals.sales;
    expect(own).toBeGreaterThan(0);
    expect((await sales()).totals.sales).toBeGreaterThan(own);
    await page.goto('/analytics');
    await page.getByTestId('analytics-tab-sales').click();
    await page.getByTestId('analytics-from').fill(today);
    await page.getByTestId('analytics-to').fill(today);
    const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');
    await expect
      .poll(async () => digits(await page.getByTestId('sales-sales').textContent()))
      .toBe(String(own));
    expect(others(await page.locator('body').innerText())).toEqual([]);
    await page.getByTestId('analytics-tab-settlement').click();
    await expect.poll(() => page.getByTestId('settlement-company').count()).toBe(1);
    expect(others(await page.locator('body').innerText())).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('analytics-download-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`settlement-${today}-${today}.pdf`);
    const statement = await pdfText(download);
    expect(statement).toContain(ownName);
    expect(others(statement)).toEqual([]);
  });

  it('reads where its travellers pay but cannot change it: an admin does', async () => {
    await page.goto(`/companies/${companyOf(ours)}`);
    const locked = page.locator('fieldset[data-locked=ADMIN_ONLY]');
    await locked.first().waitFor();
    expect(await locked.count()).toBe(3);
    for (const name of ['company_bankak_account', 'company_account_name', 'company_wallets'])
      expect(
        await page
          .locator(`fieldset[data-locked] input[name=${name}], fieldset[data-locked] textarea[name=${name}]`)
          .first()
          .isDisabled(),
      ).toBe(true);
    // The rest of the company's form is the manager's to edit.
    expect(await page.locator('input[name=company_phone]').isDisabled()).toBe(false);
  });

  it('finds another company’s trip not there', async () => {
    const answer = page.waitForResponse((response) =>
      response.url().includes(`/api/trips/getTrip/${theirs._id}`),
    );
    await page.goto(`/trips/${theirs._id}/show`);
    expect((await answer).status()).toBe(404);
  });
});

describe('screens', () => {
  for (const { lang, size, viewport } of languagesAndSizes())
    it(`shows the trips of one company (${lang}, ${size})`, async () => {
      const page = await staffPage(browser, server.url, lang, viewport, manager);
      await page.goto('/trips');
      // The company's trips are listed: rows on a desktop; on a phone, cards (its own trip's bus among them).
      if (size === 'desktop') await page.locator('.RaDatagrid-row').first().waitFor();
      else await page.getByText(ownBus()).first().waitFor();
      await settle(page);
      expect(others(await page.locator('body').innerText())).toEqual([]);
      await page.screenshot({ path: `${SCREENS}/company-staff-trips-${lang}-${size}.png` });
      await page.goto('/bookings');
      await page.getByText(ownTicket).first().waitFor();
      await settle(page);
      await page.screenshot({ path: `${SCREENS}/company-staff-bookings-${lang}-${size}.png` });
      await page.goto(`/companies/${companyOf(ours)}`);
      await page.locator('fieldset[data-locked=ADMIN_ONLY]').first().waitFor();
      await page.locator('fieldset[data-locked=ADMIN_ONLY]').first().scrollIntoViewIfNeeded();
      await settle(page);
      await page.screenshot({ path: `${SCREENS}/company-staff-company-${lang}-${size}.png` });
      await page.context().close();
    });
});
