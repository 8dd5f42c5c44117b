// Around the payments desk's browser tests: travellers' bookings with a proof made through the API (each its
// own image, so only the duplicates a test means are flagged), staff calls to check what the page did, the
// back-office's words in either language, and a signed-in page in a given language and size.
import type { Browser, Page } from 'playwright-core';
import { ar } from '../../../shared/i18n/admin/ar.ts';
import { en } from '../../../shared/i18n/admin/en.ts';
import { paymentsAr } from '../../../shared/i18n/admin/payments.ar.ts';
import { paymentsEn } from '../../../shared/i18n/admin/payments.en.ts';
import { type DemoTrip, staffToken } from './api.ts';
import { makePng } from './png.ts';
import { STAFF } from './server.ts';

type Tree = { [key: string]: Tree | string };

function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over))
    out[key] =
      typeof value === 'object' && typeof out[key] === 'object' ? merge(out[key] as Tree, value) : value;
  return out;
}

export type Lang = 'en' | 'ar';

/** The back-office's own words (with the payments desk's), so a test reads the page in either language. */
export function adminWords(lang: Lang) {
  const messages =
    lang === 'ar'
      ? merge(ar as unknown as Tree, paymentsAr as unknown as Tree)
      : merge(en as unknown as Tree, paymentsEn as unknown as Tree);
  return (key: string, vars: Record<string, string | number> = {}) => {
    const found = key
      .split('.')
      .reduce<Tree | string | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        messages,
      );
    if (typeof found !== 'string') throw new Error(`no message ${key}`);
    return found.replace(/%\{(\w+)\}/g, (_, name: string) => String(vars[name]));
  };
}

let phones = 0;
/** A phone number no other booking of the run used. */
export const newPhone = () =>
  `091${String(Date.now() % 1e5).padStart(5, '0')}${String(++phones % 100).padStart(2, '0')}`;

export interface ProofBooking {
  _id: string;
  ticketId: string;
  /** As stored: without spaces or dashes, upper case. */
  paymentReference: string;
  totalTicketPrice: number[];
  passengerInfo: { firstName: string; lastName: string; phone: string };
}

/** A traveller's booking with a payment proof, through the public API; a unique image unless one is given. */
export async function bookWithProof(
  url: string,
  trip: DemoTrip,
  seats: number[],
  options: { reference: string; image?: Buffer; firstName?: string; lastName?: string; phone?: string },
): Promise<ProofBooking> {
  const form = new FormData();
  form.append('tripId', trip._id);
  form.append('seats', JSON.stringify(seats));
  form.append(
    'passengerInfo',
    JSON.stringify({
      firstName: options.firstName ?? 'Amna',
      lastName: options.lastName ?? 'Osman',
      phone: options.phone ?? newPhone(),
    }),
  );
  form.append('totalTicketPrice', String(seats.length * trip.trip_ticket_priceId.price));
  form.append('bookingDate', new Date().toISOString());
  form.append('paymentReference', options.reference);
  form.append('paymentMethod', 'bankak');
  const image = options.image ?? makePng(24, 36, { noise: true });
  form.append('bankakScreenshot', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'proof.png');
  const response = await fetch(`${url}/api/bookings/createBooking`, { method: 'POST', body: form });
  if (response.status !== 201)
    throw new Error(`createBooking answered ${response.status}: ${await response.text()}`);
  return (await response.json()).booking;
}

/** A staff call through the API (to check what the page did, or to set a scene). */
export async function staffCall<T>(url: string, method: string, path: string, body?: unknown): Promise<T> {
  const token = await staffToken(url);
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export const staffBooking = (url: string, id: string) =>
  staffCall<Record<string, any>>(url, 'GET', `/api/bookings/getBooking/${id}`);

export { DESKTOP, PHONE } from './layout.ts';

/**
 * A signed-in back-office page in `lang`, at `viewport`, on the role's start page (the dashboard for the
 * admin), as the admin unless `who` is given. The login rate limit counts: sign in once per page.
 */
export async function staffPage(
  browser: Browser,
  baseURL: string,
  lang: Lang,
  viewport: { width: number; height: number },
  who: { email: string; password: string } = STAFF,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-GB', acceptDownloads: true });
  await context.addInitScript((language) => localStorage.setItem('rihla.lang', language), lang);
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name=email]').fill(who.email);
  await page.locator('input[name=password]').fill(who.password);
  await page.getByRole('button', { name: adminWords(lang)('rihla.login.submit') }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.waitForFunction((dir) => document.documentElement.dir === dir, lang === 'ar' ? 'rtl' : 'ltr');
  return page;
}
