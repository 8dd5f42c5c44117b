// Cash-up in real Chromium against the real server: a cashier opens a shift on the Shifts screen with a float,
// sells two seats for cash at the counter, and closes the shift with 500 SDG less than expected; the screen and
// the API say the variance. Closing is a blind count: the expected cash shows only once the shift is closed.
// With RIHLA_SHOTS=<dir>, the screen is photographed on a phone and a desktop in both
// languages.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWords, DESKTOP, type Lang, PHONE, staffCall, staffPage } from './helpers/admin-payments.ts';
import { bookThroughApi, type DemoTrip, findTrips, freeSeats, getTrip, tomorrow } from './helpers/api.ts';
import { launchBrowser } from './helpers/browser.ts';
import { formatNumber } from '../../shared/i18n/format.ts';
import { ensureAdminBuilt } from './helpers/build.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const SHOTS = process.env.RIHLA_SHOTS;
const FLOAT = 1000;
let server: TestServer;
let browser: Browser;
let trip: DemoTrip;
const cashier = { email: 'nour.shift@rihla.test', password: 'copper lagoon shift 1' };

beforeAll(async () => {
  await ensureAdminBuilt();
  server = await startServer();
  browser = await launchBrowser();
  await staffCall(server.url, 'POST', '/api/auth/register', {
    username: 'nour.shift',
    first_name: 'Nour',
    last_name: 'Ahmed',
    phone_number: '0912345670',
    email: cashier.email,
    password: cashier.password,
    password_confirm: cashier.password,
    role: 'cashier',
  });
  [trip] = await findTrips(server.url, 'Khartoum', 'Kassala', tomorrow());
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A call of the cashier's own (their shift, their sale), answered as it comes. */
async function cashierCall(method: string, path: string, body?: unknown): Promise<Response> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(cashier),
  });
  const { access_token } = await login.json();
  return fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** The cashier's own calls, which succeed. */
async function asCashier<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await cashierCall(method, path, body);
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

async function amount(page: Page, value: number) {
  await page.getByTestId('shift-amount').fill(String(value));
  await page.getByTestId('shift-confirm').click();
}

describe('a cashier’s shift', () => {
  for (const [lang, viewport, size] of [
    ['en', DESKTOP, 'desktop'],
    ...(SHOTS
      ? ([
          ['ar', PHONE, 'phone'],
          ['ar', DESKTOP, 'desktop'],
          ['en', PHONE, 'phone'],
        ] as const)
      : []),
  ] as [Lang, typeof PHONE, string][])
    it(`is asked for by a counter sale, whose refusal leads to the Shifts screen (${lang}, ${size})`, async () => {
      const page = await staffPage(browser, server.url, lang, viewport, cashier);
      const t = adminWords(lang);
      await page.goto(`/trips/${trip._id}/sell`);
      await page.locator(`[data-testid=seat-picker] [data-seat="${freeSeats(trip, 1)[0]}"]`).click();
      await page.locator('input[name=firstName]').fill('Amna');
      await page.locator('input[name=lastName]').fill('Osman');
      await page.locator('input[name=phone]').fill('0911000111');
      await page.getByRole('button', { name: t('rihla.counter.submit') }).click();
      const alert = page.getByTestId('counter-no-shift');
      await alert.waitFor();
      expect(await alert.innerText()).toContain(t('rihla.errors.codes.NO_OPEN_SHIFT'));
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/no-shift-${size}-${lang}.png` });
      await page.getByTestId('counter-open-shift').click();
      await page.waitForURL('**/shifts');
      await page.getByTestId('open-shift').waitFor();
      await page.context().close();
    });

  it('opens with a float, sells for cash, closes with a variance', async () => {
    const page = await staffPage(browser, server.url, 'en', DESKTOP, cashier);
    const t = adminWords('en');
    await page.goto('/shifts');
    await page
      .getByTestId('my-shift')
      .filter({ hasText: t('rihla.shifts.no_open_shift') })
      .waitFor();
    await page.getByTestId('open-shift').click();
    await amount(page, FLOAT);
    await page.getByTestId('close-my-shift').waitFor();

    const seats = freeSeats(trip, 2);
    await asCashier('POST', '/api/bookings/counterSale', {
      tripId: trip._id,
      seats,
      passengerInfo: { firstName: 'Amna', lastName: 'Osman', phone: '0911000111' },
      paymentMethod: 'cash',
    });
    const expected = FLOAT + 2 * trip.trip_ticket_priceId.price;
    await page.reload();
    // A blind count: nothing on the screen or in the dialog tells the cashier what the drawer should hold.
    const shown = (n: number) => [String(n), n.toLocaleString('en-US')];
    await page.getByTestId('close-my-shift').click();
    await page.getByRole('dialog').waitFor();
    const before = await page.locator('body').innerText();
    for (const text of shown(expected)) expect(before).not.toContain(text);
    await amount(page, expected - 500);
    // Closed, the dialog tells what was expected and the variance.
    await page
      .getByTestId('closed-variance')
      .filter({ hasText: /−500|-500/ })
      .waitFor();
    expect(await page.getByTestId('closed-expected').textContent()).toContain(
      expected.toLocaleString('en-US'),
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/shift-closed-desktop-en.png` });
    await page.getByTestId('closed-done').click();
    await page.getByTestId('open-shift').waitFor();
    const [shift] = await asCashier<Record<string, any>[]>('GET', '/api/shifts/getAllShifts');
    expect(shift).toMatchObject({ status: 'closed', float: FLOAT, expected, counted: expected - 500 });
    expect(shift.variance).toBe(-500);
    await page
      .getByTestId('shift-row')
      .first()
      .getByText(/−500|-500/)
      .waitFor();
    await page.context().close();
  });

  let phone = 0;
  for (const [lang, viewport, size] of [
    ['ar', PHONE, 'phone'],
    ...(SHOTS
      ? ([
          ['en', DESKTOP, 'desktop'],
          ['ar', DESKTOP, 'desktop'],
          ['en', PHONE, 'phone'],
        ] as const)
      : []),
  ] as [Lang, typeof PHONE, string][])
    it(`takes an online hold's price in cash, into the open shift (${lang}, ${size})`, async () => {
      // The cashier's shift is open (the test above closed the first one; one already open answers 409).
      await cashierCall('POST', '/api/shifts/openShift', { float: 0 });
      const fresh = await getTrip(server.url, trip._id);
      const { booking } = await bookThroughApi(server.url, fresh, freeSeats(fresh, 1), `091200070${++phone}`);
      const page = await staffPage(browser, server.url, lang, viewport, cashier);
      const t = adminWords(lang);
      await page.goto(`/bookings/${booking._id}/show`);
      await page.getByRole('button', { name: t('rihla.payments.cash.button') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(formatNumber(trip.trip_ticket_priceId.price, lang));
      if (SHOTS) {
        // Once the dialog has faded in.
        await page.waitForFunction(() =>
          [...document.querySelectorAll('.MuiDialog-container')].every(
            (element) => getComputedStyle(element).opacity === '1',
          ),
        );
        await page.screenshot({ path: `${SHOTS}/cash-payment-${size}-${lang}.png` });
      }
      await dialog.getByRole('button', { name: t('rihla.payments.cash.confirm') }).click();
      // Told on the page (the notice names the ticket), and the payment shows as paid.
      await page.locator('.MuiSnackbarContent-message').filter({ hasText: booking.ticketId }).waitFor();
      await page.getByTestId('booking-payment').getByText(t('rihla.payments.method.cash')).waitFor();
      const [shift] = await asCashier<Record<string, any>[]>('GET', '/api/shifts/getAllShifts');
      expect(shift.status).toBe('open');
      const paid = await asCashier<Record<string, any>>('GET', `/api/bookings/getBooking/${booking._id}`);
      expect(paid).toMatchObject({
        paymentStatus: 'verified',
        paymentMethod: 'cash',
        verifiedVia: 'counter',
      });
      await page.context().close();
    });

  if (SHOTS)
    for (const [lang, viewport, size] of [
      ['en', DESKTOP, 'desktop'],
      ['ar', DESKTOP, 'desktop'],
      ['en', PHONE, 'phone'],
      ['ar', PHONE, 'phone'],
    ] as [Lang, typeof PHONE, string][])
      it(`photographs the screen (${lang}, ${size})`, async () => {
        const page = await staffPage(browser, server.url, lang, viewport);
        await page.goto('/shifts');
        await page
          .getByTestId(size === 'phone' ? 'shift-card' : 'shift-row')
          .first()
          .waitFor();
        await page.screenshot({ path: `${SHOTS}/shifts-${size}-${lang}.png`, fullPage: true });
        await page.context().close();
      });
});
