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
