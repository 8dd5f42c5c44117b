// The public screens issue 13 changed, in real Chromium against the real server, at 1280×800 and on a phone
// (390×844, touch) in English and Arabic: the home page's search and its results (the route and day restated,
// seats left), the seat step (the limit said where the fourth seat was tapped, the bar with the seats, the
// total and Continue on screen, no word about arrow keys for touch), the payment-proof picker in the page's
// language (camera or gallery on a phone), and the lost-item form refused empty (fields marked, focus on the
// first). Each screen is held to no horizontal overflow and no critical, serious or moderate axe finding,
// and saved as a PNG (SCREENS_DIR, /tmp/screens by default) for people to look at. The server runs without
// OPERATOR_*: it says so at start, and the contact page promises no details.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content as arContent } from '../../shared/i18n/public/content.ar.ts';
import { content as enContent } from '../../shared/i18n/public/content.en.ts';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en, type PublicMessages } from '../../shared/i18n/public/en.ts';
import { ARABIC_NAMES } from '../../server/demo/demo-data.ts';
import { tomorrow } from './helpers/api.ts';
import { axeFindings } from './helpers/axe.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensurePublicSiteBuilt } from './helpers/build.ts';
import { fill, fillPassenger, proofInput } from './helpers/journey.ts';
import { fitsTheScreen } from './helpers/layout.ts';
import { PAYMENT_ENV, proofImage } from './helpers/payment.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const DIR = process.env.SCREENS_DIR || '/tmp/screens';
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ensurePublicSiteBuilt();
  fs.mkdirSync(DIR, { recursive: true });
  server = await startServer({ ...PAYMENT_ENV });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function check(page: Page, name: string, fullPage = true) {
  await fitsTheScreen(page, 'main, .card, .hero, .seat-bar');
  expect((await axeFindings(page)).map((f) => `${f.rule}: ${f.targets.join(', ')}`)).toEqual([]);
  await page.screenshot({ path: path.join(DIR, `public13-${name}.png`), fullPage });
}

const inView = async (page: Page, selector: string) => {
  const box = (await page.locator(selector).boundingBox())!;
  const height = page.viewportSize()!.height;
  return box.y >= 0 && box.y + box.height <= height + 1;
};

describe('the server without OPERATOR_*', () => {
  it('says at start what travellers miss and where an admin sets it', () => {
    expect(server.output()).toMatch(
      /not set: contact phone or e-mail.*set them in the back-office's Settings/,
    );
  });
});

describe.each([
  ['en', en, enContent, '', { from: 'Khartoum', to: 'Kassala' }],
  ['ar', ar, arContent, '?lang=ar', { from: ARABIC_NAMES.Khartoum, to: ARABIC_NAMES.Kassala }],
] as const)('public screens (%s)', (lang, m: PublicMessages, text, query, cities) => {
  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('on a %s', async (size) => {
    const context: BrowserContext = await browser.newContext({
      baseURL: server.url,
      ...VIEWPORTS[size],
      locale: lang === 'ar' ? 'ar-SD' : 'en-GB',
    });
    const page = await context.newPage();
    const tag = `${lang}-${size}`;
    const phone = size === 'phone';
    try {
      // Home: the search in the hero; the results under it restate the route and the day, with seats left.
      await page.goto(`/${query}`);
      const form = page.getByRole('form', { name: m.search.formLabel });
      await form.waitFor();
      expect(await page.locator('.hero').getByRole('form').count()).toBe(1);
      await check(page, `home-${tag}`, false);
      for (const [label, city] of [
        [m.search.origin, cities.from],
        [m.search.destination, cities.to],
      ]) {
        await page.getByRole('combobox', { name: label }).fill(city.slice(0, 3));
        await page.getByRole('option', { name: city, exact: true }).click();
      }
      await page.getByLabel(m.search.date).fill(tomorrow());
      await page.getByRole('button', { name: m.search.submit, exact: true }).click();
      const results = page.getByRole('region', { name: m.search.resultsTitle });
      await results.waitFor();
      expect(await results.locator('.results-route').textContent()).toContain(
        fill(m.trip.route, { origin: cities.from, destination: cities.to }),
      );
      expect(await results.locator('.seats-left').count()).toBeGreaterThan(0);
      expect(await page.locator('.offer').count()).toBe(4);
      expect(await page.getByRole('link', { name: m.home.bookTickets }).count()).toBe(1);
      await check(page, `home-results-${tag}`);

      // Seats: three chosen, a fourth tapped far down the bus; the limit is said where the tap happened.
      await results.getByRole('link', { name: m.trip.reserveSeat }).last().click();
      await page.locator('.seat.available').first().waitFor();
      const free = page.locator('.seat.available');
      const tap = (index: number) => (phone ? free.nth(index).tap() : free.nth(index).click());
      for (let i = 0; i < 3; i++) await tap(0);
      const far = (await free.count()) - 2;
      await tap(far);
      const limit = page.getByRole('alert').filter({ hasText: m.seats.limit });
      await limit.waitFor();
      expect(await inView(page, '.seat-note')).toBe(true);
      // The bar is on screen, at its bottom, with three seats, their total and Continue.
      const bar = page.getByRole('group', { name: m.seats.barLabel });
      expect(await inView(page, '.seat-bar')).toBe(true);
      const barBox = (await bar.boundingBox())!;
      expect(Math.round(barBox.y + barBox.height)).toBe(page.viewportSize()!.height);
      expect(await bar.getByRole('button', { name: m.common.continue }).isEnabled()).toBe(true);
      expect(await bar.textContent()).toMatch(new RegExp(m.seats.barTotal.split('{')[0]));
      // Touch users are told nothing about arrow keys.
      if (phone) expect(await page.getByText(m.seats.keyboardHelp).count()).toBe(0);
      await check(page, `seats-${tag}`, false);

      // The payment proof: buttons in the page's language; camera or gallery on a phone.
      await bar.getByRole('button', { name: m.common.continue }).click();
      await fillPassenger(page, m, { firstName: 'Amna', lastName: 'Osman', phone: '0912000777' });
      const picker = page.getByRole('group', { name: m.proof.label });
      await picker.scrollIntoViewIfNeeded();
      const buttons = await picker.locator('.file-button').allTextContents();
      expect(buttons).toEqual(phone ? [m.proof.camera, m.proof.gallery] : [m.proof.choose]);
      await check(page, `proof-${tag}`, false);
      await proofInput(page, m).setInputFiles(proofImage('receipt.png'));
      await picker.locator('.proof-ready').waitFor();
      await picker.scrollIntoViewIfNeeded();
      await check(page, `proof-ready-${tag}`, false);

      // The lost-item form sent empty: every required field marked, focus on the first.
      await page.goto('/lost-item-report');
      const lost = page.locator('form');
      await lost.getByRole('button', { name: m.forms.submit }).click();
      await page.getByRole('alert').filter({ hasText: m.forms.missing }).waitFor();
      const firstName = lost.getByLabel(text.lostItem.fields.first_name);
      await expect.poll(() => firstName.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await firstName.getAttribute('aria-invalid')).toBe('true');
      expect(await lost.locator('[aria-invalid="true"]').count()).toBe(7);
      await check(page, `lost-item-${tag}`);

      // Without OPERATOR_*, the contact page sends travellers to the forms instead of promising details.
      await page.goto('/contact-us');
      await page.getByText(text.contact.customerService.noDetails).waitFor();
      expect(await page.getByText(text.contact.customerService.text).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
