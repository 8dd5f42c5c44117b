// One config, two separate builds (so the react → preact/compat alias never reaches react-admin):
//   vite build --mode public  → dist/public-site (Preact, for travellers on slow networks)
//   vite build --mode admin   → dist/admin (react-admin back-office)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig(({ mode }) => {
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
      },
      server: { proxy: { '/api': 'http://localhost:3000' } },
    };
  }
  return {
    root: 'public-site',
    base: '/',
    publicDir: 'static',
    plugins: [precompress()],
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
