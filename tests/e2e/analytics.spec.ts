// The Figures screen in real Chromium against the real server: a company of its own with one trip tomorrow on
// a bus of 10 seats, 4 seats sold at the counter through the API. A manager opens Figures in Arabic, picks
// tomorrow and the company, reads 40 % on the route's bar and the trip's row, and downloads the CSV. With
// Sales and Settlement tabs read the same sale from the ledger (today's money), and the settlement's PDF
// statement names the company and its amount. With
// RIHLA_SHOTS=<dir>, the screen is photographed on a phone and a desktop in both languages.
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, khartoumToday } from '../../shared/rules.ts';
import { adminWords, DESKTOP, PHONE, staffCall, staffPage } from './helpers/admin-payments.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensureAdminBuilt } from './helpers/build.ts';
import { pdfText } from './helpers/journey.ts';
import { startServer, type TestServer } from './helpers/server.ts';

type Doc = Record<string, any>;
/** A directory to photograph the screen into, at both sizes in both languages. */
const SHOTS = process.env.RIHLA_SHOTS;
let server: TestServer;
let browser: Browser;
let company: Doc;
let price: Doc;
const tomorrow = addDays(khartoumToday(), 1);

beforeAll(async () => {
  await ensureAdminBuilt();
  server = await startServer();
  browser = await launchBrowser();
  const stamp = Date.now().toString(36);
  const call = <T = Doc>(path: string, body: unknown) => staffCall<T>(server.url, 'POST', path, body);
  company = await call('/api/companies/createCompany', {
    company_name: `Atbara Lines ${stamp}`,
    company_name_ar: `خطوط عطبرة ${stamp}`,
    company_phone: '0912345678',
    company_email: `a${stamp}@example.com`,
    company_tin: `TIN-A-${stamp}`,
  });
  const origin = await call('/api/origins/createOrigin', {
    origin_city: `Atbara ${stamp}`,
    origin_city_ar: `عطبرة ${stamp}`,
  });
  const destination = await call('/api/destination/createDestination', {
    destination_city: `Shendi ${stamp}`,
    destination_city_ar: `شندي ${stamp}`,
  });
  price = await call('/api/prices/createPrice', { price: 9_000 + (Date.now() % 1000) });
  const bus = await call('/api/buses/createBus', {
    bus_number: `AN-${stamp}`,
    bus_owner_companyId: company._id,
    bus_number_of_seats: 10,
    bus_status: 'In Service',
    date_ofLast_oil_service: '2026-10-01',
  });
  const trip = await call('/api/trips/createTrip', {
    busId: bus._id,
    trip_originId: origin._id,
    trip_destinationId: destination._id,
    trip_date: tomorrow,
    trip_boarding_time: '9:00 am',
    trip_ticket_priceId: price._id,
  });
  for (const seats of [
    [1, 2],
    [3, 4],
  ])
    await call('/api/bookings/counterSale', {
      tripId: trip._id,
      seats,
      passengerInfo: { firstName: 'Amna', lastName: 'Osman', phone: '0912345678', email: '' },
      paymentMethod: 'cash',
    });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Figures (occupancy)', () => {
  for (const [lang, viewport, size] of [
    ['ar', PHONE, 'phone'],
    ['en', DESKTOP, 'desktop'],
    ...(SHOTS
      ? ([
          ['ar', DESKTOP, 'desktop'],
          ['en', PHONE, 'phone'],
        ] as const)
      : []),
  ] as const)
    it(`shows a company's occupancy for a day and downloads it (${lang}, ${size})`, async () => {
      const page = await staffPage(browser, server.url, lang, viewport);
      const words = adminWords(lang);
      await page.goto('/analytics');
      await page.getByTestId('analytics-from').fill(tomorrow);
      await page.getByTestId('analytics-to').fill(tomorrow);
      await page.getByLabel(words('rihla.analytics.company')).click();
      await page
        .getByRole('option', { name: lang === 'ar' ? company.company_name_ar : company.company_name })
        .click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('occupancy-total').textContent()).toBe('40%');
      expect(await page.getByTestId('occupancy-sold').textContent()).toBe(
        words('rihla.analytics.seats_sold_of', { sold: '4', offered: '10' }),
      );
      expect(await page.getByTestId('occupancy-routes').textContent()).toContain('40%');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/analytics-${size}-${lang}.png`, fullPage: true });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('analytics-download-csv').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`occupancy-${tomorrow}-${tomorrow}.csv`);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv).toContain('Occupancy / نسبة الإشغال');
      expect(csv).toContain('40 %');

      // Sales and settlement come from the ledger: the 4 seats were paid today, at the counter, in cash.
      const today = khartoumToday();
      await page.getByTestId('analytics-tab-sales').click();
      await page.getByTestId('analytics-from').fill(today);
      await page.getByTestId('analytics-to').fill(today);
      await expect.poll(() => page.getByTestId('sales-days').locator('li').count()).toBe(1);
      const sold = 4 * Number(price.price);
      const digits = (text: string | null) =>
        (text ?? '').replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/\D/g, '');
      expect(digits(await page.getByTestId('sales-sales').textContent())).toBe(String(sold));
      expect(await page.getByTestId('sales-methods').textContent()).toContain(
        words('rihla.payments.method.cash'),
      );
      // Bookings that ended, every reason listed (none ended here), and no trip cancelled or delayed.
      expect(await page.getByTestId('sales-cancellations').locator('li').count()).toBe(5);
      await page.getByText(words('rihla.analytics.no_disruptions')).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/sales-${size}-${lang}.png`, fullPage: true });
      await page.getByTestId('analytics-tab-settlement').click();
      await expect.poll(() => page.getByTestId('settlement-company').count()).toBe(1);
      // No commission set: all of it is owed to the company.
      expect(digits(await page.getByTestId('settlement-net-owed').textContent())).toBe(String(sold));
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/settlement-${size}-${lang}.png`, fullPage: true });
      // The company's statement as a PDF: its name and what it is owed.
      const [statement] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('analytics-download-pdf').click(),
      ]);
      expect(statement.suggestedFilename()).toBe(`settlement-${today}-${today}.pdf`);
      const printed = await pdfText(statement);
      expect(printed).toContain(company.company_name);
      expect(printed).toContain(sold.toLocaleString('en-US'));
      await page.context().close();
    });
});
