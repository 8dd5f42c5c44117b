// Debian's Chromium driven by playwright-core (npx playwright install cannot work on these machines).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium for tests: its headless shell (package chromium-headless-shell, the old headless mode,
 * what Playwright itself runs headless) when installed, else the full browser in its new headless mode. The
 * same engine and version; the shell leaves out the full browser's window and compositor machinery, and CI's
 * browser suites took 25-30 % less of the machine with it (admin-layout 233 -> 170 s, admin-payments 104 ->
 * 85 s, Chromium's CPU 117 -> 83 s on two cores). CHROMIUM_PATH chooses another.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ||
  '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A phone-sized page that accepts downloads (the ticket PDF). */
export function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
    locale: 'en-GB',
  });
}
