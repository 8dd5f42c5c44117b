// Around the conductor app's browser tests: a conductor account, tickets sold at the counter (paid), booked
// unpaid and cancelled through the API, the signed code read back from the real PDF ticket (rendered with
// pdftoppm, decoded with jsQR), QR images of codes (the qrcode package), and a signed-in /check-in page.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { checkinAr } from '../../../shared/i18n/checkin/ar.ts';
import { checkinEn, type CheckinMessages } from '../../../shared/i18n/checkin/en.ts';
import { staffCall } from './admin-payments.ts';
import { bookThroughApi, type DemoTrip } from './api.ts';
import { ROOT } from './server.ts';

export type Lang = 'en' | 'ar';
export const words = (lang: Lang): CheckinMessages => (lang === 'ar' ? checkinAr : checkinEn);

export interface Conductor {
  email: string;
  password: string;
  /** The ids of their assignments, one per trip given (to unassign them). */
  assignments: string[];
}

let accounts = 0;
/**
 * A new conductor account, registered by the admin and assigned to `trips` (a conductor's phone lists and
 * opens only the trips assigned to them, issue 24).
 */
export async function createConductor(url: string, trips: string[]): Promise<Conductor> {
  const n = `${Date.now().toString(36)}${++accounts}`;
  const who = { email: `conductor-${n}@board.rihla.test`, password: `acacia-ferry-${n}-kassala` };
  const account = await staffCall<{ _id: string }>(url, 'POST', '/api/auth/register', {
    username: `conductor${n}`,
    first_name: 'Idris',
    last_name: 'Bakheet',
    phone_number: '0912345678',
    email: who.email,
    password: who.password,
    password_confirm: who.password,
    role: 'conductor',
  });
  const assignments: string[] = [];
  for (const tripId of trips)
    assignments.push(
      (
        await staffCall<{ _id: string }>(url, 'POST', '/api/conductors/assign', {
          userId: account._id,
          tripId,
        })
      )._id,
    );
  return { ...who, assignments };
}

export interface SoldTicket {
  _id: string;
  ticketId: string;
  seats: number[];
  pdf: Buffer;
}

/** Seats sold at the counter: paid at once, with the PDF ticket. */
export async function counterSale(
  url: string,
  trip: DemoTrip,
  seats: number[],
  passenger = { firstName: 'Amna', lastName: 'Osman', phone: '0911000111' },
): Promise<SoldTicket> {
  const sold = await staffCall<{ booking: SoldTicket; pdfBlob: string }>(
    url,
    'POST',
    '/api/bookings/counterSale',
    { tripId: trip._id, seats, passengerInfo: passenger, paymentMethod: 'cash' },
  );
  return { ...sold.booking, pdf: Buffer.from(sold.pdfBlob, 'base64') };
}

/** Seats booked by a traveller who has not paid yet (awaiting proof). */
export async function unpaidBooking(url: string, trip: DemoTrip, seats: number[]) {
  return (await bookThroughApi(url, trip, seats, '0911222333')).booking;
}

export async function cancelBooking(url: string, id: string) {
  await staffCall(url, 'PATCH', `/api/bookings/cancelBooking/${id}`, {});
}

/** The ticket's first page as a PNG (what a traveller shows on a phone), and the code its QR holds. */
export function renderTicket(pdf: Buffer): { png: Buffer; code: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-ticket-'));
  try {
    fs.writeFileSync(path.join(dir, 't.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-r',
      '110',
      '-singlefile',
      '-png',
      path.join(dir, 't.pdf'),
      path.join(dir, 't'),
    ]);
    execFileSync('pdftoppm', ['-r', '110', '-singlefile', path.join(dir, 't.pdf'), path.join(dir, 't')]);
    const ppm = fs.readFileSync(path.join(dir, 't.ppm'));
    return { png: fs.readFileSync(path.join(dir, 't.png')), code: decodePpm(ppm) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The QR text in a binary PPM (P6) image. */
function decodePpm(ppm: Buffer): string {
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not a PPM');
  const [whole, w, h] = header;
  const width = Number(w);
  const height = Number(h);
  const rgb = ppm.subarray(whole.length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < width * height; i++, j += 3) {
    rgba[i * 4] = rgb[j];
    rgba[i * 4 + 1] = rgb[j + 1];
    rgba[i * 4 + 2] = rgb[j + 2];
    rgba[i * 4 + 3] = 255;
  }
  const found = jsQR(rgba, width, height);
  if (!found) throw new Error('no QR code in the ticket');
  return found.data;
}

/** A PNG of a QR code holding `text` (a printed ticket's, or a forged one). */
export const qrPng = (text: string) => QRCode.toBuffer(text, { margin: 4, scale: 6 });

/** A copy of a genuine code with one claim changed: its signature no longer matches. */
export function tamper(code: string): string {
  const parts = code.split('.');
  parts[3] = parts[3] === '1' ? '2' : '1';
  return parts.join('.');
}

/** A phone with the conductor app, in `lang`, signed in and showing the trips. */
export async function conductorPage(
  browser: Browser,
  url: string,
  who: Conductor,
  lang: Lang = 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    serviceWorkers: 'allow',
  });
  await context.addInitScript((language) => localStorage.setItem('rihla.lang', language), lang);
  const page = await context.newPage();
  const m = words(lang);
  await page.goto('/check-in');
  await page.getByLabel(m.signIn.email).fill(who.email);
  await page.getByLabel(m.signIn.password).fill(who.password);
  await page.getByRole('button', { name: m.signIn.submit }).click();
  await page.getByRole('heading', { name: m.trips.onPhone }).waitFor();
  return { context, page };
}

/** Waits until the page's service worker is active and controls the page (the app then opens offline). */
export async function serviceWorkerReady(page: Page) {
  await page.waitForFunction(
    async () => !!(await navigator.serviceWorker.ready).active && !!navigator.serviceWorker.controller,
    null,
    { timeout: 30_000 },
  );
}

/** Waits until the service worker's runtime cache holds the QR reader (fetched after a trip is downloaded). */
export async function readerCached(page: Page) {
  await page.waitForFunction(
    async () =>
      (await caches.has('checkin-assets')) &&
      (await (await caches.open('checkin-assets')).keys()).some((r) => /\/qr-worker-[\w-]+\.js$/.test(r.url)),
    null,
    { timeout: 30_000 },
  );
}

/** Downloads a trip of `date` from the trip list (found by its id). */
export async function downloadTrip(page: Page, lang: Lang, tripId: string, date: string) {
  const m = words(lang);
  await page.getByLabel(m.trips.date).fill(date);
  const card = page.locator(`[data-trip="${tripId}"]`);
  await card.getByRole('button', { name: m.trips.download }).click();
  await card.getByRole('link', { name: m.trips.open }).waitFor();
}

/** Checks a typed ticket number or code; answers the verdict shown. */
export async function checkTyped(page: Page, lang: Lang, text: string) {
  const m = words(lang);
  const before = await shownScan(page);
  await page.getByLabel(m.check.ticketNumber).fill(text);
  await page.getByRole('button', { name: m.check.checkButton, exact: true }).click();
  return newVerdict(page, before);
}

/** Checks a QR image through the photo picker (the decoder the camera uses); answers the verdict shown. */
export async function checkPhoto(page: Page, png: Buffer) {
  const before = await shownScan(page);
  await page.getByTestId('photo').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: png });
  return newVerdict(page, before);
}

/** The scan the verdict on screen belongs to, if one is shown (without waiting for one). */
const shownScan = (page: Page) =>
  page.evaluate(() => document.querySelector('[data-testid=verdict]')?.getAttribute('data-scan') ?? null);

async function newVerdict(page: Page, before: string | null) {
  const panel = page.getByTestId('verdict');
  await page.waitForFunction(
    (previous) => {
      const shown = document.querySelector('[data-testid=verdict]');
      const scan = shown?.getAttribute('data-scan');
      return !!scan && scan !== previous && shown!.getAttribute('data-timed') === scan;
    },
    before,
    { timeout: 15_000 },
  );
  return {
    verdict: (await panel.getAttribute('data-verdict'))!,
    text: await panel.innerText(),
    ms: Number(await panel.getAttribute('data-ms')),
  };
}

/** Builds dist/checkin when it is missing or older than the app's sources (and shared/). */
export function ensureCheckinBuilt() {
  const built = path.join(ROOT, 'dist/checkin/index.html');
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
      const file = path.join(dir, entry.name);
      return Math.max(latest, entry.isDirectory() ? newest(file) : fs.statSync(file).mtimeMs);
    }, 0);
  const sources = Math.max(newest(path.join(ROOT, 'public-site/checkin')), newest(path.join(ROOT, 'shared')));
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= sources) return;
  execFileSync('npx', ['vite', 'build', '--mode', 'checkin'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * A short video of a QR code holding `text` (Y4M, 640×480, grey), for Chromium's fake camera
 * (--use-file-for-fake-video-capture): the camera path of the app, decoder included, on a real stream.
 */
export function qrVideo(text: string, file: string) {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = Math.floor((height - 40) / (modules.size + 2 * quiet));
  const size = cell * (modules.size + 2 * quiet);
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  const luma = Buffer.alloc(width * height, 200);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const row = Math.floor(y / cell) - quiet;
      const column = Math.floor(x / cell) - quiet;
      const dark =
        row >= 0 && column >= 0 && row < modules.size && column < modules.size && modules.get(row, column);
      luma[(top + y) * width + left + x] = dark ? 16 : 235;
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
}
