// Conductors assigned to trips (issue 24) in real Chromium against the real server with its demo data: a
// company's manager opens one of the company's trips, sees that no conductor is assigned, assigns the
// company's conductor to the trip from its page and takes the assignment back; the conductor's account lists
// that trip alone. Photographed at 1366×900 and 390×844 in English and Arabic (/tmp/shots/h24-conductors/).
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWords, type Lang, newPhone, PHONE, staffCall, staffPage } from './helpers/admin-payments.ts';
import { type DemoTrip, findTrips, tomorrow } from './helpers/api.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensureAdminBuilt } from './helpers/build.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { settle } from './helpers/screens.ts';

const SHOTS = '/tmp/shots/h24-conductors';
const DESKTOP = { width: 1366, height: 900 };
let server: TestServer;
let browser: Browser;
type CompanyTrip = DemoTrip & { busId: { bus_owner_companyId: { _id: string } } };
let trip: CompanyTrip;
const manager = { email: 'madani.manager@rihla.test', password: 'copper lagoon madani 2' };
const conductor = { email: 'madani.conductor@rihla.test', password: 'acacia ferry madani 3' };
let conductorId: string;

beforeAll(async () => {
  ensureAdminBuilt();
  server = await startServer();
  browser = await launchBrowser();
  [trip] = (await findTrips(server.url, 'Khartoum', 'Kassala', tomorrow())) as CompanyTrip[];
  const companyId = trip.busId.bus_owner_companyId._id;
  for (const [who, role, first] of [
    [manager, 'manager', 'Osman'],
    [conductor, 'conductor', 'Idris'],
  ] as const) {
    const account = await staffCall<{ _id: string }>(server.url, 'POST', '/api/auth/register', {
      username: `${role}${Date.now().toString(36)}`,
      first_name: first,
      last_name: 'Kheir',
      phone_number: newPhone(),
      email: who.email,
      password: who.password,
      password_confirm: who.password,
      role,
      companyId,
    });
    if (role === 'conductor') conductorId = account._id;
  }
  fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const assignments = () =>
  staffCall<{ userId: string }[]>(server.url, 'GET', `/api/conductors/getAssignments?tripId=${trip._id}`);

describe('a trip’s conductors on its page', () => {
  for (const lang of ['en', 'ar'] as Lang[])
    it(`a company manager assigns the company’s conductor and takes them off (${lang})`, async () => {
      const w = adminWords(lang);
      const page: Page = await staffPage(browser, server.url, lang, DESKTOP, manager);
      await page.goto(`/trips/${trip._id}/show`);
      await page.getByText(w('rihla.conductors.none')).waitFor();
      await page.getByLabel(w('rihla.conductors.conductor')).click();
      await page.getByRole('option', { name: /Idris Kheir/ }).click();
      await page.getByRole('button', { name: w('rihla.conductors.assign'), exact: true }).click();
      await page.getByText(w('rihla.conductors.assigned')).waitFor();
      expect((await assignments()).map((a) => a.userId)).toEqual([conductorId]);
      await page.getByText(/Idris Kheir · /).waitFor();
      await settle(page);
      await page.screenshot({ path: `${SHOTS}/trip-conductors-${lang}-desktop.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      await settle(page);
      await page.screenshot({ path: `${SHOTS}/trip-conductors-${lang}-phone.png`, fullPage: true });
      await page
        .locator(`button[aria-label="${w('rihla.conductors.unassign', { name: 'Idris Kheir' })}"]`)
        .evaluate((button: HTMLButtonElement) => button.click());
      await page.getByText(w('rihla.conductors.none')).waitFor();
      expect(await assignments()).toEqual([]);
      await page.context().close();
      // The conductor's list of trips, once assigned: this one alone.
      const assigned = await staffCall<{ _id: string }>(server.url, 'POST', '/api/conductors/assign', {
        userId: conductorId,
        tripId: trip._id,
      });
      const own = await staffPage(browser, server.url, lang, PHONE, conductor);
      const answer = own.waitForResponse((response) => response.url().includes('/api/trips/getAllTrips'));
      await own.goto('/trips');
      expect(((await (await answer).json()) as { _id: string }[]).map((t) => t._id)).toEqual([trip._id]);
      await settle(own);
      await own.screenshot({ path: `${SHOTS}/conductor-trips-${lang}-phone.png` });
      await own.context().close();
      await staffCall(server.url, 'DELETE', `/api/conductors/unassign/${assigned._id}`);
    });
});
