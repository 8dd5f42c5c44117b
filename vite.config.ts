// One config, three separate builds (so the react → preact/compat alias never reaches react-admin):
//   vite build --mode public   → dist/public-site (Preact, for travellers on slow networks)
//   vite build --mode admin    → dist/admin (react-admin back-office)
//   vite build --mode checkin  → dist/checkin (Preact, the conductors' offline app at /check-in, with its
//                                 web manifest and Workbox service worker)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PUBLIC_ROUTES } from './shared/routes.ts';

/**
 * Writes a .br (brotli 11) and a .gz (gzip 9) beside every text file of the build, which the server sends
 * as they are (@fastify/static `preCompressed`): the smallest files for slow networks, and no compression
 * work per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'rihla-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle() {
      for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        const file = path.join(entry.parentPath, entry.name);
        if (!entry.isFile() || !/\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        const brotli = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } };
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, brotli));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Fails the build when a module matching one of `patterns` is bundled: the conductors' app must stay small
 * and never carry the back-office (react-admin, MUI, React) nor zod (the contract's schemas; its types are
 * imported with `import type`, which leaves nothing behind).
 */
function forbidModules(patterns: RegExp[]): Plugin {
  return {
    name: 'rihla-forbid-modules',
    apply: 'build',
    buildEnd() {
      const found = [...this.getModuleIds()].filter((id) => patterns.some((pattern) => pattern.test(id)));
      if (found.length) this.error(`modules not allowed in this build:\n${found.join('\n')}`);
    },
  };
}

const CHECKIN_BASE = '/check-in';

/** The conductors' app: /check-in, installable, its shell cached by a Workbox service worker. */
function checkinBuild() {
  return {
    root: 'public-site/checkin',
    base: `${CHECKIN_BASE}/`,
    publicDir: 'static',
    plugins: [
      forbidModules([
        /node_modules\/(?:react-admin|ra-[\w-]+|@mui\/[^/]+|react|react-dom|zod)\//,
        /shared\/(?:contract|registry)\//,
      ]),
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        // The service worker is written before precompress() runs, so it is compressed like the rest.
        integration: { closeBundleOrder: 'pre' },
        filename: 'sw.js',
        base: `${CHECKIN_BASE}/`,
        scope: CHECKIN_BASE,
        includeAssets: ['icon.svg'],
        manifest: {
          id: CHECKIN_BASE,
          name: 'Rihla check-in | رحلة',
          short_name: 'Check-in',
          description: 'Check Rihla bus tickets at the door, with or without a connection.',
          start_url: CHECKIN_BASE,
          scope: CHECKIN_BASE,
          display: 'standalone',
          orientation: 'portrait',
          background_color: '#ffffff',
          theme_color: '#062a3a',
          icons: [
            { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
          ],
        },
        workbox: {
          // The shell, both languages and the icons; the QR reader (for phones without BarcodeDetector) is kept
          // when first fetched — on opening the camera, or right after a trip is downloaded.
          globPatterns: ['**/*.{js,css,html}'],
          globIgnores: ['**/qr-worker-*.js'],
          navigateFallback: `${CHECKIN_BASE}/index.html`,
          navigateFallbackAllowlist: [/^\/check-in(?:\/|$)/],
          runtimeCaching: [
            {
              // Workbox writes this route into sw.js as source text, where no name from this file exists (a
              // function naming CHECKIN_BASE threw in the worker on every fetch): a RegExp is written by value.
              urlPattern: new RegExp(`^https?://[^/]+${CHECKIN_BASE}/assets/`),
              handler: 'CacheFirst',
              options: { cacheName: 'checkin-assets', expiration: { maxEntries: 8 } },
            },
          ],
          cleanupOutdatedCaches: true,
          clientsClaim: true,
        },
      }),
      precompress(),
    ],
    oxc: { jsx: { runtime: 'automatic' as const, importSource: 'preact' } },
    worker: { format: 'es' as const },
    build: {
      outDir: '../../dist/checkin',
      emptyOutDir: true,
      assetsDir: 'assets',
      modulePreload: { polyfill: false },
    },
    server: { proxy: { '/api': 'http://localhost:3000' } },
  };
}

/**
 * The public site's Workbox service worker (/sw.js, scope /), registered only after a traveller keeps a ticket
 * or opens My tickets (public-site/lib/offline.ts): the shell, every page's code, both languages, and the page
 * itself (precached as "/": the server answers its index.html only under a page's path) for every public
 * route with no network. Staff pages, /check-in and /api are never answered from it.
 */
function publicOffline() {
  // 'trip-details/[^/]+|cancel-reservation|…': every page but the home page, a parameter as one segment.
  const pages = PUBLIC_ROUTES.filter((route) => route !== '/')
    .map((route) => route.slice(1).replace(/\/:\w+/g, '/[^/]+'))
    .join('|');
  return VitePWA({
    registerType: 'autoUpdate',
    injectRegister: false,
    integration: { closeBundleOrder: 'pre' },
    filename: 'sw.js',
    scope: '/',
    includeAssets: ['icon.svg'],
    manifest: {
      id: '/',
      name: 'Rihla | رحلة',
      short_name: 'Rihla',
      description: 'Intercity bus tickets across Sudan, and your tickets with or without a connection.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#0a5c7a',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
      shortcuts: [{ name: 'My tickets | تذاكري', url: '/my-tickets' }],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html}'],
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/' } : entry)),
          warnings: [],
        }),
      ],
      navigateFallback: '/',
      // Workbox writes these into sw.js by value (a RegExp, never a function naming this file's variables).
      navigateFallbackAllowlist: [new RegExp(`^/(?:$|(?:${pages})/?(?:[?#]|$))`)],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
    },
  });
}

export default defineConfig(({ mode }) => {
  if (mode === 'checkin') return checkinBuild();
  if (mode === 'admin') {
    return {
      root: 'admin',
      base: '/',
      publicDir: false,
      plugins: [precompress()],
      oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
      build: {
        outDir: '../dist/admin',
        emptyOutDir: true,
        assetsDir: 'admin-assets',
        chunkSizeWarningLimit: 1500,
        rollupOptions: {
          // MUI marks its modules 'use client' (for React server components, which a bundled SPA has none of):
          // ~700 warnings, thousands of lines, that read like a failure before the server's first line.
          onwarn(warning, warn) {
            if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
          },
        },
      },
      server: { proxy: { '/api': 'http://localhost:3000' } },
    };
  }
  return {
    root: 'public-site',
    base: '/',
    publicDir: 'static',
    plugins: [publicOffline(), precompress()],
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    resolve: {
      alias: {
        react: 'preact/compat',
        'react-dom': 'preact/compat',
        'react/jsx-runtime': 'preact/jsx-runtime',
      },
    },
    build: {
      outDir: '../dist/public-site',
      emptyOutDir: true,
      assetsDir: 'assets',
      modulePreload: { polyfill: false },
    },
    server: { proxy: { '/api': 'http://localhost:3000' } },
  };
});
