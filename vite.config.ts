// One config, two separate builds (so the react → preact/compat alias never reaches react-admin):
//   vite build --mode public  → dist/public-site (Preact, for travellers on slow networks)
//   vite build --mode admin   → dist/admin (react-admin back-office)
import { defineConfig } from 'vite';

export default defineConfig(({ mode }) => {
  if (mode === 'admin') {
    return {
      root: 'admin',
      base: '/',
      publicDir: false,
      oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
      build: {
        outDir: '../dist/admin',
        emptyOutDir: true,
        assetsDir: 'admin-assets',
        chunkSizeWarningLimit: 1500,
      },
      server: { proxy: { '/api': 'http://localhost:3000' } },
    };
  }
  return {
    root: 'public-site',
    base: '/',
    publicDir: 'static',
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
