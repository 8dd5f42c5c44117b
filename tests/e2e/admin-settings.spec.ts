// An operator's first day: the server starts with no OPERATOR_* or PAYMENT_* variables, so travellers are told
// to "contact the operator" and the contact page shows nothing. An admin sets the contact details and the
// payment accounts in the back-office's Settings (in Arabic, right to left); travellers then see them on the
// contact page and on the booking form, with no restart. A bad phone is refused beside its field.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { en as publicEn } from '../../shared/i18n/public/en.ts';
import { findTrips, freeSeats } from './helpers/api.ts';
import { launchBrowser, phoneContext } from './helpers/browser.ts';
import { ensureAdminBuilt, ensurePublicSiteBuilt } from './helpers/build.ts';
import { fillPassenger, seatButton } from './helpers/journey.ts';
import { startPaymentServer, type PaymentServer } from './helpers/payment.ts';
import { STAFF } from './helpers/server.ts';

const NOTHING = { PAYMENT_BANKAK_ACCOUNT: '', PAYMENT_ACCOUNT_NAME: '', PAYMENT_WALLETS: '' };
const words = ar.rihla.settings.operator;

let server: PaymentServer;
let browser: Browser;

beforeAll(async () => {
  ensureAdminBuilt();
  ensurePublicSiteBuilt();
  server = await startPaymentServer(NOTHING);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signInArabic(page: Page) {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('rihla.lang', 'ar'));
  await page.goto('/login?redirect=/setting');
  await page.locator('input[name=email]').fill(STAFF.email);
  await page.locator('input[name=password]').fill(STAFF.password);
  await page.getByRole('button', { name: ar.rihla.login.submit }).click();
  await page.waitForURL('**/setting');
}

describe('what travellers see, set in Settings', () => {
  it('warned at start that travellers have nowhere to pay', () => {
    expect(server.output()).toMatch(/not set: contact phone or e-mail; payment account/);
  });

  it('an admin sets contact and payment details in Arabic; a wrong phone is refused first', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInArabic(page);
    const card = page.getByTestId('operator-settings');
    await card.getByRole('heading', { name: words.title }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    await card.getByLabel(words.operator_phone).fill('12345');
    await card.getByRole('button', { name: words.save }).click();
    await card.getByText(ar.rihla.validation.settings.phone).waitFor();

    await card.getByLabel(words.operator_phone).fill('0912 345 678');
    await card.getByLabel(words.operator_email).fill('desk@rihla.example');
    await card.getByLabel(words.payment_bankak_account).fill('3041227700915');
    await card.getByLabel(words.payment_account_name).fill('شركة رحلة للسفريات');
    await card.getByRole('button', { name: ar.ra.action.add }).click();
    await card.getByLabel(words.wallet_name).fill('فوري');
    await card.getByLabel(words.wallet_number).fill('0998765432');
    await card.getByRole('button', { name: words.save }).click();
    await card.getByRole('status').filter({ hasText: words.saved }).waitFor();
    await context.close();
  });

  it('travellers see them on the contact page and on the booking form, without a restart', async () => {
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/contact-us');
    await page.getByRole('link', { name: '0912345678' }).waitFor();
    await page.getByRole('link', { name: 'desk@rihla.example' }).waitFor();

    const [trip] = await findTrips(server.url, 'Khartoum', 'Port Sudan');
    const [seat] = freeSeats(trip, 1);
    const m = publicEn;
    await page.goto(`/trip-details/${trip._id}`);
    await seatButton(page, m, seat, 'available').click();
    await page.getByRole('button', { name: m.common.continue }).click();
    await fillPassenger(page, m, { firstName: 'Hiba', lastName: 'Salih', phone: '0911222333' });
    await page.getByLabel(m.payment.later).check();
    const payTo = page.locator('.pay-to').first();
    await payTo.getByText('3041227700915').waitFor();
    await payTo.getByText('شركة رحلة للسفريات').waitFor();
    await payTo.getByText('0998765432').waitFor();
    expect(await payTo.textContent()).not.toContain(m.payment.contactOperator);
    await context.close();
  });
});
