// Reading the back-office in the admin specs.
import type { Page } from 'playwright-core';

/** Waits for a notification (role alert) holding `text`; saves go through the real server, so allow time. */
export async function waitForNotice(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}
