// One palette (shared/brand.ts): the back-office's theme takes it, and the public site's CSS variables, which
// CSS cannot import, hold the same values; the ticket's green is the same green.
import fs from 'node:fs';
import path from 'node:path';
import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { themeOptions } from '../../admin/frame/theme.ts';
import { BRAND } from '../../shared/brand.ts';

const root = path.resolve(import.meta.dirname, '../..');
const css = fs.readFileSync(path.join(root, 'public-site/styles.css'), 'utf8');
const variable = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1].trim();

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('the brand palette', () => {
  it('is the public site’s', () => {
    expect(variable('brand')).toBe(BRAND.primary);
    expect(variable('brand-dark')).toBe(BRAND.primaryDark);
    expect(variable('info-bg')).toBe(BRAND.tint);
    for (const name of ['ink', 'muted', 'line', 'page', 'danger', 'success'] as const)
      expect(variable(name), name).toBe(BRAND[name]);
  });

  it('is the back-office’s theme in both directions', () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      const { palette } = createTheme(themeOptions(direction));
      expect(palette.primary.main).toBe(BRAND.primary);
      expect(palette.warning.main).toBe(BRAND.warning);
      expect(palette.warning.contrastText).toBe('#fff');
    }
  });

  it('is the ticket’s green', () => {
    const ticket = fs.readFileSync(path.join(root, 'server/tickets/ticket-pdf.ts'), 'utf8');
    expect(ticket).toMatch(/brand: BRAND\.primary/);
  });

  it('keeps text readable: 4.5:1 on white and on the page', () => {
    for (const name of ['primary', 'primaryDark', 'warning', 'danger', 'success', 'ink', 'muted'] as const) {
      expect(contrast(BRAND[name], '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(BRAND[name], BRAND.page), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
