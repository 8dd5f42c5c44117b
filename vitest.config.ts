// Test projects: server and shared (node), the two front ends' components (jsdom, each with its own JSX
// runtime), and end-to-end tests in real Chromium against the real server (*.spec.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/shared/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
        resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
        test: {
          name: 'public-site',
          include: ['tests/public-site/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        test: {
          name: 'admin',
          include: ['tests/admin/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
