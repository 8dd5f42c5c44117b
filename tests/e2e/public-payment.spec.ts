// Paying for a booking, in real Chromium against the real server: a proof sent later from the look-up page
// and verified by staff (the ticket downloaded again says PAID); a proof rejected with a reason and sent
// again from the thank-you overlay, in Arabic; a hold that lapses, freeing its seat for someone else; and a
// trip whose bus goes out of service while the traveller books it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en as m } from '../../shared/i18n/public/en.ts';
import { bookThroughApi, findTrips, freeSeats, getTrip } from './helpers/api.ts';
import { launchBrowser, phoneContext } from './helpers/browser.ts';
import { ensurePublicSiteBuilt } from './helpers/build.ts';
import { fill, fillPassenger, pdfText, seatButton } from './helpers/journey.ts';
import {
  bookOnPage,
  lapseHold,
  lookUp,
  PAYMENT_ENV,
  paymentStatus,
  rejectPayment,
  sendProofLater,
  setBusStatus,
  startPaymentServer,
  verifyPayment,
  type PaymentServer,
} from './helpers/payment.ts';
import { bookingByTicket, staffGet } from './helpers/staff.ts';

const toArabicDigits = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

let server: PaymentServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ensurePublicSiteBuilt();
  // Holds lapse by the sweep within a second once their deadline has passed.
  server = await startPaymentServer({ EXPIRY_SWEEP_SECONDS: '1' });
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

describe('paying for a booking', () => {
  it('books without a proof, sends it later from the look-up, and downloads the PAID ticket once staff verify it', async () => {
    const [trip] = await findTrips(server.url, 'Khartoum', 'Kassala');
    const [seat] = freeSeats(trip, 1);
    const passenger = { firstName: 'Amna', lastName: 'Osman', phone: '0912000111' };

    // The payment step shows the amount and the operator's accounts, and the hold without a proof.
    await page.goto(`/trip-details/${trip._id}`);
    await seatButton(page, m, seat, 'available').click();
    await page.getByRole('button', { name: m.common.continue }).click();
    const step = page.getByRole('region', { name: m.payment.title });
    await step.getByText(PAYMENT_ENV.PAYMENT_BANKAK_ACCOUNT).waitFor();
    const stepText = await step.textContent();
    for (const part of ['Rihla Travel Co.', 'Zain Cash', '0998765432', m.payment.checked])
      expect(stepText).toContain(part);
    await page.getByLabel(m.payment.later).check();
    await step.getByText(m.payment.sendLater).waitFor();
    expect(await step.textContent()).toContain('(Khartoum time)');

    const { ticketId, thanks, download } = await bookOnPage(page, m, trip, seat, passenger, null);
    expect(await pdfText(download)).toContain('PAYMENT PENDING');
    expect(await paymentStatus(thanks).textContent()).toBe(m.payment.status.awaiting_proof);
    // The countdown runs: about 30 minutes, then less.
    const timer = thanks.getByRole('timer');
    const first = await timer.textContent();
    expect(first).toMatch(/^(29|30):\d\d left$/);
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);

    const dialog = await lookUp(page, m, ticketId, passenger.phone);
    expect(await paymentStatus(dialog).textContent()).toBe(m.payment.status.awaiting_proof);
    await sendProofLater(dialog, m, 'MM 4455 6677');
    await expect.poll(() => paymentStatus(dialog).textContent()).toBe(m.payment.status.proof_submitted);
    expect(await dialog.getByRole('button', { name: m.payment.send }).count()).toBe(0);

    const stored = await bookingByTicket(server.url, ticketId);
    expect(stored).toMatchObject({ paymentStatus: 'proof_submitted', paymentReference: 'MM44556677' });
    await verifyPayment(server.url, stored._id);

    await dialog.getByRole('button', { name: m.payment.check }).click();
    await expect.poll(() => paymentStatus(dialog).textContent()).toBe(m.payment.status.verified);
    await dialog.getByText(m.payment.ticketPaid).waitFor();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: m.cancel.download }).click();
    const paid = await pdfText(await downloading);
    expect(paid).toContain(ticketId);
    expect(paid).toContain('PAID');
    expect(paid).not.toContain('PAYMENT PENDING');
  });

  it('shows a rejected proof with its reason in Arabic, and takes a new one from the thank-you overlay', async () => {
    const [trip] = await findTrips(server.url, 'Khartoum', 'Port Sudan');
    const [seat] = freeSeats(trip, 1);
    const phone = '0912000222';
    const { ticketId, thanks } = await bookOnPage(
      page,
      ar,
      trip,
      seat,
      { firstName: 'آمنة', lastName: 'عثمان', phone: toArabicDigits(phone) },
      { reference: toArabicDigits('77001') },
      '?lang=ar',
    );
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await paymentStatus(thanks).textContent()).toBe(ar.payment.status.proof_submitted);

    const stored = await bookingByTicket(server.url, ticketId);
    expect(stored).toMatchObject({ paymentStatus: 'proof_submitted', paymentReference: '77001' });
    await rejectPayment(server.url, stored._id, 'amount_wrong');

    await thanks.getByRole('button', { name: ar.payment.check }).click();
    await expect.poll(() => paymentStatus(thanks).textContent()).toBe(ar.payment.status.rejected);
    await thanks.getByText(PAYMENT_ENV.PAYMENT_BANKAK_ACCOUNT).waitFor();
    const text = await thanks.textContent();
    expect(text).toContain(
      fill(ar.payment.detail.rejected.split('{time}')[0], { reason: ar.payment.reasons.amount_wrong }),
    );
    expect(text).toContain('بتوقيت الخرطوم');
    expect(text).toContain(PAYMENT_ENV.PAYMENT_BANKAK_ACCOUNT);
    // The deadline's time (12-hour) is isolated from the Arabic sentence around it, its period word after it.
    expect(await thanks.locator('.pay-status bdi[dir="ltr"]').first().textContent()).toMatch(
      /^\d{1,2}:\d\d$/,
    );
    expect(text).toMatch(/\d{1,2}:\d\d (صباحًا|مساءً) بتوقيت الخرطوم/);

    await sendProofLater(thanks, ar, 'TRX-90210');
    await expect.poll(() => paymentStatus(thanks).textContent()).toBe(ar.payment.status.proof_submitted);
    const review = await staffGet<{
      booking: { paymentStatus: string; rejectionReason: null };
      proofs: unknown[];
    }>(server.url, `/api/payments/getPayment/${stored._id}`);
    expect(review.booking).toMatchObject({ paymentStatus: 'proof_submitted', rejectionReason: null });
    expect(review.proofs).toHaveLength(2);
  });

  it('frees the seat of a hold that lapsed, and another traveller books it', async () => {
    const [trip] = await findTrips(server.url, 'Khartoum', 'Nyala');
    const [seat] = freeSeats(trip, 1);
    const firstPhone = '0912000333';
    const { booking } = await bookThroughApi(server.url, trip, [seat], firstPhone);
    expect((await getTrip(server.url, trip._id)).bookedSeats).toContain(seat);

    await lapseHold(server.database, booking.ticketId);
    await expect
      .poll(async () => (await getTrip(server.url, trip._id)).bookedSeats.includes(seat), { timeout: 10_000 })
      .toBe(false);

    // The first traveller is told the hold expired, and is no longer offered to send a proof.
    const dialog = await lookUp(page, m, booking.ticketId, firstPhone);
    expect(await paymentStatus(dialog).textContent()).toBe(m.payment.status.expired);
    await dialog.getByText(m.payment.detail.expired).waitFor();
    expect(await dialog.getByRole('button', { name: m.payment.send }).count()).toBe(0);

    const second = await bookOnPage(
      page,
      m,
      await getTrip(server.url, trip._id),
      seat,
      { firstName: 'Sara', lastName: 'Idris', phone: '0912000444' },
      { reference: 'BK 5512' },
    );
    expect(await paymentStatus(second.thanks).textContent()).toBe(m.payment.status.proof_submitted);
    expect((await bookingByTicket(server.url, second.ticketId)).seats).toEqual([seat]);
  });

  it('says in Arabic that a trip whose bus went out of service cannot be booked now', async () => {
    const [trip] = await findTrips(server.url, 'Khartoum', 'Gedaref');
    const [seat] = freeSeats(trip, 1);
    await page.goto(`/trip-details/${trip._id}?lang=ar`);
    await seatButton(page, ar, seat, 'available').click();
    await page.getByRole('button', { name: ar.common.continue }).click();
    await fillPassenger(page, ar, { firstName: 'سارة', lastName: 'إدريس', phone: '0912000777' });
    await page.getByLabel(ar.payment.later).check();
    await page.getByRole('button', { name: ar.common.continue }).click();

    await setBusStatus(server.url, trip, 'Out of Service');
    try {
      await page.getByRole('button', { name: ar.confirm.submit }).click();
      // The sale is refused (TRIP_UNAVAILABLE); the page reads the trip again and says why.
      await page.getByRole('alert').filter({ hasText: ar.trip.outOfService }).waitFor();
      await page.reload();
      await page.getByRole('alert').filter({ hasText: ar.trip.outOfService }).waitFor();
      expect(await seatButton(page, ar, seat, 'available').count()).toBe(0);
      expect((await getTrip(server.url, trip._id)).bookedSeats).not.toContain(seat);
    } finally {
      await setBusStatus(server.url, trip, 'In Service');
    }
  });
});
