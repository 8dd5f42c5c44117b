// Test projects: server and shared (node), the two front ends' components (jsdom, each with its own JSX
// runtime), and end-to-end tests in real Chromium against the real server (*.spec.ts).
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Suites about what the browser shows (layout, overflow, axe-core, screenshots), not about the database: CI's
 * PostgreSQL run (RIHLA_TEST_DIALECTS=postgres) leaves them to the SQLite run, where they answer the same.
 */
const SCREEN_ONLY_SPECS = [
  'tests/e2e/admin-layout.spec.ts',
  'tests/e2e/public-screens.spec.ts',
  'tests/e2e/public-payment-screens.spec.ts',
];
const postgresRun = process.env.RIHLA_TEST_DIALECTS === 'postgres';

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
          exclude: [...configDefaults.exclude, ...(postgresRun ? SCREEN_ONLY_SPECS : [])],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
