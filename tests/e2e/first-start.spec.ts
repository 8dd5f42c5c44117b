// A new operator's first start, as the README says it: the server on a fresh DATA_DIR with none of the optional
// variables prints the first staff account once; signing in with exactly what it printed works in the browser's
// sign-in form and through the API.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../bench/lib/server.ts';
import { en } from '../../shared/i18n/admin/en.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensureAdminBuilt } from './helpers/build.ts';

let server: RunningServer;
let browser: Browser;
let printed: { email: string; password: string };

beforeAll(async () => {
  ensureAdminBuilt();
  [server, browser] = await Promise.all([startServer({}, { asReadme: true }), launchBrowser()]);
  const [, email, password] =
    /First staff account created: (\S+) {2}password: (\S+)/.exec(server.output()) ?? [];
  printed = { email, password };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('first start with no ADMIN_EMAIL or ADMIN_PASSWORD', () => {
  it('prints the first staff account once', () => {
    expect(printed.email, server.output()).toBeTruthy();
    expect(printed.password.length).toBeGreaterThanOrEqual(10);
  });

  it('signs in on the sign-in form with exactly what it printed', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
      locale: 'en-GB',
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: en.rihla.login.title }).waitFor();
    await page.locator('input[name=email]').fill(printed.email);
    await page.locator('input[name=password]').fill(printed.password);
    // Say what the form answers when it refuses (before: "Please enter a valid email address.").
    const refused = async (error: unknown) => {
      throw new Error(`${error}\nthe form says: ${await page.locator('form').innerText()}`);
    };
    await page.getByRole('button', { name: en.rihla.login.submit }).click({ timeout: 10_000 }).catch(refused);
    await page.waitForURL('**/dashboard', { timeout: 20_000 }).catch(refused);
    await page.getByTestId('welcome').filter({ hasText: 'Rihla Admin' }).waitFor();
    await context.close();
  });

  it('signs in through the API with exactly what it printed', async () => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(printed),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json()).user.role).toBe('admin');
  });
});
