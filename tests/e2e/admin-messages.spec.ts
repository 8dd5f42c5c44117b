// Text messages in the browser (issue 20): a traveller books in Arabic on a phone, and the Arabic ticket
// message is on the back-office's outbox screen (the embedded "log" gateway marks it sent); staff then
// message the passengers of that trip from its page (a check first: phones and SMS), and the message is
// queued in each passenger's language. Screenshots of both screens, both languages, phone and desktop.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar as publicAr } from '../../shared/i18n/public/ar.ts';
import { adminWords, DESKTOP, staffCall, staffPage } from './helpers/admin-payments.ts';
import { findTrips, freeSeats } from './helpers/api.ts';
import { axeFindings } from './helpers/axe.ts';
import { launchBrowser, phoneContext } from './helpers/browser.ts';
import { ensureAdminBuilt, ensurePublicSiteBuilt } from './helpers/build.ts';
import { bookOnPage } from './helpers/payment.ts';
import { openScreen, overflow } from './helpers/screens.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { languagesAndSizes } from './helpers/layout.ts';

const SHOTS = process.env.RIHLA_SHOTS_DIR;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ensureAdminBuilt();
  ensurePublicSiteBuilt();
  // The embedded gateway, sending every second.
  server = await startServer({
    SMS_GATEWAY: 'log',
    SMS_SENDER_SECONDS: '1',
    // The unpaid ticket's text leaves at once here (it waits 3 minutes by default).
    UNPAID_TICKET_TEXT_DELAY_MINUTES: '0',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Message = {
  _id: string;
  bookingId: string;
  kind: string;
  language: string;
  text: string;
  status: string;
  ticketId: string;
};

describe('text messages', () => {
  let tripId = '';
  let ticketId = '';

  it('a traveller books in Arabic; the Arabic ticket message is sent and shown on the outbox screen', async () => {
    const [trip] = await findTrips(server.url, 'Khartoum', 'Kassala');
    tripId = trip._id;
    const [seat] = freeSeats(trip, 1);
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    const booked = await bookOnPage(
      page,
      publicAr,
      trip,
      seat,
      { firstName: 'آمنة', lastName: 'عثمان', phone: '0912000777' },
      null,
      '?lang=ar',
    );
    ticketId = booked.ticketId;
    await context.close();

    // The sender (every second, on the server) hands it to the log gateway.
    let message: Message | undefined;
    for (let i = 0; i < 100 && message?.status !== 'sent'; i++) {
      const list = await staffCall<Message[]>(
        server.url,
        'GET',
        '/api/messages/getAllMessages?_start=0&_end=50',
      );
      message = list.find((m) => m.ticketId === ticketId && m.kind === 'ticket');
      if (message?.status !== 'sent') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(message).toMatchObject({ language: 'ar', status: 'sent' });
    expect(message!.text).toContain(ticketId);
    expect(message!.text).toContain('كسلا');

    const t = adminWords('ar');
    const desk = await staffPage(browser, server.url, 'ar', DESKTOP);
    await openScreen(desk, '/bookings/payments/messages');
    const card = desk.locator(`[data-message="${message!._id}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain(t('rihla.payments.messages.kind.ticket'));
    expect(await card.textContent()).toContain(ticketId);
    expect(await axeFindings(desk, 'every')).toEqual([]);
    // The booking's own page lists what its traveller was told.
    await openScreen(desk, `/bookings/${message!.bookingId}/show`);
    await desk.getByTestId('booking-messages').locator(`[data-message="${message!._id}"]`).waitFor();
    await desk.context().close();
  });

  it("staff message the trip's passengers from its page: checked first, then queued in each one's language", async () => {
    const t = adminWords('en');
    const page = await staffPage(browser, server.url, 'en', DESKTOP);
    await openScreen(page, `/trips/${tripId}/show`);
    await page.getByRole('button', { name: t('rihla.broadcast.open') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t('rihla.broadcast.text_ar')).fill('يتأخر قيام البص 30 دقيقة.');
    await dialog.getByLabel(t('rihla.broadcast.text_en')).fill('The bus leaves 30 minutes late.');
    const send = dialog.getByRole('button', { name: t('rihla.broadcast.send') });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: t('rihla.broadcast.preview') }).click();
    await dialog.getByText(/\d+ phones, \d+ SMS in all/).waitFor();
    expect(await axeFindings(page, 'every')).toEqual([]);
    await send.click();
    await page.getByText(/Queued for \d+ phones/).waitFor();
    const list = await staffCall<Message[]>(
      server.url,
      'GET',
      '/api/messages/getAllMessages?kind=broadcast&_start=0&_end=50',
    );
    const mine = list.find((m) => m.ticketId === ticketId);
    expect(mine).toMatchObject({ language: 'ar', text: 'يتأخر قيام البص 30 دقيقة.' });
    await page.context().close();
  });

  it('the outbox and the message dialog fit a phone and a desktop in both languages', async () => {
    for (const { lang, size, viewport } of languagesAndSizes()) {
      const page = await staffPage(browser, server.url, lang, viewport);
      await openScreen(page, '/bookings/payments/messages');
      await page.getByTestId('messages').waitFor();
      const { width } = await overflow(page);
      expect(width, `${lang} ${size}`).toBeLessThanOrEqual(viewport.width);
      if (SHOTS) {
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `outbox-${lang}-${size}.png`) });
        await openScreen(page, `/trips/${tripId}/show`);
        await page.getByRole('button', { name: adminWords(lang)('rihla.broadcast.open') }).click();
        await page.getByRole('dialog').waitFor();
        // The dialog's fade-in, so the picture shows it as a person does.
        await page.waitForFunction(
          () => getComputedStyle(document.querySelector('.MuiDialog-container')!).opacity === '1',
        );
        await page.screenshot({ path: path.join(SHOTS, `broadcast-${lang}-${size}.png`) });
      }
      await page.context().close();
    }
  });
});
