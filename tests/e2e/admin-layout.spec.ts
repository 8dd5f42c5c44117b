// The back-office as a person sees it (issue 13), in real Chromium against the real server: every list, detail,
// create and edit screen of every resource (the activity log and one entry, a user with its role included), the
// dashboard, settings, one's own password, a booking's travellers dialog, the payments desk (queue, review,
// statement import, refunds, counter sale) and, signed in as a cashier, the forbidden page, in English and
// Arabic, at 1280×800 and 390×844, fit the screen (the document is no wider than the viewport) and, in English
// on the desktop and Arabic on the phone, have no axe-core violation of any impact, minor ones included: none is
// excused. Then what issue 13's screenshots
// showed, each checked as a person would see it: lists, confirmations, right-to-left text, the dashboard chart,
// form validation, statuses and the app bar; and issue 17's refunds on a phone and the activity log's words.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { khartoumToday } from '../../shared/rules.ts';
import { adminWords, DESKTOP, type Lang, PHONE, staffCall, staffPage } from './helpers/admin-payments.ts';
import { axeFindings } from './helpers/axe.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensureAdminBuilt } from './helpers/build.ts';
import {
  CASHIER,
  cashierScreens,
  deskScreens,
  openScreen,
  overflow,
  type Screen,
  seedScreens,
  settle,
  showScreen,
  staffScreens,
} from './helpers/screens.ts';
import { EVERY_LANGUAGE_AND_SIZE } from './helpers/layout.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
let browser: Browser;
let ids: Record<string, string | undefined>;

beforeAll(async () => {
  ensureAdminBuilt();
  server = await startServer();
  browser = await launchBrowser();
  ids = await seedScreens(server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// The four walks run side by side: each mostly waits on the page to settle (network idle, spinners gone), and
// four pages in one browser wait together (measured in CI: 311 s one after another).
describe.concurrent('every screen', () => {
  it.each(EVERY_LANGUAGE_AND_SIZE)(
    'fits the screen, and has no axe violation on two of the walks ($lang, $size)',
    { timeout: 600_000 },
    async ({ lang, size, viewport }) => {
      // axe-core on two of the four walks, which between them see each language and each size: English on a
      // desktop, Arabic on a phone. It was a quarter of the walks' time (106 of 400 s in one run) on a machine
      // the browser keeps busy; the overflow checks stay on all four.
      const axe = (lang === 'en' && size === 'desktop') || (lang === 'ar' && size === 'phone');
      const problems: string[] = [];
      const look = async (page: Page, screen: Screen) => {
        await showScreen(page, screen);
        let wide = await overflow(page);
        if (wide.width > viewport.width) {
          // Once more after the page has settled again: settling gives up after 20 s on a busy machine (CI
          // found bookings-show 463 px wide once, and never again in any run), and what is judged is the
          // screen a person reads, not a frame of its loading. What stuck out is printed either way.
          console.log(`${screen.name} (${lang}): ${wide.width} px wide at first:`, wide.innermost);
          await settle(page);
          wide = await overflow(page);
        }
        if (wide.width > viewport.width)
          problems.push(
            `${screen.name}: ${wide.width} px wide (${wide.wider.join(', ')}; innermost: ${wide.innermost.join(', ')})`,
          );
        if (!axe) return;
        for (const finding of await axeFindings(page, 'every'))
          problems.push(
            `${screen.name}: ${finding.impact} ${finding.rule} at ${finding.targets.join(' | ')}`,
          );
      };
      const screens = [...staffScreens(ids), ...deskScreens(ids)];
      expect(screens.length).toBeGreaterThan(35);
      const admin = await staffPage(browser, server.url, lang, viewport);
      for (const screen of screens) await look(admin, screen);
      await admin.context().close();
      // What a role sees where it may not go.
      const cashier = await staffPage(browser, server.url, lang, viewport, CASHIER);
      for (const screen of cashierScreens()) await look(cashier, screen);
      await cashier.context().close();
      expect(problems).toEqual([]);
    },
  );
});

/** The words of the back-office in a language (tests read the page as a person does). */
const words = (lang: Lang) => adminWords(lang);

describe('what the screenshots showed (issue 13)', () => {
  it('lists: icon actions with names, dates on one line, the nearest trips first, route and proof columns', async () => {
    const page = await staffPage(browser, server.url, 'en', DESKTOP);
    const t = words('en');
    await openScreen(page, '/trips');
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(5);
    // Nearest departure first, from today on.
    const dates = await page.locator('tbody td.column-trip_date').allInnerTexts();
    const days = dates.map((text) => Date.parse(text.replace(/^\w+, /, '')));
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(days[0]).toBeGreaterThanOrEqual(Date.parse(khartoumToday()) - 86_400_000);
    // One line each: a date, a price, the seats, the plate.
    for (const cell of ['td.column-trip_date', 'td.column-trip_ticket_priceId'])
      expect((await rows.first().locator(cell).boundingBox())!.height).toBeLessThan(60);
    const first = rows.first();
    for (const name of [
      t('rihla.ui.actions.passengers'),
      t('rihla.ui.actions.edit'),
      t('rihla.ui.actions.delete'),
    ])
      await first.getByRole('link', { name }).or(first.getByRole('button', { name })).first().waitFor();
    // An icon's name shows as a tooltip on hover.
    await first.getByRole('button', { name: t('rihla.ui.actions.delete') }).hover();
    await page.getByRole('tooltip', { name: t('rihla.ui.actions.delete') }).waitFor();
    // Filters: a search by plate, dates, route and status.
    await page.getByLabel(t('rihla.ui.trips.search_bus')).waitFor();

    await openScreen(page, '/bookings');
    const headers = await page.locator('thead th').allInnerTexts();
    for (const label of [
      t('rihla.ui.bookings.trip'),
      t('rihla.ui.status.label'),
      t('rihla.ui.bookings.proof'),
    ])
      expect(headers.map((h) => h.trim())).toContain(label);
    expect(headers.every((h) => h.trim() !== '')).toBe(true);
    await page.context().close();
  });

  it('a phone shows each list as one row per record, a cancelled booking saying so', async () => {
    const page = await staffPage(browser, server.url, 'ar', PHONE);
    const t = words('ar');
    for (const path of ['/bookings', '/trips', '/companies', '/reports', '/lostItems']) {
      await openScreen(page, path);
      expect(await page.locator('main table').count(), path).toBe(0);
      expect(await page.locator('main ul li').count(), path).toBeGreaterThan(0);
    }
    await openScreen(page, '/bookings');
    const cancelled = page.locator('ul li', { hasText: 'Omer Babiker' });
    await cancelled.getByText(t('rihla.ui.status.cancelled')).waitFor();
    await page.context().close();
  });

  for (const lang of ['en', 'ar'] as Lang[])
    it(`confirmations name what they act on and say what each button does (${lang})`, async () => {
      const page = await staffPage(browser, server.url, lang, DESKTOP);
      const t = words(lang);
      const booking = await staffCall<Record<string, any>>(
        server.url,
        'GET',
        `/api/bookings/getBooking/${ids.proof}`,
      );
      await openScreen(page, '/bookings');
      const row = page.locator('tr', { hasText: booking.ticketId });
      await row.getByRole('button', { name: t('rihla.ui.actions.cancel_booking') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading').filter({ hasText: booking.ticketId }).waitFor();
      const facts = await dialog.getByTestId('cancel-facts').innerText();
      expect(facts).toContain('Sara Hassan');
      // The trip's cities in the page's language (demo data names them in both).
      const khartoum = (
        await staffCall<{ origin_city: string; origin_city_ar: string }[]>(
          server.url,
          'GET',
          '/api/origins/getAllOrigins',
        )
      ).find((city) => city.origin_city === 'Khartoum')!;
      expect(khartoum.origin_city_ar).toBeTruthy();
      expect(facts).toContain(lang === 'ar' ? khartoum.origin_city_ar : 'Khartoum');
      if (lang === 'ar') expect(facts).not.toContain('Khartoum');
      await dialog.getByRole('button', { name: t('rihla.ui.cancel.booking_yes') }).waitFor();
      await dialog.getByRole('button', { name: t('rihla.ui.cancel.booking_keep') }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(
        (await staffCall<any>(server.url, 'GET', `/api/bookings/getBooking/${ids.proof}`)).isCancelled,
      ).toBe(false);

      await openScreen(page, '/trips');
      await page
        .locator('tbody tr')
        .first()
        .getByRole('button', { name: t('rihla.ui.actions.cancel_trip') })
        .click();
      await dialog
        .getByRole('heading')
        .filter({ hasText: '→' })
        .or(dialog.getByRole('heading').filter({ hasText: 'إلى' }))
        .waitFor();
      expect(await dialog.getByTestId('cancel-facts').innerText()).toMatch(/KH-\d+/);
      await dialog.getByRole('button', { name: t('rihla.ui.cancel.trip_keep') }).click();

      await openScreen(page, '/companies');
      await page
        .locator('tbody tr')
        .first()
        .getByRole('button', { name: t('rihla.ui.actions.delete') })
        .click();
      await dialog.getByRole('heading', { name: t('rihla.ui.delete.title.companies') }).waitFor();
      // The company named in the page's language.
      const companies = await staffCall<{ company_name: string; company_name_ar: string }[]>(
        server.url,
        'GET',
        '/api/companies/getAllCompanies',
      );
      expect(companies.map((c) => (lang === 'ar' ? c.company_name_ar : c.company_name))).toContain(
        await dialog.getByTestId('delete-name').innerText(),
      );
      await dialog.getByRole('button', { name: t('rihla.ui.delete.yes.companies') }).waitFor();
      await dialog.getByRole('button', { name: t('rihla.ui.delete.keep.companies') }).click();
      await page.context().close();
    });

  it('Arabic keeps codes, numbers and dates whole and in order', async () => {
    const page = await staffPage(browser, server.url, 'ar', DESKTOP);
    const t = words('ar');
    await openScreen(page, '/trips');
    const seats = page.locator('tbody tr').first().locator('bdi[dir=ltr]').first();
    expect(await seats.innerText()).toMatch(/^\d+ \/ \d+$/);
    expect((await seats.boundingBox())!.height).toBeLessThan(30);
    // A plate never breaks at its hyphen.
    const plate = page
      .locator('tbody tr')
      .first()
      .getByText(/^KH-\d+$/);
    expect((await plate.boundingBox())!.height).toBeLessThan(30);
    // The report preview's ellipsis stays at the end of its own (English) text.
    await openScreen(page, '/reports');
    const preview = page.locator('tbody bdi', { hasText: '…' }).first();
    expect(await preview.evaluate((e) => e.tagName)).toBe('BDI');
    // A title that carries a date or a name isolates it; a lost item is named in words.
    await openScreen(page, `/trips/${ids.trips}`);
    expect(await page.locator('#react-admin-title').innerText()).toContain('\u2068');
    await openScreen(page, `/lostItems/${ids.lostItems}/show`);
    const title = await page.locator('#react-admin-title').innerText();
    expect(title).toContain(t('rihla.choices.wallet'));
    expect(title).not.toContain('wallet');
    await page.context().close();
  });

  it('the dashboard chart is scaled to the data, has no full tracks, readable labels and a table', async () => {
    for (const [lang, viewport] of [
      ['en', DESKTOP],
      ['ar', PHONE],
    ] as const) {
      const page = await staffPage(browser, server.url, lang, viewport);
      await openScreen(page, '/dashboard');
      await page.getByTestId('count-proofsWaiting').waitFor();
      const bars = page.getByTestId('seats-bar');
      expect(await bars.count()).toBe(14);
      const widths = await bars.evaluateAll((all) =>
        all.map(
          (bar) => bar.getBoundingClientRect().width / bar.parentElement!.getBoundingClientRect().width,
        ),
      );
      // The busiest day fills its row; days without sales have no bar at all (no grey track).
      expect(Math.max(...widths)).toBeGreaterThan(0.95);
      expect(widths.filter((w) => w === 0).length).toBeGreaterThan(0);
      const sizes = await page
        .getByTestId('seats-day')
        .first()
        .evaluate((day) =>
          [...day.children].map((c) => parseFloat(getComputedStyle(c).fontSize)).filter(Boolean),
        );
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(13);
      // Labels never overlap: each day is its own row.
      const tops = await page
        .getByTestId('seats-day')
        .evaluateAll((days) =>
          days.map((d) => (d.firstElementChild as HTMLElement).getBoundingClientRect().top),
        );
      expect(new Set(tops.map(Math.round)).size).toBe(14);
      const table = page.locator('table', { has: page.locator('caption') });
      expect(await table.locator('tbody tr').count()).toBe(14);
      await page.context().close();
    }
  });

  it('a form says the spec’s message once, on Save, and marks the missing fields', async () => {
    const page = await staffPage(browser, server.url, 'en', DESKTOP);
    await openScreen(page, '/trips/create');
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await page.getByTestId('form-problem').waitFor();
    expect(await page.getByText('Please provide all trip details.').count()).toBe(1);
    expect(await page.locator('[aria-invalid=true]').count()).toBeGreaterThanOrEqual(5);
    expect(await page.locator('.RaNotification-error, .MuiSnackbar-root').count()).toBe(0);
    await page.context().close();
  });

  it('a cancelled record says "Cancelled" in words, on its page and in lists', async () => {
    const page = await staffPage(browser, server.url, 'en', DESKTOP);
    const cancelled = (
      await staffCall<any[]>(server.url, 'GET', '/api/bookings/getAllBookings?isCancelled=true')
    )[0];
    await openScreen(page, `/bookings/${cancelled._id}/show`);
    const chip = page.getByTestId('record-status').first();
    expect(await chip.innerText()).toBe(words('en')('rihla.ui.status.cancelled'));
    expect(await page.getByText('✕').count()).toBe(0);
    await page.context().close();
  });

  it('a phone’s app bar title ends with an ellipsis when it is too long', async () => {
    const page = await staffPage(browser, server.url, 'en', { width: 320, height: 700 });
    await openScreen(page, `/lostItems/${ids.lostItems}/show`);
    const title = page.locator('#react-admin-title');
    const style = await title.evaluate((e) => ({
      overflow: getComputedStyle(e).textOverflow,
      cut: e.scrollWidth > e.clientWidth,
      right: e.getBoundingClientRect().right,
      tag: e.tagName,
    }));
    expect(style).toMatchObject({ overflow: 'ellipsis', cut: true, tag: 'H1' });
    expect(style.right).toBeLessThanOrEqual(320);
    await page.context().close();
  });
});

describe('refunds and the activity log (issue 17)', () => {
  for (const lang of ['en', 'ar'] as Lang[])
    it(`refunds on a phone: one card per refund, "Mark paid" in view, nothing to scroll sideways (${lang})`, async () => {
      const page = await staffPage(browser, server.url, lang, PHONE);
      const t = words(lang);
      await openScreen(page, '/bookings/payments/refunds');
      const refunds = page.getByTestId('refunds-due');
      expect(await refunds.locator('table').count()).toBe(0);
      const card = refunds.locator('[data-booking]', { hasText: 'Hawa Adam' });
      const button = card.getByRole('button', { name: t('rihla.payments.refunds.mark_paid') });
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      // Nothing in the page is wider than the box it scrolls in.
      const scrolled = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
          .filter((e) => !e.closest('.MuiTabs-root'))
          .map((e) => `${e.tagName}.${String(e.className).split(' ')[0]}`),
      );
      expect(scrolled).toEqual([]);
      await page.context().close();
    });

  it('leaves no request of the server unfinished (the sidebar read its count and left the answer unread)', async () => {
    // An answer whose body is never read stays open in the browser: one of its six connections to the server
    // held, and the page never network-idle (every screen of the walks above waited out a 5 s bound).
    const page = await staffPage(browser, server.url, 'en', DESKTOP);
    const open = new Map<object, string>();
    page.on('request', (request) => open.set(request, request.url()));
    page.on('requestfinished', (request) => open.delete(request));
    page.on('requestfailed', (request) => open.delete(request));
    const counted = page.waitForResponse((response) => response.url().includes('/api/payments/getQueue'));
    await page.goto('/trips');
    await counted;
    await page.locator('tbody tr').first().waitFor();
    // The list's rows ask for the towns and settings after they render: every request finishes in the end, an
    // unread answer never does. (waitForLoadState('networkidle') had already fired at load, so it waited for none.)
    await expect.poll(() => [...open.values()], { timeout: 10_000 }).toEqual([]);
    await page.context().close();
  });

  it('the activity log words a cancellation as a status and names the trip and the staff member', async () => {
    const page = await staffPage(browser, server.url, 'en', DESKTOP);
    const t = words('en');
    await openScreen(page, '/activity?filter=%7B%22action%22%3A%22cancel_trip%22%7D');
    const entry = page.getByTestId('activity-entry').first();
    const change = entry.locator('[data-field=isCancelled]');
    expect((await change.locator('td').allInnerTexts()).map((text) => text.trim())).toEqual([
      t('rihla.ui.status.scheduled'),
      t('rihla.ui.status.cancelled'),
    ]);
    // The trip by its route and date, not "Trip …6b0621".
    const record = entry.getByRole('link', { name: /Khartoum → Kassala/ });
    await record.waitFor();
    expect(await record.innerText()).toMatch(/\d{4}/);
    expect(await record.innerText()).not.toContain('…');

    // Who verified a payment: the staff member's name, not their id.
    await openScreen(page, '/activity?filter=%7B%22action%22%3A%22verify_payment%22%7D');
    const verified = page.getByTestId('activity-entry').first().locator('[data-field=verifiedBy] td').last();
    await verified.filter({ hasText: 'Rihla Admin' }).waitFor();
    await page.context().close();
  });
});
