// The payments desk in real Chromium against the real server: travellers' bookings with proofs made through
// the API; staff find them in the queue (and the count in the sidebar and on the dashboard), review one and
// press V (verified, the next one opens), reject the next with a reason, verify a flagged duplicate only with
// an override note, verify a booking by importing a bank statement, mark a refund paid, and sell at the
// counter (a seat taken meanwhile refreshes the map; the ticket downloads, PAID). Money that must not fall out
// of sight: a proof sent then cancelled by the traveller is checked from the desk and owed back; a cashier's
// cash refund waits for a manager, who confirms it. Then the queue, the review, the cancelled booking's check,
// the import, the refunds and the counter sale are photographed at 1280×800 and 390×844, in English and
// Arabic (/tmp/screens/admin-*.png), none of them wider than the screen.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminWords,
  bookWithProof,
  DESKTOP,
  newPhone,
  type ProofBooking,
  staffBooking,
  staffCall,
  staffPage,
} from './helpers/admin-payments.ts';
import { type DemoTrip, findTrips, freeSeats, getTrip, tomorrow } from './helpers/api.ts';
import { DEFAULT_REFUND_RULES, refundQuote } from '../../shared/refund-rules.ts';
import { departureInstant } from '../../shared/rules.ts';
import { waitForNotice } from './helpers/admin.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensureAdminBuilt } from './helpers/build.ts';
import { pdfText } from './helpers/journey.ts';
import { makePng } from './helpers/png.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { languagesAndSizes } from './helpers/layout.ts';

const SCREENS = '/tmp/screens';
const t = adminWords('en');
let server: TestServer;
let browser: Browser;
let trip: DemoTrip;
let run = 0;
/** A transaction reference no other booking of the run has. */
const reference = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++run}`;

/** Seats of the trip no booking holds now (the server's view, re-read each time). */
async function seats(count: number) {
  return freeSeats(await getTrip(server.url, trip._id), count);
}

beforeAll(async () => {
  ensureAdminBuilt();
  server = await startServer();
  browser = await launchBrowser();
  [trip] = await findTrips(server.url, 'Khartoum', 'Kassala', tomorrow());
  fs.mkdirSync(SCREENS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const reviewOf = (page: Page, booking: ProofBooking) =>
  page.locator(`[data-testid=payment-review][data-booking="${booking._id}"]`);

describe('the payments desk (English, desktop)', () => {
  let page: Page;
  let first: ProofBooking;
  let second: ProofBooking;

  beforeAll(async () => {
    const [a, b] = await seats(2);
    first = await bookWithProof(server.url, trip, [a], { reference: reference('QA'), firstName: 'Halima' });
    second = await bookWithProof(server.url, trip, [b], { reference: reference('QB'), firstName: 'Yousif' });
    page = await staffPage(browser, server.url, 'en', DESKTOP);
  });
  afterAll(() => page?.context().close());

  it('counts the proofs waiting in the sidebar and on the dashboard, linking to the queue', async () => {
    const waiting = (
      await staffCall<unknown[]>(server.url, 'GET', '/api/payments/getQueue?_start=0&_end=200')
    ).length;
    await page.reload();
    expect(await page.getByTestId('count-proofsWaiting').innerText()).toBe(String(waiting));
    expect(await page.getByTestId('payments-waiting').innerText()).toBe(String(waiting));
    await page.getByTestId('count-proofsWaiting').click();
    await page.waitForURL('**/bookings/payments');
    const row = page.locator(`tr[data-booking="${first._id}"]`);
    await row.getByText(first.ticketId).waitFor();
    await row.getByText('Halima Osman').waitFor();
    await row.getByText(t('rihla.payments.flags.none')).waitFor();
  });

  it('opens a proof, V verifies it, and the next proof opens', async () => {
    await page.locator(`tr[data-booking="${first._id}"]`).click();
    await reviewOf(page, first).waitFor();
    const proof = page.getByTestId('payment-proof');
    await proof.waitFor();
    expect(await proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24);
    await page.getByRole('button', { name: t('rihla.payments.proof.rotate') }).click();
    expect(await proof.getAttribute('data-turns')).toBe('1');
    await page.getByRole('button', { name: t('rihla.payments.proof.zoom_in') }).click();
    expect(await proof.getAttribute('data-zoom')).toBe('1.5');
    await page.keyboard.press('v');
    await reviewOf(page, second).waitFor();
    await waitForNotice(page, first.ticketId);
    expect(await staffBooking(server.url, first._id)).toMatchObject({
      paymentStatus: 'verified',
      verifiedVia: 'review',
    });
  });

  it('R rejects the next with a reason', async () => {
    await page.keyboard.press('r');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: t('rihla.payments.reason.amount_wrong') }).check();
    await dialog.getByRole('textbox').fill('Paid 40,000 of 45,000');
    await dialog.getByRole('button', { name: t('rihla.payments.reject.confirm') }).click();
    await waitForNotice(page, second.ticketId);
    await page.waitForURL((url) => !url.pathname.endsWith(second._id));
    expect(await staffBooking(server.url, second._id)).toMatchObject({
      paymentStatus: 'rejected',
      rejectionReason: 'amount_wrong',
      rejectionNote: 'Paid 40,000 of 45,000',
    });
  });

  it('verifies a flagged duplicate only with an override note', async () => {
    const shared = reference('DUP');
    const [a, b] = await seats(2);
    const original = await bookWithProof(server.url, trip, [a], { reference: shared });
    const copy = await bookWithProof(server.url, trip, [b], { reference: shared });
    await page.goto(`/bookings/payments/${copy._id}`);
    await reviewOf(page, copy).waitFor();
    const flag = page.locator('[data-flag=duplicate-reference]');
    await flag.getByRole('link', { name: original.ticketId }).waitFor();
    await page.keyboard.press('v');
    const dialog = page.getByRole('dialog', { name: t('rihla.payments.override.title') });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: t('rihla.payments.override.confirm') });
    expect(await confirm.isDisabled()).toBe(true);
    expect((await staffBooking(server.url, copy._id)).paymentStatus).toBe('proof_submitted');
    await dialog.getByRole('textbox').fill('Two seats, one transfer: checked in Bankak');
    await confirm.click();
    await waitForNotice(page, copy.ticketId);
    expect(await staffBooking(server.url, copy._id)).toMatchObject({
      paymentStatus: 'verified',
      overrideNote: 'Two seats, one transfer: checked in Bankak',
    });
  });

  it('a bank statement import verifies the booking whose reference and amount match', async () => {
    const [seat] = await seats(1);
    const paid = await bookWithProof(server.url, trip, [seat], { reference: reference('ST') });
    const amount = paid.totalTicketPrice[0];
    const row = (ref: string, sum: number) =>
      `2026-11-20;${ref};${sum.toLocaleString('en-US')}.00;Bankak transfer`;
    const csv = [
      'Date;Transaction ID;Amount (SDG);Details',
      row(paid.paymentReference, amount),
      row('NOPE-1', amount),
    ].join('\n');
    await page.goto('/bookings/payments/import');
    await page.getByTestId('statement-file').setInputFiles({
      name: 'november.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByTestId('statement-file-name').waitFor();
    await page.getByRole('button', { name: t('rihla.payments.import.check'), exact: true }).click();
    const dry = page.getByTestId('statement-dry-run');
    await dry.waitFor();
    expect(await dry.locator('[data-group=matched]').getAttribute('data-count')).toBe('1');
    expect(await dry.locator('[data-group=unmatched]').getAttribute('data-count')).toBe('1');
    expect((await staffBooking(server.url, paid._id)).paymentStatus).toBe('proof_submitted');
    await page.getByTestId('statement-run').click();
    const result = page.getByTestId('statement-result');
    await result.locator('[data-group-rows=matched]').getByRole('link', { name: paid.ticketId }).waitFor();
    expect(await staffBooking(server.url, paid._id)).toMatchObject({
      paymentStatus: 'verified',
      verifiedVia: 'import',
    });
  });

  it('marks a refund paid with the transfer’s reference', async () => {
    const cancelled = await staffCall<Record<string, any>>(
      server.url,
      'PATCH',
      `/api/bookings/cancelBooking/${first._id}`,
      { isCancelled: true },
    );
    // The default refund rules' tier for the time left before tomorrow's departure (under or over 24 h,
    // depending on the hour this runs).
    const departure = departureInstant(
      trip.trip_date,
      (trip as DemoTrip & { trip_boarding_time: string }).trip_boarding_time,
    );
    expect(cancelled.refundDue).toBe(
      refundQuote(DEFAULT_REFUND_RULES, first.totalTicketPrice[0], departure, new Date()).refund,
    );
    await page.goto('/bookings/payments/refunds');
    const row = page.locator(`tr[data-booking="${first._id}"]`);
    await row.getByRole('button', { name: t('rihla.payments.refunds.mark_paid') }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('button', { name: t('rihla.payments.refunds.confirm') }).isDisabled()).toBe(
      true,
    );
    await dialog.getByRole('textbox').fill('BK-REFUND-77');
    await dialog.getByRole('button', { name: t('rihla.payments.refunds.confirm') }).click();
    await waitForNotice(page, first.ticketId);
    await row.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: t('rihla.payments.refunds.paid') }).click();
    await page
      .locator(`[data-testid=refunds-paid] tr[data-booking="${first._id}"]`)
      .getByText('BK-REFUND-77')
      .waitFor();
    expect(await staffBooking(server.url, first._id)).toMatchObject({ refundReference: 'BK-REFUND-77' });
  });

  it('the booking shows its payment and links to its review', async () => {
    await page.goto(`/bookings/${first._id}/show`);
    const payment = page.getByTestId('booking-payment');
    await payment
      .getByTestId('payment-status')
      .filter({ hasText: t('rihla.payments.status.verified') })
      .waitFor();
    await payment.getByText('BK-REFUND-77').waitFor();
    await payment.getByRole('link', { name: t('rihla.payments.detail.review') }).click();
    await reviewOf(page, first).waitFor();
  });

  it('sells at the counter: a seat taken meanwhile refreshes the map; the ticket downloads, PAID', async () => {
    await page.goto(`/trips/${trip._id}/show`);
    await page.getByRole('link', { name: t('rihla.counter.sell') }).click();
    await page.waitForURL(`**/trips/${trip._id}/sell`);
    const [wanted, other] = await seats(2);
    const seat = (n: number) => page.locator(`[data-testid=seat-picker] [data-seat="${n}"]`);
    await seat(wanted).click();
    expect(await seat(wanted).getAttribute('data-state')).toBe('selected');
    await page.locator('input[name=firstName]').fill('Mohamed');
    await page.locator('input[name=lastName]').fill('Ali');
    await page.locator('input[name=phone]').fill(newPhone());
    // Someone else takes that seat on the public site meanwhile.
    await bookWithProof(server.url, trip, [wanted], { reference: reference('RACE') });
    const submit = page.getByRole('button', { name: t('rihla.counter.submit') });
    await submit.click();
    await page
      .getByRole('alert')
      .filter({ hasText: String(wanted) })
      .first()
      .waitFor();
    await expect.poll(() => seat(wanted).getAttribute('data-state')).toBe('taken');
    await seat(other).click();
    // Bankak without its transaction number: the form asks for it, and nothing is sold.
    await page.getByRole('combobox', { name: t('rihla.counter.method') }).click();
    await page.getByRole('option', { name: t('rihla.payments.method.bankak') }).click();
    await submit.click();
    await page.getByText(t('rihla.errors.codes.REFERENCE_REQUIRED')).waitFor();
    expect(await seat(other).getAttribute('data-state')).toBe('selected');
    await page.getByRole('combobox', { name: t('rihla.counter.method') }).click();
    await page.getByRole('option', { name: t('rihla.payments.method.cash') }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), submit.click()]);
    const sold = page.getByTestId('counter-sold');
    await sold.waitFor();
    const ticketId = /ticket-(\d{13})\.pdf/.exec(download.suggestedFilename())?.[1];
    expect(ticketId).toBeTruthy();
    expect(await sold.innerText()).toContain(ticketId);
    const text = await pdfText(download);
    expect(text).toContain('PAID');
    expect(text).not.toContain('PAYMENT PENDING');
    const [booking] = await staffCall<Record<string, any>[]>(
      server.url,
      'GET',
      `/api/bookings/getAllBookings?q=${ticketId}`,
    );
    expect(booking).toMatchObject({
      paymentStatus: 'verified',
      verifiedVia: 'counter',
      paymentMethod: 'cash',
      seats: [other],
    });
  });
});

/** A staff account of `role`, registered by the admin through the API. */
async function account(role: 'cashier' | 'manager', first: string) {
  const password = `copper lagoon ${first.toLowerCase()} ${++run}`;
  const email = `${first.toLowerCase()}${run}@rihla.test`;
  await staffCall(server.url, 'POST', '/api/auth/register', {
    username: `${first.toLowerCase()}${run}`,
    first_name: first,
    last_name: 'Ahmed',
    phone_number: newPhone(),
    email,
    password,
    password_confirm: password,
    role,
  });
  return { email, password };
}

/** A booking with a proof that its traveller then cancels on the look-up (no staff involved). */
async function paidThenCancelled(firstName: string) {
  const [seat] = await seats(1);
  const booking = await bookWithProof(server.url, trip, [seat], { reference: reference('GONE'), firstName });
  const response = await fetch(`${server.url}/api/bookings/cancelBooking/${booking._id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ticketId: booking.ticketId, phone: booking.passengerInfo.phone }),
  });
  expect(response.status).toBe(200);
  return booking;
}

/** A paid booking cancelled by staff whose refund a cashier recorded as handed over in cash. */
async function cashRefundRecorded(cashier: { email: string; password: string }) {
  const [seat] = await seats(1);
  const booking = await bookWithProof(server.url, trip, [seat], { reference: reference('CASH') });
  await staffCall(server.url, 'PATCH', `/api/bookings/verifyPayment/${booking._id}`, {});
  await staffCall(server.url, 'PATCH', `/api/bookings/cancelBooking/${booking._id}`, {});
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(cashier),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const recorded = await fetch(`${server.url}/api/payments/markRefundPaid/${booking._id}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ refundMethod: 'cash' }),
  });
  expect(recorded.status).toBe(202);
  return booking;
}

describe('money that must not fall out of sight (English, desktop)', () => {
  it('a proof sent then cancelled by the traveller is on the desk; the money arrived, it is owed back', async () => {
    const gone = await paidThenCancelled('Nafisa');
    const page = await staffPage(browser, server.url, 'en', DESKTOP);
    await page.goto('/bookings/payments');
    const row = page.locator(`[data-testid=cancelled-proofs] [data-booking="${gone._id}"]`);
    await row.getByText('Nafisa Osman').waitFor();
    await row.getByRole('link', { name: gone.ticketId }).click();
    const check = page.getByTestId('cancelled-check');
    await check.waitFor();
    expect(await page.getByTestId('decision-bar').count()).toBe(0);
    await check.getByRole('button', { name: t('rihla.payments.cancelled.arrived') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('rihla.payments.cancelled.confirm_arrived') })
      .click();
    await waitForNotice(page, gone.ticketId);
    expect(await staffBooking(server.url, gone._id)).toMatchObject({
      paymentStatus: 'verified',
      isCancelled: true,
      refundDue: gone.totalTicketPrice[0],
    });
    await page.goto('/bookings/payments/refunds');
    await page.locator(`[data-testid=refunds-due] tr[data-booking="${gone._id}"]`).waitFor();
    await page.context().close();
  });

  it('a cashier’s cash refund waits for a manager, who confirms it', async () => {
    const cashier = await account('cashier', 'Khadija');
    const manager = await account('manager', 'Babiker');
    const booking = await cashRefundRecorded(cashier);
    const asCashier = await staffPage(browser, server.url, 'en', DESKTOP, cashier);
    await asCashier.goto('/bookings/payments/refunds');
    const mine = asCashier.locator(`tr[data-booking="${booking._id}"] [data-testid=refund-awaiting]`);
    await mine.waitFor();
    expect(await mine.getByRole('button').count()).toBe(0);
    await asCashier.context().close();
    const asManager = await staffPage(browser, server.url, 'en', DESKTOP, manager);
    await asManager.goto('/bookings/payments/refunds');
    await asManager
      .locator(`tr[data-booking="${booking._id}"]`)
      .getByRole('button', { name: t('rihla.payments.refunds.confirm_cash') })
      .click();
    await waitForNotice(asManager, booking.ticketId);
    expect((await staffBooking(server.url, booking._id)).refundPaidAt).toBeTruthy();
    await asManager.context().close();
  });
});

describe('screens in both languages, on a desktop and a phone', () => {
  let review: ProofBooking;
  let gone: ProofBooking;

  beforeAll(async () => {
    const [a, b, c] = await seats(3);
    const shared = reference('TRX');
    const image = makePng(30, 48, { noise: true });
    await bookWithProof(server.url, trip, [a], {
      reference: shared,
      image,
      firstName: 'Fatima',
      lastName: 'Abdelrahman',
    });
    review = await bookWithProof(server.url, trip, [b], {
      reference: shared,
      image,
      firstName: 'Omer',
      lastName: 'Babiker',
    });
    await bookWithProof(server.url, trip, [c], {
      reference: reference('TRX'),
      firstName: 'Sara',
      lastName: 'Hassan',
    });
    gone = await paidThenCancelled('Amira');
    await cashRefundRecorded(await account('cashier', 'Mariam'));
  });

  const csv = [
    'Date;Transaction ID;Amount (SDG);Details',
    '2026-11-20;TRX-0001;45,000.00;Bankak',
    '2026-11-20;TRX-0002;30,000.00;Bankak',
    '2026-11-20;TRX-0003;-45,000.00;Refund sent',
  ].join('\n');

  for (const { lang, size, viewport } of languagesAndSizes())
    it(`queue, review and import (${lang}, ${size})`, async () => {
      const words = adminWords(lang);
      const page = await staffPage(browser, server.url, lang, viewport);
      /** Saves the page as a PNG, then checks nothing makes it wider than the screen (naming what does). */
      const shot = async (name: string) => {
        await page.screenshot({ path: `${SCREENS}/admin-${name}-${lang}-${size}.png` });
        const { width, wider } = await page.evaluate(() => ({
          width: document.documentElement.scrollWidth,
          wider: [...document.querySelectorAll('main *')]
            .filter(
              (e) => e.getBoundingClientRect().right > innerWidth + 1 || e.getBoundingClientRect().left < -1,
            )
            .filter((e) => !e.closest('[style*=overflow], .MuiTabs-scroller, .MuiTable-root'))
            .slice(0, 5)
            .map((e) => `${e.tagName}.${String(e.className).split(' ')[0]}`),
        }));
        expect
          .soft(width, `${name} is wider than the screen: ${wider.join(', ')}`)
          .toBeLessThanOrEqual(viewport.width);
      };

      await page.goto('/bookings/payments');
      await page
        .locator(`[data-booking="${review._id}"]`)
        .getByText(words('rihla.payments.flags.duplicate_reference_short'))
        .waitFor();
      await shot('queue');
      await page.getByTestId('cancelled-proofs').scrollIntoViewIfNeeded();
      await shot('queue-cancelled');

      await page.goto(`/bookings/payments/${gone._id}`);
      await page.getByTestId('cancelled-check').waitFor();
      await page.getByTestId('payment-proof').waitFor();
      await shot('review-cancelled');
      await page
        .getByTestId('cancelled-check')
        .getByRole('button', { name: words('rihla.payments.cancelled.arrived') })
        .click();
      await page.getByRole('dialog').waitFor();
      await shot('review-cancelled-dialog');
      await page.keyboard.press('Escape');

      await page.goto(`/bookings/payments/${review._id}`);
      await reviewOf(page, review).waitFor();
      await page.getByTestId('payment-proof').waitFor();
      await page.locator('[data-flag=duplicate-image]').waitFor();
      await page.getByRole('button', { name: words('rihla.payments.review.verify') }).waitFor();
      await shot('review');

      await page.goto('/bookings/payments/import');
      await page
        .getByTestId('statement-file')
        .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: words('rihla.payments.import.check'), exact: true }).click();
      await page.getByTestId('statement-dry-run').waitFor();
      await shot('import');
      await page.locator('[data-group-rows=debits]').scrollIntoViewIfNeeded();
      await shot('import-debits');

      await page.goto('/bookings/payments/refunds');
      await page.getByRole('tab', { name: words('rihla.payments.refunds.paid') }).waitFor();
      await page.getByTestId('refund-awaiting').first().waitFor();
      await shot('refunds');
      await page
        .getByRole('button', { name: words('rihla.payments.refunds.mark_paid') })
        .first()
        .click();
      await page
        .getByRole('dialog')
        .getByRole('radio', { name: words('rihla.payments.refunds.method_cash') })
        .check();
      await shot('refunds-cash-dialog');
      await page.keyboard.press('Escape');

      await page.goto(`/trips/${trip._id}/sell`);
      const [free] = await seats(1);
      await page.locator(`[data-testid=seat-picker] [data-seat="${free}"]`).click();
      await shot('counter-sale');
      await page.getByRole('combobox', { name: words('rihla.counter.method') }).click();
      await page.getByRole('option', { name: words('rihla.payments.method.bankak') }).click();
      await page.getByRole('button', { name: words('rihla.counter.submit') }).click();
      await page.getByText(words('rihla.errors.codes.REFERENCE_REQUIRED')).waitFor();
      await shot('counter-sale-reference');
      await page.context().close();
    });
});
