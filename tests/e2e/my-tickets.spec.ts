// My tickets on a phone (issue 22), in real Chromium against the real server, in English and Arabic: a ticket
// looked up (English) or found by a code texted to the phone (Arabic) is kept on the phone; with the network
// off, My tickets opens from the service worker and shows the ticket's QR code, which zbarimg decodes to the
// very code the PDF ticket's QR carries. "Find my bookings" on a phone and a desktop in both languages: a wrong
// code says the tries left for it, and a code that can no longer be used sends the traveller back to ask for a
// new one, which works. Screenshots of the page go to /tmp/shots/h22-mytickets when RIHLA_SHOTS is set.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en } from '../../shared/i18n/public/en.ts';
import { tickets as ticketsAr } from '../../shared/i18n/public/tickets.ar.ts';
import { tickets as ticketsEn } from '../../shared/i18n/public/tickets.en.ts';
import { bookThroughApi, findTrips, freeSeats } from './helpers/api.ts';
import { launchBrowser, phoneContext } from './helpers/browser.ts';
import { ensurePublicSiteBuilt } from './helpers/build.ts';
import { attachProofAndConfirm, fill, fillPassenger, seatButton } from './helpers/journey.ts';
import { fitsTheScreen } from './helpers/layout.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { staffGet } from './helpers/staff.ts';

const run = promisify(execFile);
const SHOTS = process.env.RIHLA_SHOTS ? '/tmp/shots/h22-mytickets' : undefined;

let server: TestServer;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  ensurePublicSiteBuilt();
  server = await startServer();
  browser = await launchBrowser();
  dir = await mkdtemp(join(tmpdir(), 'rihla-my-tickets-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** What a QR image decodes to, read by zbar as a scanner would. */
async function scan(png: string): Promise<string> {
  const { stdout } = await run('zbarimg', ['--quiet', '--raw', png]);
  return stdout.trim();
}

/** The signed code in the QR of the ticket PDF the server sends for this ticket id and phone. */
async function pdfCode(ticketId: string, phone: string): Promise<string> {
  const response = await fetch(`${server.url}/api/bookings/ticket?ticketId=${ticketId}&phone=${phone}`);
  expect(response.status).toBe(200);
  const pdf = join(dir, `${ticketId}.pdf`);
  await writeFile(pdf, Buffer.from(await response.arrayBuffer()));
  await run('pdftoppm', ['-png', '-r', '150', '-singlefile', pdf, join(dir, `${ticketId}-pdf`)]);
  return scan(join(dir, `${ticketId}-pdf.png`));
}

/** The latest "find my bookings" code texted to a phone, read from the outbox as staff see it. */
async function textedCode(phone: string): Promise<string> {
  const messages = await staffGet<{ phone: string; text: string; kind: string }[]>(
    server.url,
    '/api/messages/getAllMessages?kind=access_code',
  );
  const mine = messages.find((message) => message.phone === `+249${phone.slice(1)}`);
  return /\d{6}/.exec(mine!.text)![0];
}

/**
 * Waits until this page has kept the ticket on the phone (the look-up keeps what it finds without holding the
 * page up; a navigation at once, as a test does and a person does not, could leave before it is written).
 */
async function keptOnPhone(page: Page, ticketId: string) {
  await page.waitForFunction(
    async (id) => {
      // Only a database the site created (opening one that does not exist would create it without its store).
      const known = await indexedDB.databases();
      if (!known.some((db) => db.name === 'rihla-tickets')) return false;
      return new Promise<boolean>((resolve) => {
        const open = indexedDB.open('rihla-tickets');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('tickets')) return (db.close(), resolve(false));
          const all = db.transaction('tickets').objectStore('tickets').getAll();
          all.onsuccess = () => (db.close(), resolve(all.result.some((kept) => kept?.ticketId === id)));
          all.onerror = () => (db.close(), resolve(false));
        };
      });
    },
    ticketId,
    { timeout: 30_000, polling: 100 },
  );
}

async function openOfflineAndScan(page: Page, t: typeof ticketsEn, ticketId: string, lang: string) {
  // The page before registered the worker. A navigation made while it is still installing is not controlled
  // (clients.claim() at activation takes the pages open then, not one whose request was already on its way):
  // a traveller's next visit is, and so is this one once the worker is active. Once it controls the page, the
  // network may go.
  await page.waitForFunction(
    async () => Boolean((await navigator.serviceWorker?.getRegistration())?.active),
    undefined,
    { timeout: 30_000, polling: 100 },
  );
  await page.goto(`/my-tickets?lang=${lang}`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
  await page.getByText(ticketId).waitFor();
  await page.context().setOffline(true);
  await page.goto('/my-tickets');
  await page.getByText(fill(t.offline, { when: '' }).slice(0, 12)).waitFor();
  const card = page.getByRole('listitem').filter({ hasText: ticketId });
  await card.getByRole('button', { name: t.show }).click();
  const qr = card.getByRole('img', { name: fill(t.qrLabel, { id: ticketId }) });
  const png = join(dir, `${ticketId}-phone.png`);
  await qr.screenshot({ path: png });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/offline-phone-${lang}.png`, fullPage: true });
  return scan(png);
}

describe('My tickets on the phone, offline', () => {
  it('English: a looked-up ticket opens offline and its QR scans to the PDF ticket’s signed code', async () => {
    const phone = '0915550101';
    const [trip] = await findTrips(server.url, 'Khartoum', 'Kassala');
    const { booking } = await bookThroughApi(server.url, trip, freeSeats(trip, 2), phone);
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    try {
      await page.goto('/cancel-reservation?lang=en');
      await page.getByLabel(en.cancel.ticketId).fill(booking.ticketId);
      await page.getByLabel(en.cancel.phone, { exact: true }).fill(phone);
      await page.getByRole('button', { name: en.cancel.submit }).click();
      await page.getByRole('dialog', { name: en.cancel.resultsTitle }).waitFor();
      await keptOnPhone(page, booking.ticketId);

      const scanned = await openOfflineAndScan(page, ticketsEn, booking.ticketId, 'en');
      expect(scanned).toMatch(/^R1\.\d{13}\./);
      expect(scanned).toBe(await pdfCode(booking.ticketId, phone));

      // "Forget this ticket" removes it from the phone, offline too.
      const card = page.getByRole('listitem').filter({ hasText: booking.ticketId });
      await card.getByRole('button', { name: ticketsEn.forget }).click();
      await card.getByRole('button', { name: ticketsEn.forgetYes }).click();
      await page.getByText(ticketsEn.empty).waitFor();
    } finally {
      await context.close();
    }
  });

  it('Arabic: bookings found by a texted code are kept, and one opens offline with its QR code', async () => {
    const phone = '0915550202';
    const [trip] = await findTrips(server.url, 'Khartoum', 'Port Sudan');
    const { booking } = await bookThroughApi(server.url, trip, freeSeats(trip, 1), phone);
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    try {
      await page.goto('/my-tickets?lang=ar');
      await page.getByRole('heading', { name: ar.titles.myTickets }).waitFor();
      await page.getByText(ticketsAr.empty).waitFor();
      await page.getByLabel(ticketsAr.find.phone).fill(phone);
      await page.getByRole('button', { name: ticketsAr.find.send }).click();
      await page.getByLabel(ticketsAr.find.code).fill(await textedCode(phone));
      await page.getByRole('button', { name: ticketsAr.find.show }).click();
      await page.getByRole('button', { name: ticketsAr.find.save }).click();
      await page.getByText(ticketsAr.find.saved).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/found-phone-ar.png`, fullPage: true });

      const scanned = await openOfflineAndScan(page, ticketsAr, booking.ticketId, 'ar');
      expect(scanned).toBe(await pdfCode(booking.ticketId, phone));
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    } finally {
      await context.close();
    }
  });

  it('English: a ticket booked on the site is kept on the phone at once', async () => {
    const phone = '0915550404';
    const [trip] = await findTrips(server.url, 'Khartoum', 'Kassala');
    const [seat] = freeSeats(trip, 1);
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    try {
      await page.goto(`/trip-details/${trip._id}?lang=en`);
      await seatButton(page, en, seat, 'available').click();
      await page.getByRole('button', { name: en.common.continue }).click();
      await fillPassenger(page, en, { firstName: 'Amna', lastName: 'Osman', phone });
      const dialog = await attachProofAndConfirm(page, en);
      const downloading = page.waitForEvent('download');
      // After the sale the page looks the ticket up once more, to keep it with its trip and code.
      const kept = page.waitForResponse((response) =>
        response.url().includes('/api/bookings/filterBookings'),
      );
      await dialog.getByRole('button', { name: en.confirm.submit }).click();
      const ticketId = (await downloading).suggestedFilename().replace(/\.pdf$/, '');
      await page.getByRole('dialog', { name: en.booking.thanksTitle }).waitFor();
      expect((await kept).status()).toBe(200);
      await keptOnPhone(page, ticketId);

      await page.goto('/my-tickets');
      const card = page.getByRole('listitem').filter({ hasText: ticketId });
      await card.getByText(en.payment.status.proof_submitted).waitFor();
      await card.getByRole('button', { name: ticketsEn.show }).click();
      const png = join(dir, `${ticketId}-booked.png`);
      await card
        .getByRole('img', { name: fill(ticketsEn.qrLabel, { id: ticketId }) })
        .screenshot({ path: png });
      expect(await scan(png)).toBe(await pdfCode(ticketId, phone));
    } finally {
      await context.close();
    }
  });
});

describe('Find my bookings: a code that can no longer be used', () => {
  const VIEWPORTS = {
    desktop: { viewport: { width: 1280, height: 800 } },
    phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  } as const;
  const CASES = [
    { lang: 'en', size: 'phone', to: 'Dongola', phone: '0915550601' },
    { lang: 'en', size: 'desktop', to: 'Gedaref', phone: '0915550602' },
    { lang: 'ar', size: 'phone', to: 'Nyala', phone: '0915550603' },
    { lang: 'ar', size: 'desktop', to: 'Port Sudan', phone: '0915550604' },
  ] as const;

  it.each(CASES)(
    '$lang on a $size: a wrong code says its tries left; once the phone is proven elsewhere the code sends the traveller back for a new one, which works',
    async ({ lang, size, to, phone }) => {
      const t = (lang === 'ar' ? ticketsAr : ticketsEn).find;
      const [trip] = await findTrips(server.url, 'Khartoum', to);
      await bookThroughApi(server.url, trip, freeSeats(trip, 1), phone);
      const context = await browser.newContext({
        baseURL: server.url,
        ...VIEWPORTS[size],
        locale: lang === 'ar' ? 'ar-SD' : 'en-GB',
      });
      const page = await context.newPage();
      const shot = async (name: string) => {
        await fitsTheScreen(page, 'main, .card');
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/find-${name}-${lang}-${size}.png`, fullPage: true });
      };
      try {
        await page.goto(`/my-tickets?lang=${lang}`);
        await page.getByLabel(t.phone).fill(phone);
        await page.getByRole('button', { name: t.send }).click();
        await page.getByLabel(t.code).waitFor();
        const code = await textedCode(phone);
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        await page.getByLabel(t.code).fill(wrong);
        await page.getByRole('button', { name: t.show }).click();
        await page.getByText(fill(t.wrongCode, { left: 4 })).waitFor();
        await shot('wrong');

        // The traveller proves the phone on another device meanwhile: that right code spends this one too.
        const other = await fetch(`${server.url}/api/bookings/requestCode`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ phone }),
        });
        const { requestId } = (await other.json()) as { requestId: string };
        const proven = await fetch(`${server.url}/api/bookings/myBookings`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ phone, code: await textedCode(phone), requestId }),
        });
        expect(proven.status).toBe(200);

        await page.getByLabel(t.code).fill(code);
        await page.getByRole('button', { name: t.show }).click();
        await page.getByText(t.expired).waitFor();
        expect(await page.getByLabel(t.code).count()).toBe(0);
        await shot('expired');

        // A new code, asked for from the phone step the page went back to, works.
        await page.getByRole('button', { name: t.send }).click();
        await page.getByLabel(t.code).waitFor();
        await page.getByLabel(t.code).fill(await textedCode(phone));
        await page.getByRole('button', { name: t.show }).click();
        await page.getByText(fill(t.found, { count: 1 })).waitFor();
      } finally {
        await context.close();
      }
    },
  );
});
