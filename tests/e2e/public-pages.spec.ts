// The public pages around the booking: the 404 page (and its HTTP status), the lost-item and enquiry
// forms reaching the server, the operator's contact details from configuration, downloading a ticket
// again, and the staff session hint.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { content as text } from '../../shared/i18n/public/content.en.ts';
import { en as m } from '../../shared/i18n/public/en.ts';
import { bookThroughApi, findTrips, freeSeats } from './helpers/api.ts';
import { launchBrowser, phoneContext } from './helpers/browser.ts';
import { ensurePublicSiteBuilt } from './helpers/build.ts';
import { fill, pdfText } from './helpers/journey.ts';
import { startServer, STAFF, type TestServer } from './helpers/server.ts';
import { staffGet } from './helpers/staff.ts';

const OPERATOR = {
  OPERATOR_PHONE: '0155551234',
  OPERATOR_EMAIL: 'care@rihla.example',
  OPERATOR_ADDRESS: 'P.O. Box 42, Khartoum',
};

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ensurePublicSiteBuilt();
  server = await startServer(OPERATOR);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  context = await phoneContext(browser, server.url);
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

describe('public pages', () => {
  it('answers an unknown path with HTTP 404 and the 404 page, whose Go Back link leads home', async () => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: m.notFound.title }).waitFor();
    await page.getByText(m.notFound.text, { exact: true }).waitFor();
    expect(await page.title()).toBe(fill(m.app.pageTitle, { title: m.titles.notFound }));
    await page.getByRole('link', { name: m.notFound.goBack }).click();
    await page.getByRole('heading', { name: m.home.heroTitle }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('sends a lost-item report that staff can read', async () => {
    await page.goto('/lost-item-report');
    const form = page.locator('form');
    await form.getByRole('button', { name: m.forms.submit }).click();
    await page.getByRole('alert').filter({ hasText: m.forms.missing }).waitFor();

    const description = `Green wallet left under seat 12 (${Date.now()})`;
    await form.getByLabel(text.lostItem.fields.first_name).fill('Hassan');
    await form.getByLabel(text.lostItem.fields.last_name).fill('Ali');
    await form.getByLabel(text.lostItem.fields.phone).fill('0923456789');
    await form.getByLabel(text.lostItem.fields.message_subject).fill('Lost wallet');
    await form.getByLabel(text.lostItem.fields.date_of_loss).fill('2026-01-15');
    await form.getByLabel(text.lostItem.fields.item_type).selectOption({ label: text.lostItem.types.wallet });
    await form.getByLabel(text.lostItem.fields.colour).selectOption({ label: text.lostItem.colours.green });
    await form.getByLabel(text.lostItem.fields.bus_number).fill('KH-1201');
    await form
      .getByLabel(text.lostItem.fields.boarding_time)
      .selectOption({ label: m.boardingTimes['9:00 am'] });
    await form.getByLabel(text.lostItem.fields.description).fill(description);
    await form.getByRole('button', { name: m.forms.submit }).click();
    await page.getByRole('status').filter({ hasText: text.lostItem.sent }).waitFor();

    const reports = await staffGet<Record<string, unknown>[]>(server.url, '/api/lostItems/getAllLostItems');
    const report = reports.find((r) => r.description === description);
    expect(report).toMatchObject({
      first_name: 'Hassan',
      last_name: 'Ali',
      phone: '0923456789',
      item_type: 'wallet',
      colour: 'green',
      boarding_time: '9:00 am',
      bus_number: 'KH-1201',
      date_of_loss: '2026-01-15',
    });
    // The form is cleared for the next report.
    expect(await form.getByLabel(text.lostItem.fields.description).inputValue()).toBe('');
  });

  it('sends a public enquiry that staff can read', async () => {
    await page.goto('/public-enquiries');
    const message = `Is there a night bus to Dongola? (${Date.now()})`;
    await page.getByLabel(text.enquiry.fields.first_name).fill('Sara');
    await page.getByLabel(text.enquiry.fields.last_name).fill('Idris');
    await page.getByLabel(text.enquiry.fields.phone).fill('0998877665');
    await page.getByLabel(text.enquiry.fields.message).fill(message);
    await page.getByRole('button', { name: m.forms.submit }).click();
    await page.getByRole('status').filter({ hasText: text.enquiry.sent }).waitFor();
    const enquiries = await staffGet<Record<string, unknown>[]>(server.url, '/api/enquiries/getAllEnquiries');
    expect(enquiries.find((e) => e.message === message)).toMatchObject({
      first_name: 'Sara',
      phone: '0998877665',
    });
  });

  it("shows the operator's contact details from the server's configuration", async () => {
    await page.goto('/contact-us');
    await page.getByRole('link', { name: OPERATOR.OPERATOR_PHONE }).waitFor();
    await page.getByRole('link', { name: OPERATOR.OPERATOR_EMAIL }).waitFor();
    await page.getByText(OPERATOR.OPERATOR_ADDRESS).waitFor();
    await page.getByText(text.contact.hours).waitFor();
    await page.goto('/privacy-policy');
    await page.getByText(text.privacy.revised).waitFor();
    await page.getByRole('link', { name: OPERATOR.OPERATOR_EMAIL }).waitFor();
  });

  it('downloads a ticket again from the cancel-reservation page, and says when nothing matches', async () => {
    const [trip] = await findTrips(server.url, 'Khartoum', 'Dongola');
    const phone = '0911222333';
    const { booking } = await bookThroughApi(server.url, trip, freeSeats(trip, 1), phone);

    await page.goto('/cancel-reservation');
    const submit = page.getByRole('button', { name: m.cancel.submit });
    await page.getByLabel(m.cancel.ticketId).fill('0000000000000');
    await page.getByLabel(m.cancel.phone, { exact: true }).fill(phone);
    await submit.click();
    await page.getByRole('alert').filter({ hasText: m.cancel.notFound }).waitFor();

    await page.getByLabel(m.cancel.ticketId).fill(booking.ticketId);
    await submit.click();
    const dialog = page.getByRole('dialog', { name: m.cancel.resultsTitle });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: m.cancel.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${booking.ticketId}.pdf`);
    expect(await pdfText(download)).toContain(booking.ticketId);
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
  });

  it('never calls refresh for travellers; a signed-in staff member is sent to /dashboard', async () => {
    const refreshCalls: string[] = []; // the page each call was made from
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/refresh')) refreshCalls.push(new URL(page.url()).pathname);
    });
    await page.goto('/information');
    await page.getByRole('heading', { name: text.information.title }).waitFor();
    expect(refreshCalls).toEqual([]);

    const login = await context.request.post('/api/auth/login', { data: STAFF });
    expect(login.status()).toBe(200);
    await page.goto('/information');
    await page.waitForURL(/\/dashboard$/);
    expect(refreshCalls[0]).toBe('/information'); // the back-office then restores its own session
    // Pages open to everyone (no guard) stay where they are.
    await page.goto('/terms-of-service');
    await page.getByRole('heading', { name: text.terms.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/terms-of-service');
  });
});
