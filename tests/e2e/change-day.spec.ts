// Another day in real Chromium against the real server, phone size, in English and Arabic: a traveller with a
// paid booking on tomorrow's trip opens the look-up, chooses "Change day", takes the next day's dearer trip
// and a seat on its map, reads the server's quote (the difference to pay), confirms, sends the proof of the
// difference under the change's reference; staff verify it and the booking is on the new trip with the same
// ticket id, its old seat free. The route's company has its own payment account (issue 24): the difference is
// asked for there, not into the operator's. Screenshots (phone and desktop) go to /tmp/shots/h22-change when SHOTS is set.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en } from '../../shared/i18n/public/en.ts';
import type { PublicMessages } from '../../shared/i18n/public/en.ts';
import { formatNumber } from '../../shared/i18n/format.ts';
import { addDays, khartoumToday } from '../../shared/rules.ts';
import { newPhone, staffCall } from './helpers/admin-payments.ts';
import { launchBrowser, phoneContext } from './helpers/browser.ts';
import { ensurePublicSiteBuilt } from './helpers/build.ts';
import { lookUp, sendProofLater } from './helpers/payment.ts';
import { startServer, type TestServer } from './helpers/server.ts';

type Doc = Record<string, any>;
const SHOTS = process.env.SHOTS;
const DESKTOP = { width: 1366, height: 900 };

let server: TestServer;
let browser: Browser;
const day = (offset: number) => addDays(khartoumToday(), offset);
let trips: Doc[];
const COMPANY_ACCOUNT = { company_bankak_account: '5550001', company_account_name: 'Atbara Express' };

/** A route of its own: tomorrow's trip at one price, the day after's dearer by 2,000 a seat. */
async function makeRoute() {
  const stamp = Date.now().toString(36);
  const call = <T = Doc>(path: string, body: unknown) => staffCall<T>(server.url, 'POST', path, body);
  const origin = await call('/api/origins/createOrigin', {
    origin_city: `Atbara ${stamp}`,
    origin_city_ar: `عطبرة ${stamp}`,
  });
  const destination = await call('/api/destination/createDestination', {
    destination_city: `Berber ${stamp}`,
    destination_city_ar: `بربر ${stamp}`,
  });
  const [company] = await staffCall<Doc[]>(
    server.url,
    'GET',
    '/api/companies/getAllCompanies?_start=0&_end=1',
  );
  // The company's own account: where its travellers pay, the difference of a change too (issue 24).
  await staffCall(server.url, 'PATCH', `/api/companies/updateCompany/${company!._id}`, COMPANY_ACCOUNT);
  const base = 20_000 + (Date.now() % 1000) * 10;
  const made: Doc[] = [];
  for (const [offset, amount] of [
    [1, base],
    [2, base + 2_000],
  ] as const) {
    const price = await call('/api/prices/createPrice', { price: amount });
    const bus = await call('/api/buses/createBus', {
      bus_number: `CD-${stamp}-${offset}`,
      bus_owner_companyId: company!._id,
      bus_number_of_seats: 12,
      bus_status: 'In Service',
      date_ofLast_oil_service: '2026-10-01',
    });
    made.push(
      await call('/api/trips/createTrip', {
        busId: bus._id,
        trip_originId: origin._id,
        trip_destinationId: destination._id,
        trip_date: day(offset),
        trip_boarding_time: '9:00 am',
        trip_ticket_priceId: price._id,
      }),
    );
  }
  return made;
}

async function paidBooking(seat: number, language: 'en' | 'ar') {
  const answer = await staffCall<{ booking: Doc }>(server.url, 'POST', '/api/bookings/counterSale', {
    tripId: trips[0]!._id,
    seats: [seat],
    passengerInfo: { firstName: 'Halima', lastName: 'Osman', phone: newPhone() },
    paymentMethod: 'cash',
    language,
  });
  return answer.booking;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

beforeAll(async () => {
  ensurePublicSiteBuilt();
  server = await startServer();
  browser = await launchBrowser();
  trips = await makeRoute();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each([
  ['en', en, 3, 5],
  ['ar', ar, 4, 6],
] as [string, PublicMessages, number, number][])(
  'changing to the next day (%s)',
  (lang, m, oldSeat, newSeat) => {
    it('quotes the difference, takes its proof, and once staff verify it the booking is on the new trip', async () => {
      const booking = await paidBooking(oldSeat, lang as 'en' | 'ar');
      const context = await phoneContext(browser, server.url);
      const page = await context.newPage();
      await page.goto(`/cancel-reservation?lang=${lang}`);
      const dialog = await lookUp(page, m, booking.ticketId, booking.passengerInfo.phone);
      await dialog.getByRole('button', { name: m.changeDay.button }).click();
      await dialog.getByRole('heading', { name: m.changeDay.title }).waitFor();
      // The next day is offered first: its one trip of the route.
      await dialog.getByRole('radio').first().click();
      await dialog
        .getByRole('button', { name: new RegExp(`^${m.seats.seatLabel.split('{seat}')[0]}${newSeat}\\b`) })
        .click();
      const quote = dialog.locator('[data-change-quote]');
      await quote.waitFor();
      expect(await quote.innerText()).toContain(formatNumber(2_000, lang as 'en' | 'ar'));
      await shot(page, `change-quote-${lang}`);
      // Staff raise the new trip's fare while the traveller reads the quote: the change is refused,
      // the form says why and shows the new difference, and the traveller confirms that one.
      const target = trips[1]!;
      // Prices are unique: each language's run raises it by its own amount.
      const raise = lang === 'en' ? 500 : 700;
      const before = await staffCall<Doc>(server.url, 'GET', `/api/trips/getTrip/${target._id}`);
      const dearer = await staffCall<Doc>(server.url, 'POST', '/api/prices/createPrice', {
        price: before.trip_ticket_priceId.price + raise,
      });
      const setPrice = (priceId: string) =>
        staffCall(server.url, 'PATCH', `/api/trips/updateTrip/${target._id}`, {
          trip_ticket_priceId: priceId,
        });
      await setPrice(dearer._id);
      try {
        await dialog.getByRole('button', { name: m.changeDay.confirm }).click();
        await dialog.getByRole('alert').filter({ hasText: m.changeDay.PRICE_CHANGED }).waitFor();
        await expect
          .poll(async () => (await quote.isVisible()) && (await quote.innerText()))
          .toContain(formatNumber(2_000 + raise, lang as 'en' | 'ar'));
        // The trip's own line says the new fare too, and the traveller's seat is still chosen.
        const chosen = dialog.locator('label', { has: page.locator('input[type=radio]:checked') });
        await expect
          .poll(() => chosen.innerText())
          .toContain(formatNumber(before.trip_ticket_priceId.price + raise, lang as 'en' | 'ar'));
        expect(await quote.innerText()).toContain(formatNumber(2_000 + raise, lang as 'en' | 'ar'));
        await shot(page, `change-price-moved-${lang}`);
        await dialog.getByRole('button', { name: m.changeDay.confirm }).click();
        await dialog.getByText(m.changeDay.awaiting).waitFor();
      } finally {
        // The other language's run starts from the fare as it was.
        await setPrice(before.trip_ticket_priceId._id);
      }
      const pending = dialog.getByRole('region', { name: m.changeDay.pendingTitle });
      await pending.waitFor();
      // Where to pay the difference: the company's account, the one its statement is matched against.
      await pending.getByText(COMPANY_ACCOUNT.company_bankak_account).waitFor();
      expect(await pending.innerText()).toContain(COMPANY_ACCOUNT.company_account_name);
      await shot(page, `change-pending-${lang}`);

      const reference = `CHG${Date.now().toString(36).toUpperCase()}`;
      await sendProofLater(pending, m, reference);
      const looked = await staffCall<Doc[]>(
        server.url,
        'GET',
        `/api/bookings/filterBookings?ticketId=${booking.ticketId}&phone=${booking.passengerInfo.phone}`,
      );
      const changeTicket = looked[0]!.pendingChange.ticketId as string;
      const [change] = await staffCall<Doc[]>(
        server.url,
        'GET',
        `/api/bookings/filterBookings?ticketId=${changeTicket}&phone=${booking.passengerInfo.phone}`,
      );
      expect(change!.paymentStatus).toBe('proof_submitted');
      await staffCall(server.url, 'PATCH', `/api/bookings/verifyPayment/${change!._id}`, {});

      const again = await lookUp(page, m, booking.ticketId, booking.passengerInfo.phone);
      await again.getByText(m.changeDay.button).waitFor();
      expect(await again.getByRole('region', { name: m.changeDay.pendingTitle }).count()).toBe(0);
      await shot(page, `change-done-${lang}`);
      await context.close();
      const moved = await staffCall<Doc>(server.url, 'GET', `/api/bookings/getBooking/${booking._id}`);
      expect(moved.tripId._id ?? moved.tripId).toBe(trips[1]!._id);
      expect(moved.seats).toEqual([newSeat]);
      expect(moved.ticketId).toBe(booking.ticketId);
      const old = await staffCall<Doc>(server.url, 'GET', `/api/trips/getTrip/${trips[0]!._id}`);
      expect(old.bookedSeats).not.toContain(oldSeat);
    });
  },
);
