// One theme for the login page and the back-office, mirrored for Arabic. Emotion needs its own style cache
// with the RTL stylis plugin so that MUI's left/right styles flip (the sidebar moves to the right).
import createCache, { type EmotionCache } from '@emotion/cache';
import type { ThemeOptions } from '@mui/material/styles';

export type Direction = 'ltr' | 'rtl';

export const themeOptions = (direction: Direction): ThemeOptions => ({
  direction,
  palette: {
    primary: { main: '#0b5d63' },
    secondary: { main: '#b3541e' },
    background: { default: '#f4f6f7' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, "Segoe UI", Tahoma, "Noto Naskh Arabic", "Noto Sans Arabic", Arial, sans-serif',
  },
});

const ltrCache = createCache({ key: 'mui' });
let rtlCache: EmotionCache | undefined;

/** Loads the right-to-left cache; call (and wait) before the first Arabic render. */
export async function loadRtlCache(): Promise<void> {
  rtlCache ??= (await import('./rtlCache.ts')).rtlCache;
}

export function emotionCache(direction: Direction): EmotionCache {
  return direction === 'rtl' && rtlCache ? rtlCache : ltrCache;
}
