// Every screen a person sees, for the layout and accessibility checks (tests/e2e/admin-layout.spec.ts) and the
// screenshot script (bench/screens.ts): the back-office's list, detail, create and edit screens of every
// registry resource (the views admin/screens.ts gives each one), the dashboard, settings, disruptions, one's own password,
// a booking's travellers dialog, the payments desk, the forbidden page (as a cashier), and the public site's
// pages. A demo server has no report, inbox message, booking or second staff account: `seedScreens` adds one
// of each (a booking paid, one cancelled, one paid and cancelled with its refund owed, a cancelled trip, a
// cashier) so that detail pages show something.
import type { Page } from 'playwright-core';
import { resources } from '../../../shared/registry/index.ts';
import { PUBLIC_ROUTES } from '../../../shared/routes.ts';
import { configOf, recordPath } from '../../../admin/generated/screenConfig.ts';
import { declaredScreens } from '../../../admin/screens.ts';
import { bookWithProof, staffCall } from './admin-payments.ts';
import { findTrips, tomorrow } from './api.ts';

export type View = 'list' | 'show' | 'create' | 'edit';
export interface Screen {
  /** A file-name-safe name: `trips-list`, `public-home`. */
  name: string;
  path: string;
  resource?: string;
  view?: View;
  /** What a person does once the page is there (opens a dialog), before it is looked at. */
  then?: (page: Page) => Promise<void>;
  /** It opens a dialog: what the screen shows is the dialog (photographed without the page behind). */
  dialog?: boolean;
}

/** The cashier `seedScreens` registers: the forbidden page is theirs to see. */
export const CASHIER = { email: 'rania.cashier@rihla.test', password: 'copper lagoon rania 7' };

/** A view's address: the spec's own URL where it has one (screenConfig's `specPages`), react-admin's otherwise. */
function pathOf(resource: string, view: View, id: string | undefined): string | undefined {
  if (view === 'show' || view === 'edit') return id ? recordPath(resource, view, id) : undefined;
  const own = configOf(resource).specPages?.find((page) => page.view === view && !page.path.includes(':id'));
  if (own) return own.path;
  return view === 'list' ? `/${resource}` : `/${resource}/create`;
}

/** The back-office's screens; `ids` names one record of each resource (detail and edit screens need one). */
export function staffScreens(ids: Record<string, string | undefined>): Screen[] {
  const screens: Screen[] = [
    { name: 'dashboard', path: '/dashboard' },
    { name: 'settings', path: '/setting' },
    { name: 'disruptions', path: '/disruptions' },
    { name: 'analytics', path: '/analytics' },
    {
      name: 'change-password',
      path: '/change-password',
      then: (page) => page.getByTestId('change-password').waitFor(),
    },
  ];
  for (const def of resources) {
    for (const view of Object.keys(declaredScreens(def).views) as View[]) {
      const path = pathOf(def.name, view, ids[def.name]);
      if (path) screens.push({ name: `${def.name}-${view}`, path, resource: def.name, view });
    }
  }
  if (ids.bookings)
    screens.push({
      name: 'bookings-travellers',
      path: `/bookings/${ids.bookings}/show`,
      dialog: true,
      then: async (page) => {
        await page.getByTestId('edit-travellers').click();
        await page.getByRole('dialog').locator('fieldset').first().waitFor();
      },
    });
  return screens;
}

/** What a cashier sees where their role may not go (signed in as `CASHIER`). */
export const cashierScreens = (): Screen[] => [
  { name: 'forbidden', path: '/user', then: (page) => page.getByTestId('forbidden').waitFor() },
];

/** Opens a screen and does what it says a person does there. */
export async function showScreen(page: Page, screen: Screen) {
  await openScreen(page, screen.path);
  if (screen.then) {
    await screen.then(page);
    await settle(page);
  }
}

/** The payments desk and the counter sale (hand-written, photographed too). */
export function deskScreens(ids: Record<string, string | undefined>): Screen[] {
  return [
    { name: 'payments-queue', path: '/bookings/payments' },
    ...(ids.proof ? [{ name: 'payments-review', path: `/bookings/payments/${ids.proof}` }] : []),
    { name: 'payments-import', path: '/bookings/payments/import' },
    { name: 'payments-refunds', path: '/bookings/payments/refunds' },
    ...(ids.trips ? [{ name: 'counter-sale', path: `/trips/${ids.trips}/sell` }] : []),
  ];
}

export function publicScreens(tripId: string | undefined): Screen[] {
  return PUBLIC_ROUTES.flatMap((route) => {
    const path = route.replace(':id', tripId ?? '');
    if (path.endsWith('/')) return path === '/' ? [{ name: 'public-home', path }] : [];
    return [{ name: `public${route.replace(/\/:id$/, '').replace(/\//g, '-')}`, path }];
  });
}

const firstId = async (url: string, path: string) =>
  (await staffCall<{ _id: string }[]>(url, 'GET', `${path}?_start=0&_end=1`))[0]?._id;

/** Makes the records the detail screens show, and answers one id per resource (plus `proof`). */
export async function seedScreens(url: string): Promise<Record<string, string | undefined>> {
  const [trip, other] = await findTrips(url, 'Khartoum', 'Kassala', tomorrow());
  const paid = await bookWithProof(url, trip, [10, 11], {
    reference: `TRX-${Date.now().toString(36)}`,
    firstName: 'Amna',
    lastName: 'Osman',
  });
  const waiting = await bookWithProof(url, trip, [14], {
    reference: `TRX-${Date.now().toString(36)}-2`,
    firstName: 'Sara',
    lastName: 'Hassan',
  });
  const cancelled = await bookWithProof(url, trip, [20, 21, 22], {
    reference: `TRX-${Date.now().toString(36)}-3`,
    firstName: 'Omer',
    lastName: 'Babiker',
  });
  // Paid, then cancelled: a refund owed, for the refunds screen.
  const refunded = await bookWithProof(url, trip, [24], {
    reference: `TRX-${Date.now().toString(36)}-4`,
    firstName: 'Hawa',
    lastName: 'Adam',
  });
  for (const booking of [paid, refunded])
    await staffCall(url, 'PATCH', `/api/bookings/verifyPayment/${booking._id}`, {});
  await staffCall(url, 'PATCH', `/api/bookings/cancelBooking/${cancelled._id}`, {});
  await staffCall(url, 'PATCH', `/api/bookings/cancelBooking/${refunded._id}`, {});
  // A traveller's own cancellation (ticket id and phone): the activity log names the traveller, not staff.
  const own = await bookWithProof(url, trip, [26], {
    reference: `TRX-${Date.now().toString(36)}-5`,
    firstName: 'Musa',
    lastName: 'Idris',
    phone: '0911765432',
  });
  const ownCancel = await fetch(`${url}/api/bookings/cancelBooking/${own._id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ticketId: own.ticketId, phone: '0911765432' }),
  });
  if (!ownCancel.ok) throw new Error(`a traveller's cancelBooking answered ${ownCancel.status}`);
  if (other) await staffCall(url, 'PATCH', `/api/trips/cancelTrip/${other._id}`, {});
  const report = await staffCall<{ _id: string }>(url, 'POST', '/api/reports/createReport', {
    report_title: 'Flat tyre near Madani',
    report_description:
      'Bus KH-1201 arrived forty minutes late at Wad Madani after a flat tyre near Al-Kamlin.',
  });
  const lost = await fetch(`${url}/api/lostItems/createLostItem`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Musa',
      last_name: 'Idris',
      phone: '0912000999',
      date_of_loss: tomorrow(),
      item_type: 'wallet',
      colour: 'black',
      bus_number: 'KH-1201',
      description: 'A black leather wallet left on seat 12.',
    }),
  }).then((r) => r.json());
  const enquiry = await fetch(`${url}/api/enquiries/createEnquiry`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Hawa',
      last_name: 'Adam',
      phone: '0912000888',
      message: 'Is there a night bus from Khartoum to Port Sudan on Fridays?',
    }),
  }).then((r) => r.json());
  const cashier = await staffCall<{ _id: string }>(url, 'POST', '/api/auth/register', {
    username: 'rania.cashier',
    first_name: 'Rania',
    last_name: 'Ahmed',
    phone_number: '0912000777',
    email: CASHIER.email,
    password: CASHIER.password,
    password_confirm: CASHIER.password,
    role: 'cashier',
  });
  // An entry with changes to compare: the cancelled booking's.
  const [cancelling] = await staffCall<{ _id: string }[]>(
    url,
    'GET',
    `/api/activity/getAllActivity?action=cancel_booking&recordId=${cancelled._id}&_start=0&_end=1`,
  );
  const timetable = await seedTimetable(url, trip._id);
  const ids: Record<string, string | undefined> = {
    timetables: timetable._id,
    bookings: paid._id,
    users: cashier._id,
    activity: cancelling?._id,
    trips: trip._id,
    reports: report._id,
    lostItems: lost._id,
    enquiries: enquiry._id,
    proof: waiting._id,
  };
  for (const def of resources) {
    if (ids[def.name] || !def.api.list) continue;
    ids[def.name] = await firstId(url, `${def.api.base}/${def.api.list}`).catch(() => undefined);
  }
  return ids;
}

/** A timetable of the trip's route on a bus of its own, weekdays from tomorrow (its trips go on sale). */
export async function seedTimetable(url: string, tripId: string) {
  type Ref = { _id: string };
  const trip = await staffCall<{
    busId: { bus_owner_companyId: Ref };
    trip_originId: Ref;
    trip_destinationId: Ref;
    trip_ticket_priceId: Ref;
  }>(url, 'GET', `/api/trips/getTrip/${tripId}`);
  const bus = await staffCall<Ref>(url, 'POST', '/api/buses/createBus', {
    bus_number: `KH-${1300 + Math.floor(Math.random() * 600)}`,
    bus_owner_companyId: trip.busId.bus_owner_companyId._id,
    bus_number_of_seats: 45,
    bus_status: 'In Service',
    date_ofLast_oil_service: tomorrow(),
  });
  return staffCall<Ref>(url, 'POST', '/api/timetables/createTimetable', {
    timetable_originId: trip.trip_originId._id,
    timetable_destinationId: trip.trip_destinationId._id,
    busId: bus._id,
    timetable_boarding_time: '9:00 am',
    timetable_ticket_priceId: trip.trip_ticket_priceId._id,
    timetable_days: [0, 1, 2, 3, 4],
    timetable_from: tomorrow(),
  });
}

/**
 * Opens a screen in the single-page app and waits until it has settled: react-admin's loading bar gone, no
 * skeleton or spinner left, fonts loaded.
 */
export async function openScreen(page: Page, path: string) {
  const inApp = await page.evaluate(() => !!document.querySelector('.RaLayout-appFrame'));
  if (inApp) {
    // A client-side navigation keeps the session (the access token lives in memory only).
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(path);
  }
  await page.waitForFunction(
    (to) => location.pathname + location.search === to || location.pathname === to.split('?')[0],
    path,
  );
  await settle(page);
}

const BUSY = '.MuiSkeleton-root, .MuiCircularProgress-root, .RaLoading-root, [role=progressbar]';

export async function settle(page: Page) {
  // A screen that polls (the payments queue) is never idle for long: each wait is bounded, and so is the
  // whole loop, or a refetch seen at every check would keep a screen "loading" until the test times out.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  const deadline = Date.now() + 20_000;
  // Nothing loading, twice 200 ms apart (a reference input starts its own request after the page's).
  for (let quiet = 0; quiet < 2 && Date.now() < deadline;) {
    const busy = await page
      .waitForFunction((selector) => !document.querySelector(selector), BUSY, { timeout: 10_000 })
      .then(
        () => false,
        () => true,
      );
    if (busy) break;
    await page.waitForTimeout(200);
    quiet = (await page.evaluate((selector) => !document.querySelector(selector), BUSY)) ? quiet + 1 : 0;
  }
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(150);
}

/**
 * How much wider than the screen the page is, and what sticks out: the outermost elements (the first few in
 * document order) and the innermost ones, which are where the cause is.
 */
export async function overflow(page: Page) {
  return page.evaluate(() => {
    const label = (e: Element) => `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]}`;
    const describe = (e: Element) => {
      const text = (e.textContent ?? '').trim().slice(0, 40);
      return `${label(e)}${text ? ` "${text}"` : ''}`;
    };
    const out = [...document.querySelectorAll('body *')]
      .filter((e) => {
        const box = e.getBoundingClientRect();
        return box.width > 0 && (box.right > innerWidth + 1 || box.left < -1);
      })
      .filter((e) => !e.closest('[aria-hidden=true], .MuiDrawer-root, [style*="overflow"]'));
    const innermost = out.filter((e) => !out.some((other) => other !== e && e.contains(other)));
    return {
      width: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      wider: out.slice(0, 5).map(label),
      innermost: innermost.slice(0, 5).map(describe),
    };
  });
}
