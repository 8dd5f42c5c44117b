// The payment journeys' surroundings: a server whose operator publishes payment instructions (and whose
// database the test may open, to make a hold lapse), staff deciding on a proof through the API, and the
// steps a traveller takes on the page to book, look a booking up and send a proof later. Labels come from
// the site's message files, so the same steps drive the English and the Arabic site.
import type { Download, Locator, Page } from 'playwright-core';
import type { PublicMessages } from '../../../shared/i18n/public/en.ts';
import { startServer as startRealServer, type RunningServer } from '../../../bench/lib/server.ts';
import { openDatabase, type Database } from '../../../server/db/database.ts';
import { createPostgresDatabase } from '../../helpers/postgres.ts';
import type { DemoTrip } from './api.ts';
import { staffToken } from './api.ts';
import { fillPassenger, proofInput, seatButton } from './journey.ts';
import { makePng } from './png.ts';

export const PAYMENT_ENV = {
  PAYMENT_BANKAK_ACCOUNT: '3041227700915',
  PAYMENT_ACCOUNT_NAME: 'Rihla Travel Co.',
  PAYMENT_WALLETS: 'Zain Cash:0912345678,MTN MoMo:0998765432',
};

export interface PaymentServer extends RunningServer {
  /** The server's own database, opened beside it (writes from here are noticed by the server). */
  database: Database;
}

/** The demo network with payment instructions, on a fresh SQLite DATA_DIR or PostgreSQL database. */
export async function startPaymentServer(env: Record<string, string> = {}): Promise<PaymentServer> {
  const postgres = process.env.TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
  const server = await startRealServer({
    DEMO_DATA: '1',
    ...PAYMENT_ENV,
    ...env,
    DATABASE_URL: postgres?.url,
  });
  const database = openDatabase({ databaseUrl: postgres?.url, dataDir: server.dataDir });
  return {
    ...server,
    database,
    stop: async () => {
      await database.close();
      await server.stop();
      await postgres?.drop();
    },
  };
}

/** Moves a booking's payment deadline a minute into the past: its hold has lapsed. */
export async function lapseHold(database: Database, ticketId: string) {
  await database.db
    .updateTable('bookings')
    .set({ paymentDeadline: new Date(Date.now() - 60_000).toISOString() })
    .where('ticketId', '=', ticketId)
    .execute();
}

async function staffPatch(url: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: 'PATCH',
    headers: {
      Authorization: `Bearer ${await staffToken(url)}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export const verifyPayment = (url: string, bookingId: string) =>
  staffPatch(url, `/api/bookings/verifyPayment/${bookingId}`);

export const rejectPayment = (url: string, bookingId: string, reason: string) =>
  staffPatch(url, `/api/bookings/rejectPayment/${bookingId}`, { reason, note: 'Checked by the e2e test' });

/** Puts the trip's bus out of service (or back): its trips are then neither listed nor sold. */
export async function setBusStatus(url: string, trip: DemoTrip, status: 'In Service' | 'Out of Service') {
  const response = await fetch(`${url}/api/buses/updateBus/${trip.busId._id}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${await staffToken(url)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ bus_status: status }),
  });
  if (!response.ok) throw new Error(`updateBus answered ${response.status}: ${await response.text()}`);
}

let shade = 0;
/** A small real PNG no other proof of this run used (the same image twice is flagged as a duplicate). */
export function proofImage(name = 'payment.png') {
  shade++;
  return { name, mimeType: 'image/png', buffer: makePng(240 + (shade % 50), 320) };
}

export interface Booked {
  ticketId: string;
  /** The thank-you overlay. */
  thanks: Locator;
  /** The ticket downloaded at once. */
  download: Download;
}

/**
 * Books `seat` of `trip` on the page: with a proof (and its transaction number) now, or choosing to send it
 * later. Answers the ticket id, the thank-you overlay and the PDF downloaded at once.
 */
export async function bookOnPage(
  page: Page,
  m: PublicMessages,
  trip: DemoTrip,
  seat: number,
  passenger: { firstName: string; lastName: string; phone: string },
  proof: { reference: string } | null,
  query = '',
): Promise<Booked> {
  await page.goto(`/trip-details/${trip._id}${query}`);
  await seatButton(page, m, seat, 'available').click();
  await page.getByRole('button', { name: m.common.continue }).click();
  await fillPassenger(page, m, passenger);
  if (proof) {
    await proofInput(page, m).setInputFiles(proofImage());
    await page.getByLabel(m.payment.reference).fill(proof.reference);
  } else {
    await page.getByLabel(m.payment.later).check();
  }
  await page.getByRole('button', { name: m.common.continue }).click();
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('dialog', { name: m.confirm.title })
    .getByRole('button', { name: m.confirm.submit })
    .click();
  const download = await downloading;
  const ticketId = download.suggestedFilename().replace(/\.pdf$/, '');
  const thanks = page.getByRole('dialog', { name: m.booking.thanksTitle });
  await thanks.waitFor();
  return { ticketId, thanks, download };
}

/** Looks a booking up on the cancel-reservation page; answers the results overlay. */
export async function lookUp(page: Page, m: PublicMessages, ticketId: string, phone: string) {
  await page.goto('/cancel-reservation');
  await page.getByLabel(m.cancel.ticketId).fill(ticketId);
  await page.getByLabel(m.cancel.phone, { exact: true }).fill(phone);
  await page.getByRole('button', { name: m.cancel.submit }).click();
  const dialog = page.getByRole('dialog', { name: m.cancel.resultsTitle });
  await dialog.waitFor();
  return dialog;
}

/** Opens the later-proof form inside `scope`, fills it and sends it. */
export async function sendProofLater(scope: Locator, m: PublicMessages, reference: string) {
  await scope.getByRole('button', { name: m.payment.send }).click();
  await proofInput(scope, m).setInputFiles(proofImage('receipt.png'));
  await scope.getByText(/receipt\.png/).waitFor();
  await scope.getByLabel(m.payment.reference).fill(reference);
  await scope.getByLabel(m.payment.method).selectOption('mobile_money');
  // Resolves once the server has answered the upload, so a caller that next reads the booking sees it.
  const answered = scope
    .page()
    .waitForResponse(
      (response) =>
        response.url().includes('/api/bookings/submitProof') && response.request().method() !== 'OPTIONS',
    );
  await scope.getByRole('button', { name: m.payment.submit, exact: true }).click();
  const response = await answered;
  if (!response.ok()) throw new Error(`submitProof answered ${response.status()}`);
}

/** The payment status shown in `scope` (its title line). */
export const paymentStatus = (scope: Locator) => scope.locator('.pay-status-title').first();
