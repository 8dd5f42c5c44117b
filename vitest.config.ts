// Test projects: server and shared (node), the two front ends' components (jsdom, each with its own JSX
// runtime), and end-to-end tests in real Chromium against the real server (*.spec.ts).
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Browser suites whose subject is not the database: what the browser shows (layout, overflow, axe-core,
 * screenshots), the back-office's role-aware screens and generated pages, the information pages. CI's
 * PostgreSQL run (RIHLA_TEST_DIALECTS=postgres) leaves them to the SQLite run, where they answer the same; it
 * keeps the journeys that sell, pay, verify, expire and board (and every server test).
 */
const SQLITE_RUN_ONLY_SPECS = [
  'tests/e2e/admin-layout.spec.ts',
  'tests/e2e/admin-roles.spec.ts',
  'tests/e2e/admin-screens.spec.ts',
  // The README's first start: SQLite, whatever the run.
  'tests/e2e/first-start.spec.ts',
  'tests/e2e/public-pages.spec.ts',
  'tests/e2e/public-screens.spec.ts',
  'tests/e2e/public-payment-screens.spec.ts',
  // The booking steps' history, Settings' and the outbox's screens: their server parts run on PostgreSQL in the
  // server project.
  'tests/e2e/public-steps.spec.ts',
  'tests/e2e/admin-settings.spec.ts',
  'tests/e2e/admin-messages.spec.ts',
];
const postgresRun = process.env.RIHLA_TEST_DIALECTS === 'postgres';

export default defineConfig({
  test: {
    // Two at a time on two cores: a browser suite mostly waits on Chromium and the server it started, a server
    // test on its database (vitest's default is one fewer than the cores: one).
    maxWorkers: 2,
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
          setupFiles: ['tests/admin/helpers/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          exclude: [...configDefaults.exclude, ...(postgresRun ? SQLITE_RUN_ONLY_SPECS : [])],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
