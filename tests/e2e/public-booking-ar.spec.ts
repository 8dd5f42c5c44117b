// The same journey in Arabic: the switcher sets <html dir="rtl" lang="ar"> and is remembered, the drawer
// opens from the right, Arabic-Indic digits are accepted, and a photo too large for the server is
// reduced in the browser before it is sent.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar as m } from '../../shared/i18n/public/ar.ts';
import { en } from '../../shared/i18n/public/en.ts';
import { MAX_UPLOAD_BYTES } from '../../shared/rules.ts';
import { freeSeats, getTrip, tomorrow } from './helpers/api.ts';
import { launchBrowser, phoneContext } from './helpers/browser.ts';
import { ensurePublicSiteBuilt } from './helpers/build.ts';
import { ARABIC_NAMES } from '../../server/demo/demo-data.ts';
import {
  cancelBooking,
  fill,
  fillPassenger,
  pdfText,
  proofInput,
  searchTrips,
  seatButton,
} from './helpers/journey.ts';
import { makePng } from './helpers/png.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { bookingByTicket, uploadBytes } from './helpers/staff.ts';

const toArabicDigits = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const price = (amount: number) =>
  fill(m.units.currency, { amount: new Intl.NumberFormat('ar-SD-u-nu-latn').format(amount) });

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ensurePublicSiteBuilt();
  server = await startServer();
  browser = await launchBrowser();
  context = await phoneContext(browser, server.url);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const htmlLangDir = () =>
  page.evaluate(() => [document.documentElement.lang, document.documentElement.dir].join(' '));

describe('public booking journey (Arabic)', () => {
  it('switches to Arabic, right to left, and remembers the choice', async () => {
    await page.goto('/');
    expect(await htmlLangDir()).toBe('en ltr');
    await page.getByRole('button', { name: en.language.switchLabel }).click();
    await page.getByRole('heading', { name: m.home.heroTitle }).waitFor();
    expect(await htmlLangDir()).toBe('ar rtl');
    expect(await page.title()).toBe(fill(m.app.pageTitle, { title: m.titles.home }));

    await page.reload();
    await page.getByRole('heading', { name: m.home.heroTitle }).waitFor();
    expect(await htmlLangDir()).toBe('ar rtl');

    // The drawer slides in from the right-hand (start) edge; Escape closes it and focus returns.
    const toggle = page.getByRole('button', { name: m.nav.menu });
    await toggle.click();
    const nav = page.getByRole('navigation', { name: m.nav.label });
    await nav.getByRole('link', { name: m.nav.cancelReservation }).waitFor();
    const rightEdge = async () => {
      const box = (await page.locator('#site-menu').boundingBox())!;
      return Math.round(box.x + box.width);
    };
    await expect.poll(rightEdge).toBe(page.viewportSize()!.width); // once it has slid in
    await page.keyboard.press('Escape');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('books with a large photo reduced in the browser, then cancels with Arabic-Indic digits', async () => {
    await page.getByRole('link', { name: m.home.bookTickets }).click();
    // The demo cities carry their Arabic names, which the page shows.
    await searchTrips(page, m, ARABIC_NAMES.Khartoum, ARABIC_NAMES.Kassala, tomorrow());
    await page.getByRole('link', { name: m.trip.reserveSeat }).last().click();
    await page.waitForURL(/\/trip-details\//);
    const trip = await getTrip(server.url, page.url().split('/trip-details/')[1]);
    const [seat] = freeSeats(trip, 1);

    await seatButton(page, m, seat, 'available').click();
    await page.getByRole('button', { name: m.common.continue }).click();
    const phone = '0912345678';
    await fillPassenger(page, m, { firstName: 'آمنة', lastName: 'عثمان', phone: toArabicDigits(phone) });
    const photo = makePng(1800, 1800, { noise: true });
    expect(photo.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
    await proofInput(page, m).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: photo });
    await page.getByText(/receipt\.jpg/).waitFor({ timeout: 30_000 });
    await page.getByText(m.proof.compressed.split('{')[0]).waitFor();

    await page.getByRole('button', { name: m.common.continue }).click();
    const dialog = page.getByRole('dialog', { name: m.confirm.title });
    expect(await dialog.textContent()).toContain(price(trip.trip_ticket_priceId.price));

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: m.confirm.submit }).click();
    const download = await downloading;
    const ticketId = download.suggestedFilename().replace(/\.pdf$/, '');
    expect(ticketId).toMatch(/^\d{13}$/);
    expect(await pdfText(download)).toContain(ticketId);
    await page.getByRole('dialog', { name: m.booking.thanksTitle }).waitFor();

    const stored = await bookingByTicket(server.url, ticketId);
    expect(stored.passengerInfo.phone).toBe(phone);
    const proof = await uploadBytes(server.url, stored.bankakScreenshot!);
    expect([...proof.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]); // a JPEG now
    expect(proof.length).toBeLessThan(MAX_UPLOAD_BYTES);

    await cancelBooking(page, m, ticketId, phone, toArabicDigits);
    expect(await htmlLangDir()).toBe('ar rtl');
    expect((await bookingByTicket(server.url, ticketId)).isCancelled).toBe(true);
  });
});
