// axe-core in the page under test: its rules as a person with assistive technology would meet them. Loaded
// through the DevTools protocol (page.evaluate), so the site's Content-Security-Policy stays as it is.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const source = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Critical, serious and moderate violations (minor ones are reported by axe but not counted here). */
export const COUNTED = new Set(['critical', 'serious', 'moderate']);

/** The page's violations: critical, serious and moderate ones, or with `every`, minor ones too. */
export async function axeFindings(page: Page, impacts: 'counted' | 'every' = 'counted'): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  // A dialog or a button still fading in has its colours mid-way: axe would judge a frame, not the screen (a
  // loaded CI run found "color-contrast" on a broadcast dialog's element during its MUI transition).
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        // A spinner turns for ever: only the transitions that end are waited for.
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    {
      timeout: 10_000,
      polling: 50,
    },
  );
  const violations = await page.evaluate(async () => {
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({
      rule: v.id,
      impact: v.impact ?? 'minor',
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n: any) => String(n.target.join(' '))),
    }));
  });
  return (violations as Finding[]).filter((finding) => impacts === 'every' || COUNTED.has(finding.impact));
}
