// A traveller's enquiry refused because too many forms arrive (PUBLIC_FORMS_PER_HOUR, here 1, taken before the
// page opens), in real Chromium against the real server, at 1280×800 and on a phone (390×844, touch), in English
// and Arabic: the refusal says when to send it again (Khartoum time) and the operator's phone as a link, what was
// typed stays in the form, nothing overflows and axe finds nothing. Saved as PNGs (SCREENS_DIR, /tmp/screens).
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content as arContent } from '../../shared/i18n/public/content.ar.ts';
import { content as enContent } from '../../shared/i18n/public/content.en.ts';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en, type PublicMessages } from '../../shared/i18n/public/en.ts';
import { axeFindings } from './helpers/axe.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ensurePublicSiteBuilt } from './helpers/build.ts';
import { fitsTheScreen } from './helpers/layout.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const DIR = process.env.SCREENS_DIR || '/tmp/screens';
const OPERATOR_PHONE = '0155551234';
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ensurePublicSiteBuilt();
  fs.mkdirSync(DIR, { recursive: true });
  server = await startServer({ PUBLIC_FORMS_PER_HOUR: '1', OPERATOR_PHONE });
  browser = await launchBrowser();
  // The hour's one place, taken.
  const taken = await fetch(`${server.url}/api/enquiries/createEnquiry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Omer', last_name: 'Ali', phone: '0912000111', message: 'First' }),
  });
  expect(taken.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each([
  ['en', en, enContent, ''],
  ['ar', ar, arContent, '?lang=ar'],
] as const)('an enquiry refused while forms flood in (%s)', (lang, m: PublicMessages, text, query) => {
  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('on a %s', async (size) => {
    const context = await browser.newContext({
      baseURL: server.url,
      ...VIEWPORTS[size],
      locale: lang === 'ar' ? 'ar-SD' : 'en-GB',
    });
    const page: Page = await context.newPage();
    try {
      await page.goto(`/public-enquiries${query}`);
      const form = page.locator('form');
      const { fields } = text.enquiry;
      const typed = {
        first_name: 'Amna',
        last_name: 'Osman',
        phone: '0912000222',
        message: 'Is there a bus to Kassala on Friday?',
      };
      for (const [name, value] of Object.entries(typed))
        await form.getByLabel(fields[name as keyof typeof fields]).fill(value);
      await form.getByRole('button', { name: m.forms.submit }).click();
      const refusal = page.getByRole('alert').filter({ hasText: m.forms.busy.split('{time}')[0] });
      await refusal.waitFor();
      const call = refusal.getByRole('link', { name: OPERATOR_PHONE });
      expect(await call.getAttribute('href')).toBe(`tel:${OPERATOR_PHONE}`);
      expect(await form.getByLabel(fields.message).inputValue()).toBe(typed.message);
      await refusal.scrollIntoViewIfNeeded();
      await fitsTheScreen(page, 'main, .card');
      expect((await axeFindings(page)).map((f) => `${f.rule}: ${f.targets.join(', ')}`)).toEqual([]);
      await page.screenshot({ path: path.join(DIR, `forms-busy-${lang}-${size}.png`), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
