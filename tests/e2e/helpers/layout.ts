// Whether a page fits its screen: the document no wider than the window, and none of the given blocks scrolling
// sideways inside.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export async function fitsTheScreen(page: Page, blocks: string): Promise<void> {
  const overflow = await page.evaluate((selector) => {
    const wide = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (el) => el.scrollWidth > el.clientWidth + 1,
    );
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      wide: wide.map((el) => el.className || el.tagName),
    };
  }, blocks);
  expect(overflow).toEqual({ page: 0, wide: [] });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Each language at each size: English on a desktop and Arabic on a phone first. */
export const EVERY_LANGUAGE_AND_SIZE = [
  { lang: 'en', size: 'desktop', viewport: DESKTOP },
  { lang: 'ar', size: 'phone', viewport: PHONE },
  { lang: 'en', size: 'phone', viewport: PHONE },
  { lang: 'ar', size: 'desktop', viewport: DESKTOP },
] as const;

/**
 * The languages and sizes a journey's screens are checked in, one after another: English on a desktop and
 * Arabic on a phone, which between them see each language, each direction and each size. RIHLA_SHOTS=1, for a
 * person who looks at every screen, adds English on a phone and Arabic on a desktop (the four ran on every test
 * run until CI passed 35 minutes, 2026-12-02). The layout walks, which run side by side, keep all four: two of
 * them took as long as four (91 s). CI's PostgreSQL run keeps the first (screenCases).
 */
export function languagesAndSizes() {
  return screenCases(process.env.RIHLA_SHOTS ? EVERY_LANGUAGE_AND_SIZE : EVERY_LANGUAGE_AND_SIZE.slice(0, 2));
}

/**
 * The languages or screen sizes a journey's screens are checked in. CI's PostgreSQL run
 * (RIHLA_TEST_DIALECTS=postgres) repeats the journeys for the database's sake and keeps the first of each list
 * alone: the others send the server the same calls, and the SQLite run has checked how each one looks.
 */
export function screenCases<T>(cases: readonly T[]): T[] {
  return process.env.RIHLA_TEST_DIALECTS === 'postgres' ? cases.slice(0, 1) : [...cases];
}
