// The traveller's journey in English, in real Chromium against the real server and database:
// search → seats → passenger form with a screenshot → confirm → ticket PDF → cancel; and the two
// conflicts a slow traveller meets (a seat taken meanwhile, a price changed meanwhile).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { en as m } from '../../shared/i18n/public/en.ts';
import { bookThroughApi, findTrips, freeSeats, getTrip, staffToken, tomorrow } from './helpers/api.ts';
import { launchBrowser, phoneContext } from './helpers/browser.ts';
import { ensurePublicSiteBuilt } from './helpers/build.ts';
import {
  attachProofAndConfirm,
  cancelBooking,
  fill,
  fillPassenger,
  pdfText,
  searchTrips,
  seatButton,
} from './helpers/journey.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { bookingByTicket, uploadBytes } from './helpers/staff.ts';

const price = (amount: number) => fill(m.units.currency, { amount: amount.toLocaleString('en-GB') });
const passenger = { firstName: 'Amna', lastName: 'Osman', phone: '0912345678' };

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ensurePublicSiteBuilt();
  server = await startServer();
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

async function tripFromUrl() {
  await page.waitForURL(/\/trip-details\//);
  return getTrip(server.url, page.url().split('/trip-details/')[1]);
}

async function toConfirmation(seats: number[]) {
  for (const seat of seats) await seatButton(page, m, seat, 'available').click();
  await page.getByRole('button', { name: m.common.continue }).click();
  await fillPassenger(page, m, passenger);
  return attachProofAndConfirm(page, m);
}

describe('public booking journey (English)', () => {
  it('searches, books two seats with a payment screenshot, downloads the PDF ticket and cancels', async () => {
    await page.goto('/create-booking');
    await searchTrips(page, m, 'Khartoum', 'Kassala', tomorrow());
    // The form is hidden once trips are found.
    expect(await page.getByRole('combobox', { name: m.search.origin }).count()).toBe(0);

    await page.getByRole('link', { name: m.trip.reserveSeat }).first().click();
    await tripFromUrl();
    // Back returns to the same results, then on to the trip again.
    await page.getByRole('button', { name: m.common.back }).click();
    await page.getByRole('heading', { name: m.search.resultsTitle }).waitFor();
    await page.getByRole('link', { name: m.trip.reserveSeat }).first().click();
    const trip = await tripFromUrl();
    const seats = freeSeats(trip, 2);

    const dialog = await toConfirmation(seats);
    const total = seats.length * trip.trip_ticket_priceId.price;
    const summary = await dialog.textContent();
    expect(summary).toContain(price(total));
    expect(summary).toContain(`${seats[0]}, ${seats[1]}`);
    expect(summary).toContain(trip.busId.bus_number);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: m.confirm.submit }).click();
    const download = await downloading;
    const ticketId = download.suggestedFilename().replace(/\.pdf$/, '');
    expect(ticketId).toMatch(/^\d{13}$/);
    expect(await pdfText(download)).toContain(ticketId);

    const thanks = page.getByRole('dialog', { name: m.booking.thanksTitle });
    await thanks.getByText(fill(m.booking.ticketId, { ticketId })).waitFor();
    expect(await thanks.textContent()).toContain(m.booking.thanksText);

    // The server holds the booking with the seats and the uploaded screenshot.
    const stored = await bookingByTicket(server.url, ticketId);
    expect(stored.seats).toEqual(seats);
    expect(stored.passengerInfo.phone).toBe(passenger.phone);
    expect(stored.bankakScreenshot).toBeTruthy();
    const proof = await uploadBytes(server.url, stored.bankakScreenshot!);
    expect(proof.subarray(1, 4).toString('latin1')).toBe('PNG');

    // "Book new trip" goes back to the search.
    await thanks.getByRole('button', { name: m.booking.bookNewTrip }).click();
    await page.waitForURL(/\/create-booking/);

    await cancelBooking(page, m, ticketId, passenger.phone);
    expect((await bookingByTicket(server.url, ticketId)).isCancelled).toBe(true);
    // The results list is cleared after the cancellation.
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('names a seat taken meanwhile, refreshes the map and keeps what the traveller typed', async () => {
    const [trip] = await findTrips(server.url, 'Khartoum', 'Port Sudan');
    const seats = freeSeats(trip, 2);
    await page.goto(`/trip-details/${trip._id}`);
    const dialog = await toConfirmation(seats);

    await bookThroughApi(server.url, trip, [seats[1]]);
    await dialog.getByRole('button', { name: m.confirm.submit }).click();

    await page
      .getByRole('alert')
      .filter({ hasText: fill(m.seats.taken, { seats: seats[1] }) })
      .waitFor();
    await seatButton(page, m, seats[1], 'booked').waitFor();
    await seatButton(page, m, seats[0], 'selected').waitFor();

    await page.getByRole('button', { name: m.common.continue }).click();
    expect(await page.getByLabel(m.passenger.firstName).inputValue()).toBe(passenger.firstName);
    expect(await page.getByLabel(m.passenger.phone, { exact: true }).inputValue()).toBe(passenger.phone);
    await page.getByText(/payment\.png/).waitFor();

    await page.getByRole('button', { name: m.common.continue }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: m.confirm.submit }).click();
    const ticketId = (await downloading).suggestedFilename().replace(/\.pdf$/, '');
    expect((await bookingByTicket(server.url, ticketId)).seats).toEqual([seats[0]]);
  });

  it('shows the new total when the price changed before the traveller confirms', async () => {
    const [trip] = await findTrips(server.url, 'Khartoum', 'Nyala');
    const [seat] = freeSeats(trip, 1);
    await page.goto(`/trip-details/${trip._id}`);
    const dialog = await toConfirmation([seat]);

    const newPrice = trip.trip_ticket_priceId.price + 1500;
    const response = await fetch(`${server.url}/api/prices/updatePrice/${trip.trip_ticket_priceId._id}`, {
      method: 'PATCH',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await staffToken(server.url)}`,
      },
      body: JSON.stringify({ price: newPrice }),
    });
    expect(response.status).toBe(200);

    await dialog.getByRole('button', { name: m.confirm.submit }).click();
    await page.getByText(fill(m.confirm.priceChanged, { total: price(newPrice) })).waitFor();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: m.confirm.submit }).click();
    const ticketId = (await downloading).suggestedFilename().replace(/\.pdf$/, '');
    expect(ticketId).toMatch(/^\d{13}$/);
  });
});
