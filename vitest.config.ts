// Test projects: server and shared (node), the two front ends' components (jsdom, each with its own JSX
// runtime), and end-to-end tests in real Chromium against the real server (*.spec.ts).
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Browser suites whose subject is not the database, or whose database part the server's tests run on PostgreSQL:
 * what the browser shows (layout, overflow, axe-core, screenshots), the back-office's role-aware screens and
 * generated pages, the information pages, and journeys such as a corridor's disruption or a change of day. CI's
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
  'tests/e2e/public-forms-busy.spec.ts',
  // The booking steps' history, Settings' and the outbox's screens: their server parts run on PostgreSQL in the
  // server project.
  'tests/e2e/public-steps.spec.ts',
  'tests/e2e/admin-settings.spec.ts',
  'tests/e2e/admin-messages.spec.ts',
  // Screens of the back-office's records (create a company, a bus, a trip; a company's desk sees its own;
  // conductors assigned), no sale or payment: their server parts run on PostgreSQL in the server project
  // (crud, company-scope, company-leak-sweep, conductors). Out of the PostgreSQL run to keep CI under 35 minutes
  // on a slower machine (2026-12-02: 44 min, 158 s of PostgreSQL's browser run were these three).
  'tests/e2e/admin-journey.spec.ts',
  'tests/e2e/company-staff.spec.ts',
  'tests/e2e/conductors.spec.ts',
  // A company's occupancy figures (read only; analytics-occupancy and the other analytics tests run on PostgreSQL), and the
  // Arabic sale (Arabic-Indic digits, a large photo reduced in the browser: the page's work; public-booking sells
  // and cancels on PostgreSQL). Out of the PostgreSQL run for CI's 35 minutes (2026-12-02: 36 min 40 s).
  'tests/e2e/analytics.spec.ts',
  'tests/e2e/public-booking-ar.spec.ts',
  // A corridor cancelled and a road closed, the texted code of "Find my bookings", a cashier's shift, a change to
  // the next day, one seat of three cancelled: their server parts run on PostgreSQL in the server project
  // (disruptions*, access-codes, shifts, booking-changes, bookings-cancel-seats), and the browser's part is the same
  // page on either database. Also out for CI's 35 minutes (these five: 100 s of PostgreSQL's browser run).
  'tests/e2e/disruptions.spec.ts',
  'tests/e2e/my-tickets.spec.ts',
  'tests/e2e/shifts.spec.ts',
  'tests/e2e/change-day.spec.ts',
  'tests/e2e/cancel-seats.spec.ts',
];
const postgresRun = process.env.RIHLA_TEST_DIALECTS === 'postgres';

/**
 * Server test files that replace a module (vi.mock): they run isolated, in their own project. Every other server
 * file shares its worker's loaded modules with the files before it (isolate: false): each builds its own app on
 * its own database, so nothing but the module cache is shared, and the server's ~80 files no longer each load
 * the whole server again (measured on SQLite on a loaded machine: 833 s → 321 s).
 */
const MODULE_MOCKING = ['tests/server/bookings-race.test.ts', 'tests/server/throwaway-resource.test.ts'];
const SERVER_TESTS = ['tests/server/**/*.test.ts', 'tests/shared/**/*.test.ts'];

/** Component test files that replace a module (vi.mock, vi.doMock with vi.resetModules): run isolated. */
const COMPONENT_MODULE_MOCKING = [
  'tests/admin/dataProvider.test.ts',
  'tests/public-site/later-proof.test.tsx',
];

/**
 * A front end's component tests (tests/<name>, jsdom), as two projects: `<name>`, whose files share their
 * worker's loaded modules (isolate: false; each file still gets a fresh jsdom, and Testing Library empties the
 * document after each test), and `<name>-mocked`, the files that replace a module, each in its own module graph.
 * Sharing the modules took the components' 53 files from 142 s to 42 s on two cores (import 70 → 12 s).
 */
function componentProjects(
  name: string,
  config: { oxc: object; resolve?: object; test: { setupFiles: string[]; testTimeout?: number } },
) {
  const include = [`tests/${name}/**/*.test.{ts,tsx}`];
  const mocking = COMPONENT_MODULE_MOCKING.filter((file) => file.startsWith(`tests/${name}/`));
  const base = { ...config, test: { ...config.test, environment: 'jsdom' as const } };
  return [
    {
      ...base,
      test: { ...base.test, name, include, exclude: [...configDefaults.exclude, ...mocking], isolate: false },
    },
    { ...base, test: { ...base.test, name: `${name}-mocked`, include: mocking } },
  ];
}

export default defineConfig({
  test: {
    // Two at a time on two cores: a browser suite mostly waits on Chromium and the server it started, a server
    // test on its database (vitest's default is one fewer than the cores: one).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: SERVER_TESTS,
          exclude: [...configDefaults.exclude, ...MODULE_MOCKING],
          isolate: false,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-mocked',
          include: MODULE_MOCKING,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...componentProjects('public-site', {
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
        resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
        test: { setupFiles: ['tests/public-site/setup.ts'] },
      }),
      ...componentProjects('admin', {
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        test: { setupFiles: ['tests/admin/helpers/setup.ts'], testTimeout: 30_000 },
      }),
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
