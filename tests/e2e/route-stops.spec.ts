// Routes with stops in real Chromium (issue 23). Staff put a Khartoum → Wad Madani → Gedaref → Kassala → Port
// Sudan trip on sale with fares between its stops and sell a Gedaref → Port Sudan seat at the counter. A
// traveller, in Arabic, finds Madani → Kassala, sees their towns, times and fare, and books a seat: the seat
// map for Khartoum → Port Sudan then shows that seat taken, and for Kassala → Port Sudan free. The conductor
// app, at the Gedaref stop, lists who boards there, and says a Madani ticket shown there is for another stop.
// Screens of each step, phone and desktop, English and Arabic, go to /tmp/shots/h23-front/.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar as m } from '../../shared/i18n/public/ar.ts';
import { en } from '../../shared/i18n/public/en.ts';
import { ARABIC_NAMES } from '../../server/demo/demo-data.ts';
import { cityId, tomorrow } from './helpers/api.ts';
import { DESKTOP, PHONE, staffCall } from './helpers/admin-payments.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensurePublicSiteBuilt } from './helpers/build.ts';
import {
  checkTyped,
  conductorPage,
  createConductor,
  downloadTrip,
  ensureCheckinBuilt,
  words,
} from './helpers/checkin.ts';
import { attachProofAndConfirm, fill, fillPassenger, searchTrips, seatButton } from './helpers/journey.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const SHOTS = '/tmp/shots/h23-front';
const MADANI_KASSALA = 18000;

let server: TestServer;
let browser: Browser;
let trip: { _id: string; [key: string]: any };
const date = tomorrow();

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

const seatsFor = async (boardingStop: number, alightingStop: number) =>
  (
    (await (
      await fetch(
        `${server.url}/api/trips/getTrip/${trip._id}?boardingStop=${boardingStop}&alightingStop=${alightingStop}`,
      )
    ).json()) as { bookedSeats: number[] }
  ).bookedSeats;

beforeAll(async () => {
  ensurePublicSiteBuilt();
  ensureCheckinBuilt();
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  // A bus of its own (the demo's are on their routes at the demo's hours).
  const [company] = await staffCall<{ _id: string }[]>(server.url, 'GET', '/api/companies/getAllCompanies');
  const bus = await staffCall<{ _id: string }>(server.url, 'POST', '/api/buses/createBus', {
    bus_number: `STOPS-${Date.now().toString(36)}`,
    bus_owner_companyId: company!._id,
    bus_number_of_seats: 20,
    bus_status: 'In Service',
    date_ofLast_oil_service: '2026-01-01',
  });
  const prices = await staffCall<{ _id: string; price: number }[]>(
    server.url,
    'GET',
    '/api/prices/getAllPrices',
  );
  const stop = async (name: string, minutes: number) => ({
    originId: await cityId(server.url, 'origin', name),
    destinationId: await cityId(server.url, 'destination', name),
    minutes,
  });
  trip = await staffCall(server.url, 'POST', '/api/trips/createTrip', {
    busId: bus._id,
    trip_originId: await cityId(server.url, 'origin', 'Khartoum'),
    trip_destinationId: await cityId(server.url, 'destination', 'Port Sudan'),
    trip_date: date,
    trip_boarding_time: '9:00 am',
    trip_ticket_priceId: prices.find((p) => p.price === 45000)!._id,
    trip_stops: [await stop('Madani', 150), await stop('Gedaref', 330), await stop('Kassala', 540)],
    trip_fares: [
      { from: 0, to: 1, price: 15000 },
      { from: 1, to: 3, price: MADANI_KASSALA },
      { from: 2, to: 4, price: 25000 },
      { from: 3, to: 4, price: 16000 },
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a route with stops', () => {
  let seat: number;
  let madaniTicket: string;

  it('an Arabic traveller books Madani → Kassala at its own fare and times', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE, locale: 'en-GB' });
    await context.addInitScript(() => localStorage.setItem('rihla.lang', 'ar'));
    const page = await context.newPage();
    await page.goto('/create-booking');
    await searchTrips(page, m, ARABIC_NAMES.Madani!, ARABIC_NAMES.Kassala!, date);
    // The card names the traveller's own stretch (the bus's whole route shows once the trip is chosen).
    const card = page.locator('article.trip-card', { hasText: ARABIC_NAMES.Madani! });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain(
      fill(m.trip.route, { origin: ARABIC_NAMES.Madani!, destination: ARABIC_NAMES.Kassala! }),
    );
    expect(text).toContain('11:30'); // the bus leaves Khartoum at 9:00 and reaches Madani 150 minutes later
    expect(text).toContain(new Intl.NumberFormat('ar-SD-u-nu-latn').format(MADANI_KASSALA));
    await shot(page, 'search-ar-phone');
    await card.getByRole('link', { name: m.trip.reserveSeat }).click();
    await page.waitForURL(/boardingStop=1&alightingStop=3/);
    seat = 7;
    await seatButton(page, m, seat, 'available').click();
    await shot(page, 'seats-ar-phone');
    await page.getByRole('button', { name: m.common.continue }).click();
    await fillPassenger(page, m, { firstName: 'آمنة', lastName: 'عثمان', phone: '0912345678' });
    const dialog = await attachProofAndConfirm(page, m);
    expect(await dialog.textContent()).toContain(ARABIC_NAMES.Kassala!);
    await shot(page, 'confirm-ar-phone');
    await dialog.getByRole('button', { name: m.confirm.submit }).click();
    const thanks = page.getByRole('dialog', { name: m.booking.thanksTitle });
    await thanks.waitFor();
    expect(await thanks.getByTestId('legs-line').innerText()).toContain(ARABIC_NAMES.Madani!);
    madaniTicket = (await thanks.locator('.ticket-id bdi').innerText()).trim();
    await shot(page, 'thanks-ar-phone');
    await context.close();
  });

  it('the seat is taken from Khartoum to Port Sudan, and free from Kassala on', async () => {
    expect(await seatsFor(0, 4)).toContain(seat);
    expect(await seatsFor(3, 4)).not.toContain(seat);
    for (const [lang, words, viewport, suffix] of [
      ['ar', m, PHONE, 'ar-phone'],
      ['en', en, DESKTOP, 'en-desktop'],
    ] as const) {
      const context = await browser.newContext({ baseURL: server.url, viewport, locale: 'en-GB' });
      await context.addInitScript((l) => localStorage.setItem('rihla.lang', l), lang);
      const page = await context.newPage();
      await page.goto(`/trip-details/${trip._id}`);
      await seatButton(page, words, seat, 'booked').waitFor();
      await shot(page, `seatmap-whole-${suffix}`);
      await page.goto(`/trip-details/${trip._id}?boardingStop=3&alightingStop=4`);
      await seatButton(page, words, seat, 'available').waitFor();
      await shot(page, `seatmap-kassala-${suffix}`);
      await context.close();
    }
  });

  it('the conductor app at Gedaref lists who boards there', async () => {
    // A counter sale of Gedaref → Port Sudan (stops 2 → 4).
    await staffCall(server.url, 'POST', '/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [3],
      boardingStop: 2,
      alightingStop: 4,
      passengerInfo: { firstName: 'Halima', lastName: 'Adam', phone: '0911000333' },
      paymentMethod: 'cash',
    });
    const conductor = await createConductor(server.url, [trip._id]);
    for (const lang of ['ar', 'en'] as const) {
      const { context, page } = await conductorPage(browser, server.url, conductor, lang);
      const w = words(lang);
      await downloadTrip(page, lang, trip._id, date);
      await page.locator(`[data-phone-trip="${trip._id}"]`).getByRole('link', { name: w.trips.open }).click();
      await page.getByTestId('stop-select').selectOption('2');
      const here = page.getByTestId('boarding-here');
      await expect.poll(() => here.innerText()).toContain('Halima');
      // The Madani traveller's ticket shown at Gedaref: another stop's.
      expect((await checkTyped(page, lang, madaniTicket)).verdict).toBe('wrong_stop');
      await shot(page, `checkin-gedaref-${lang}-phone`);
      await context.close();
    }
  });
});
