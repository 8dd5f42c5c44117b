// One theme for the login page and the back-office, mirrored for Arabic, in the brand's colours (shared/brand.ts,
// the public site's and the ticket's too). Emotion needs its own style cache with the RTL stylis plugin so that
// MUI's left/right styles flip (the sidebar moves to the right).
import createCache, { type EmotionCache } from '@emotion/cache';
import type { ThemeOptions } from '@mui/material/styles';
import { BRAND } from '../../shared/brand.ts';
import { TextFieldRoot } from './TextFieldRoot.tsx';

export type Direction = 'ltr' | 'rtl';

/** `loading`: the page's word for a spinner (react-admin's app-bar indicator has no name of its own). */
export const themeOptions = (direction: Direction, loading = 'Loading'): ThemeOptions => ({
  direction,
  palette: {
    primary: { main: BRAND.primary, dark: BRAND.primaryDark },
    secondary: { main: BRAND.accent },
    // MUI's own orange (#ed6c02) carries white text at 3.1:1; these all reach 4.5:1.
    warning: { main: BRAND.warning, contrastText: '#fff' },
    error: { main: BRAND.danger },
    success: { main: BRAND.success },
    background: { default: BRAND.page },
  },
  shape: { borderRadius: 8 },
  components: {
    // Without the MUI 5 props react-admin's inputs still pass (TextFieldRoot.tsx).
    MuiTextField: { defaultProps: { slots: { root: TextFieldRoot } } },
    // Every spinner is named for screen readers (axe: aria-progressbar-name).
    MuiCircularProgress: { defaultProps: { 'aria-label': loading } },
    // react-admin's "No … yet" page is drawn at half opacity (2.5:1); its words stay readable.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: BRAND.muted } } } },
  } as ThemeOptions['components'],
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
