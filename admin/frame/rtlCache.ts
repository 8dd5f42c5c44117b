// Emotion's style cache for right-to-left pages: the stylis RTL plugin flips MUI's left/right styles.
// Loaded with the Arabic messages, so English visitors never download it.
import createCache from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';

export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
