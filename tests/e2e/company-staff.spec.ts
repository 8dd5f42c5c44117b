// Company staff (issue 24) in real Chromium against the real server with its demo data (two companies): a
// manager of one company signs in and sees only that company's trips and bookings — another company's bus
// numbers and ticket ids are nowhere on the pages; a trip of the other company is "not found". Photographed
// at 1280×800 and 390×844 in English and Arabic (/tmp/screens/company-staff-*.png).
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, type Lang, newPhone, PHONE, staffCall, staffPage } from './helpers/admin-payments.ts';
import { bookThroughApi, type DemoTrip, findTrips, freeSeats, tomorrow } from './helpers/api.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensureAdminBuilt } from './helpers/build.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { settle } from './helpers/screens.ts';

const SCREENS = '/tmp/screens';
let server: TestServer;
let browser: Browser;
type CompanyTrip = DemoTrip & { busId: { bus_owner_companyId: { _id: string } } };
let ours: CompanyTrip;
let theirs: CompanyTrip;
let ownTicket: string;
let otherTicket: string;
let otherBuses: string[];
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
  const company = (trip: CompanyTrip) => trip.busId.bus_owner_companyId._id;
  theirs = trips.find((trip) => company(trip) !== company(ours))!;
  expect(theirs, 'the demo data has two companies').toBeDefined();
  const buses = await staffCall<{ bus_number: string; bus_owner_companyId: { _id: string } | string }[]>(
    server.url,
    'GET',
    '/api/buses/getAllBuses',
  );
  const ownerOf = (bus: (typeof buses)[number]) =>
    typeof bus.bus_owner_companyId === 'string' ? bus.bus_owner_companyId : bus.bus_owner_companyId._id;
  otherBuses = buses.filter((bus) => ownerOf(bus) !== company(ours)).map((bus) => bus.bus_number);
  ownTicket = (await bookThroughApi(server.url, ours, freeSeats(ours, 1), newPhone())).booking.ticketId;
  otherTicket = (await bookThroughApi(server.url, theirs, freeSeats(theirs, 1), newPhone())).booking.ticketId;
  await staffCall(server.url, 'POST', '/api/auth/register', {
    username: 'kassalamanager',
    first_name: 'Osman',
    last_name: 'Kheir',
    phone_number: newPhone(),
    email: manager.email,
    password: manager.password,
    password_confirm: manager.password,
    role: 'manager',
    companyId: company(ours),
  });
  fs.mkdirSync(SCREENS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ownBus = () => (ours.busId as unknown as { bus_number: string }).bus_number;
const others = (text: string) => [otherTicket, ...otherBuses].filter((marker) => text.includes(marker));

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

  it('finds another company’s trip not there', async () => {
    const answer = page.waitForResponse((response) =>
      response.url().includes(`/api/trips/getTrip/${theirs._id}`),
    );
    await page.goto(`/trips/${theirs._id}/show`);
    expect((await answer).status()).toBe(404);
  });
});

describe('screens', () => {
  for (const lang of ['en', 'ar'] as Lang[])
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const)
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
        await page.context().close();
      });
});
