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

/**
 * The languages or screen sizes a journey's screens are checked in. CI's PostgreSQL run
 * (RIHLA_TEST_DIALECTS=postgres) repeats the journeys for the database's sake and keeps the first of each list
 * alone: the others send the server the same calls, and the SQLite run has checked how each one looks.
 */
export function screenCases<T>(cases: readonly T[]): T[] {
  return process.env.RIHLA_TEST_DIALECTS === 'postgres' ? cases.slice(0, 1) : [...cases];
}
