// The payment screens as travellers see them, on a phone (390×844) and a desktop (1280×800), in English and
// Arabic: the payment step, the thank-you overlay in every payment status, and the look-up with the later
// proof's form. Each is saved as a PNG (SCREENS_DIR, /tmp/screens by default) for people to look at, and
// held to what can be checked mechanically: nothing wider than the screen, the dialog's text inside it.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en } from '../../shared/i18n/public/en.ts';
import type { PublicMessages } from '../../shared/i18n/public/en.ts';
import { bookThroughApi, findTrips, freeSeats, getTrip, type DemoTrip } from './helpers/api.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensurePublicSiteBuilt } from './helpers/build.ts';
import { fillPassenger, seatButton } from './helpers/journey.ts';
import { fitsTheScreen } from './helpers/layout.ts';
import {
  bookOnPage,
  lapseHold,
  lookUp,
  paymentStatus,
  rejectPayment,
  sendProofLater,
  startPaymentServer,
  verifyPayment,
  type PaymentServer,
} from './helpers/payment.ts';
import { bookingByTicket } from './helpers/staff.ts';

const DIR = process.env.SCREENS_DIR || '/tmp/screens';
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
/** Lets an open dialog grow to its full height, so that its screenshot holds all of it. */
const UNFOLD = `.overlay{position:absolute!important;inset:0 0 auto!important;min-block-size:100%;
align-items:flex-start!important}.dialog{max-block-size:none!important}`;

let server: PaymentServer;
let browser: Browser;

beforeAll(async () => {
  ensurePublicSiteBuilt();
  fs.mkdirSync(DIR, { recursive: true });
  server = await startPaymentServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** 'page': the whole page; 'view': what the screen shows; 'dialog': all of the open dialog, unfolded. */
async function shoot(page: Page, name: string, mode: 'page' | 'view' | 'dialog') {
  await fitsTheScreen(page, '.dialog, main');
  const file = path.join(DIR, `public-${name}.png`);
  if (mode !== 'dialog') return void (await page.screenshot({ path: file, fullPage: mode === 'page' }));
  const style = await page.addStyleTag({ content: UNFOLD });
  await page.locator('.dialog').last().screenshot({ path: file });
  await style.evaluate((el) => (el as Element).remove());
}

let references = 0;
/** A transaction number no other booking of this run used (a shared one is flagged as a duplicate). */
const reference = () => `TRX ${Date.now() % 100_000} ${++references}`;

const statusIs = (scope: Locator, text: string) =>
  expect.poll(() => paymentStatus(scope).textContent(), { timeout: 10_000 }).toBe(text);

async function seatOn(origin: string, destination: string): Promise<[DemoTrip, number]> {
  const [trip] = await findTrips(server.url, origin, destination);
  const fresh = await getTrip(server.url, trip._id);
  return [fresh, freeSeats(fresh, 1)[0]];
}

describe.each([
  ['en', en, '', 'Amna', 'Osman'],
  ['ar', ar, '?lang=ar', 'آمنة', 'عثمان'],
] as const)('payment screens (%s)', (lang, m: PublicMessages, query, firstName, lastName) => {
  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('on a %s', async (size) => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: VIEWPORTS[size],
      acceptDownloads: true,
      locale: lang === 'ar' ? 'ar-SD' : 'en-GB',
    });
    const page = await context.newPage();
    const tag = `${lang}-${size}`;
    const phone = lang === 'ar' ? '0912000555' : '0912000666';
    const passenger = { firstName, lastName, phone };
    try {
      // The payment step: paying now, then later.
      const [trip, seat] = await seatOn('Khartoum', 'Kassala');
      await page.goto(`/trip-details/${trip._id}${query}`);
      await seatButton(page, m, seat, 'available').click();
      await page.getByRole('button', { name: m.common.continue }).click();
      await fillPassenger(page, m, passenger);
      await page.getByText(/3041227700915/).waitFor();
      await shoot(page, `step-now-${tag}`, 'page');
      await page.getByLabel(m.payment.later).check();
      await shoot(page, `step-later-${tag}`, 'page');

      // Booked without a proof: awaiting payment; the later proof's form; then the hold lapses.
      const later = await bookOnPage(page, m, trip, seat, passenger, null, query);
      await statusIs(later.thanks, m.payment.status.awaiting_proof);
      await shoot(page, `thanks-awaiting-${tag}-view`, 'view');
      await shoot(page, `thanks-awaiting-${tag}`, 'dialog');
      await later.thanks.getByRole('button', { name: m.payment.send }).click();
      await later.thanks.getByLabel(m.payment.reference).waitFor();
      await shoot(page, `thanks-form-${tag}`, 'dialog');
      await lapseHold(server.database, later.ticketId);
      await later.thanks.getByRole('button', { name: m.payment.check }).click();
      await statusIs(later.thanks, m.payment.status.expired);
      await shoot(page, `thanks-expired-${tag}`, 'dialog');

      // Booked with a proof: being checked; rejected; a new proof; paid.
      const [trip2, seat2] = await seatOn('Khartoum', 'Port Sudan');
      const now = await bookOnPage(page, m, trip2, seat2, passenger, { reference: reference() }, query);
      await statusIs(now.thanks, m.payment.status.proof_submitted);
      await shoot(page, `thanks-submitted-${tag}`, 'dialog');
      const stored = await bookingByTicket(server.url, now.ticketId);
      await rejectPayment(server.url, stored._id, 'proof_unreadable');
      await now.thanks.getByRole('button', { name: m.payment.check }).click();
      await statusIs(now.thanks, m.payment.status.rejected);
      await now.thanks.getByText(/3041227700915/).waitFor();
      await shoot(page, `thanks-rejected-${tag}`, 'dialog');
      await sendProofLater(now.thanks, m, reference());
      await statusIs(now.thanks, m.payment.status.proof_submitted);
      await verifyPayment(server.url, stored._id);
      await now.thanks.getByRole('button', { name: m.payment.check }).click();
      await statusIs(now.thanks, m.payment.status.verified);
      await shoot(page, `thanks-verified-${tag}`, 'dialog');

      // The look-up: a paid booking, and one waiting for its proof with the form open.
      const paid = await lookUp(page, m, now.ticketId, phone);
      await statusIs(paid, m.payment.status.verified);
      await shoot(page, `lookup-verified-${tag}`, 'dialog');
      const [trip3, seat3] = await seatOn('Khartoum', 'Nyala');
      const { booking } = await bookThroughApi(server.url, trip3, [seat3], phone);
      const waiting = await lookUp(page, m, booking.ticketId, phone);
      await statusIs(waiting, m.payment.status.awaiting_proof);
      await shoot(page, `lookup-awaiting-${tag}-view`, 'view');
      await waiting.getByRole('button', { name: m.payment.send }).click();
      await waiting.getByLabel(m.payment.reference).waitFor();
      await shoot(page, `lookup-form-${tag}`, 'dialog');
    } finally {
      await context.close();
    }
  });
});
