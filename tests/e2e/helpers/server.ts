// The real server for browser tests: the demo network on a fresh data directory (and a PostgreSQL database of
// its own when TEST_DATABASE_URL is set), the way production runs it. One implementation serves benchmarks and
// process-level tests too (bench/lib/server.ts).
import { ADMIN, type RunningServer, startServer as startRealServer } from '../../../bench/lib/server.ts';

export { ROOT } from '../../../bench/lib/server.ts';
export const STAFF = ADMIN;
export type TestServer = RunningServer;

/**
 * One search worker and one ticket worker (the defaults are one a core): a browser test makes a few searches
 * and tickets, never a rush, and each worker costs its server's start a second or more of CPU on a machine the
 * browser keeps busy (a start with demo data: 12 CPU-s with two ticket workers, 10 with one). Searches and
 * tickets still go through a worker; how several share a rush is search-workers.test's and ticket-pool.test's.
 */
export function startServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  return startRealServer(
    { DEMO_DATA: '1', DATABASE_URL: undefined, SEARCH_WORKERS: '1', TICKET_WORKERS: '1', ...extraEnv },
    { ownPostgres: true },
  );
}
