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
