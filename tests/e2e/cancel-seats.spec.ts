// One seat at a time, in real Chromium on a phone against the real server (issue 22): a traveller with a paid
// booking of three seats opens the look-up, in English and in Arabic, unticks the two seats they keep, reads
// the server's quote for the one they drop, confirms, and sees the booking again with its two seats; the server
// holds the refund of that seat. With RIHLA_SHOTS=<dir>, the seat choice is photographed on a phone and a
// desktop in both languages.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en } from '../../shared/i18n/public/en.ts';
import { formatNumber } from '../../shared/i18n/format.ts';
import { addDays, khartoumToday } from '../../shared/rules.ts';
import { newPhone, staffCall } from './helpers/admin-payments.ts';
import { launchBrowser, phoneContext } from './helpers/browser.ts';
import { ensurePublicSiteBuilt } from './helpers/build.ts';
import { startServer, type TestServer } from './helpers/server.ts';

type Doc = Record<string, any>;
const WORDS = { en, ar };
const SHOTS = process.env.RIHLA_SHOTS;
/** The site's words with their {placeholders} filled, as the page writes them. */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

let server: TestServer;
let browser: Browser;
let trip: Doc;

/** A trip of its own, three days from now, on a 12-seat bus. */
async function makeTrip() {
  const stamp = Date.now().toString(36);
  const call = <T = Doc>(path: string, body: unknown) => staffCall<T>(server.url, 'POST', path, body);
  const origin = await call('/api/origins/createOrigin', {
    origin_city: `Kosti ${stamp}`,
    origin_city_ar: 'كوستي',
  });
  const destination = await call('/api/destination/createDestination', {
    destination_city: `Sennar ${stamp}`,
    destination_city_ar: 'سنار',
  });
  const [company] = await staffCall<Doc[]>(
    server.url,
    'GET',
    '/api/companies/getAllCompanies?_start=0&_end=1',
  );
  const price = await call('/api/prices/createPrice', { price: 15_000 + (Date.now() % 997) });
  const bus = await call('/api/buses/createBus', {
    bus_number: `CS-${stamp}`,
    bus_owner_companyId: company!._id,
    bus_number_of_seats: 12,
    bus_status: 'In Service',
    date_ofLast_oil_service: '2026-10-01',
  });
  const made = await call('/api/trips/createTrip', {
    busId: bus._id,
    trip_originId: origin._id,
    trip_destinationId: destination._id,
    trip_date: addDays(khartoumToday(), 3),
    trip_boarding_time: '9:00 am',
    trip_ticket_priceId: price._id,
  });
  return { ...made, price: price.price as number };
}

let nextSeat = 1;
/** Three seats paid at the counter. */
async function paidBooking(language: 'en' | 'ar') {
  const seats = [nextSeat++, nextSeat++, nextSeat++];
  const answer = await staffCall<{ booking: Doc }>(server.url, 'POST', '/api/bookings/counterSale', {
    tripId: trip._id,
    seats,
    passengerInfo: { firstName: 'Halima', lastName: 'Osman', phone: newPhone() },
    totalTicketPrice: trip.price * seats.length,
    paymentMethod: 'cash',
    language,
  });
  return answer.booking;
}

/** Opens the look-up, finds the booking and opens the cancellation question. */
async function openQuestion(page: Page, lang: 'en' | 'ar', booking: Doc) {
  const m = WORDS[lang];
  await page.goto(`/cancel-reservation?lang=${lang}`);
  await page.getByLabel(m.cancel.ticketId).fill(booking.ticketId);
  await page.getByLabel(m.cancel.phone, { exact: true }).fill(booking.passengerInfo.phone);
  await page.getByRole('button', { name: m.cancel.submit }).click();
  const dialog = page.getByRole('dialog', { name: m.cancel.resultsTitle });
  await dialog.getByRole('button', { name: m.cancel.cancelButton }).click();
  return dialog;
}

beforeAll(async () => {
  ensurePublicSiteBuilt();
  server = await startServer();
  browser = await launchBrowser();
  trip = await makeTrip();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(['en', 'ar'] as const)('cancelling one of three seats (%s, phone)', (lang) => {
  it('shows the quote for the seat ticked, cancels it, and keeps the other two under the ticket id', async () => {
    const m = WORDS[lang];
    const booking = await paidBooking(lang);
    const [kept1, kept2, dropped] = booking.seats as number[];
    const context = await phoneContext(browser, server.url);
    const page = await context.newPage();
    const dialog = await openQuestion(page, lang, booking);
    // Every seat is ticked at first: the whole booking, as before.
    await dialog.getByRole('button', { name: m.cancel.confirmYes }).waitFor();
    for (const seat of [kept1!, kept2!])
      await dialog
        .getByRole('checkbox', { name: fill(m.cancel.seatOption, { seat: String(seat) }) })
        .uncheck();
    const quote = dialog.locator('[data-quote]');
    const which = fill(m.cancel.seatOne, { seats: String(dropped) });
    await quote.getByText(fill(m.cancel.quoteSeats, { which })).waitFor();
    // 3 days before departure: the first tier, 10 % kept of one seat's price.
    const refund = Math.round(trip.price * 0.9);
    expect(await quote.innerText()).toContain(formatNumber(refund, lang));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/lookup-seats-phone-${lang}.png`, fullPage: true });
    await dialog.getByRole('button', { name: fill(m.cancel.confirmSeats, { which }) }).click();
    const done = dialog.getByRole('status').filter({ hasText: booking.ticketId });
    await done.waitFor();
    expect(await done.innerText()).toContain(formatNumber(refund, lang));
    // The booking as it now is: two seats, the same ticket.
    const stored = await staffCall<Doc>(server.url, 'GET', `/api/bookings/getBooking/${booking._id}`);
    expect(stored).toMatchObject({ seats: [kept1, kept2], ticketId: booking.ticketId, isCancelled: false });
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/lookup-seats-done-phone-${lang}.png`, fullPage: true });
    await context.close();
  });

  it.runIf(!!SHOTS)('photographs the seat choice on a desktop', async () => {
    const booking = await paidBooking(lang);
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const dialog = await openQuestion(page, lang, booking);
    await dialog
      .getByRole('checkbox', {
        name: fill(WORDS[lang].cancel.seatOption, { seat: String(booking.seats[0]) }),
      })
      .uncheck();
    await dialog.locator('[data-quote]').waitFor();
    await page.screenshot({ path: `${SHOTS}/lookup-seats-desktop-${lang}.png`, fullPage: true });
    await context.close();
  });
});
