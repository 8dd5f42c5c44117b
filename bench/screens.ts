// Screenshots of every staff screen and every public page at 1280×800 and 390×844, in English and Arabic, from
// the real server with demo data (and the few records detail pages need), signed in as an admin for the
// back-office (as a cashier for the forbidden page). Also prints any page wider than its screen.
// Usage: npm run screens [-- <folder>] (default /tmp/screens/all; builds the front ends when missing)
// SCREENS_ONLY=<substring> limits the run to the screens whose name contains it.
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../tests/e2e/helpers/browser.ts';
import { staffPage } from '../tests/e2e/helpers/admin-payments.ts';
import { ensureAdminBuilt, ensurePublicSiteBuilt } from '../tests/e2e/helpers/build.ts';
import {
  CASHIER,
  cashierScreens,
  deskScreens,
  overflow,
  publicScreens,
  type Screen,
  seedScreens,
  settle,
  showScreen,
  staffScreens,
} from '../tests/e2e/helpers/screens.ts';
import { startServer } from '../tests/e2e/helpers/server.ts';

const OUT = path.resolve(process.argv[2] ?? '/tmp/screens/all');
const ONLY = process.env.SCREENS_ONLY;
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const LANGS = ['en', 'ar'] as const;

ensurePublicSiteBuilt();
ensureAdminBuilt();
fs.mkdirSync(OUT, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
const wide: string[] = [];
let count = 0;

try {
  const ids = await seedScreens(server.url);
  const wanted = (screens: Screen[]) => screens.filter((s) => !ONLY || s.name.includes(ONLY));
  const staff = wanted([...staffScreens(ids), ...deskScreens(ids)]);
  const cashier = wanted(cashierScreens());
  const pages = wanted(publicScreens(ids.trips));

  for (const lang of LANGS)
    for (const [size, viewport] of Object.entries(SIZES)) {
      const shoot = async (page: Awaited<ReturnType<typeof staffPage>>, screen: Screen) => {
        const file = path.join(OUT, `${screen.name}-${lang}-${size}.png`);
        // A dialog is what fills the screen: the screen, not the page behind it.
        await page.screenshot({ path: file, fullPage: !screen.dialog });
        count++;
        const { width, wider } = await overflow(page);
        if (width > viewport.width) wide.push(`${path.basename(file)}: ${width} px (${wider.join(', ')})`);
      };
      for (const [screens, who] of [
        [staff, undefined],
        [cashier, CASHIER],
      ] as const) {
        if (!screens.length) continue;
        const page = await staffPage(browser, server.url, lang, viewport, who);
        for (const screen of screens) {
          await showScreen(page, screen);
          await shoot(page, screen);
        }
        await page.context().close();
      }
      const context = await browser.newContext({ baseURL: server.url, viewport, locale: 'en-GB' });
      await context.addInitScript((language) => localStorage.setItem('rihla.lang', language), lang);
      const page = await context.newPage();
      for (const screen of pages) {
        await page.goto(screen.path);
        await settle(page);
        await shoot(page, screen);
      }
      await context.close();
    }
} finally {
  await browser.close();
  await server.stop();
}

console.log(`${count} screenshots in ${OUT}`);
if (wide.length) console.log(`Wider than the screen:\n  ${wide.join('\n  ')}`);
