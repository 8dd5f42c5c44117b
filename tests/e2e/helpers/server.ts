// The real server for browser tests: the demo network on a fresh data directory (and a PostgreSQL database of
// its own when TEST_DATABASE_URL is set), the way production runs it. One implementation serves benchmarks and
// process-level tests too (bench/lib/server.ts).
import { ADMIN, type RunningServer, startServer as startRealServer } from '../../../bench/lib/server.ts';

export { ROOT } from '../../../bench/lib/server.ts';
export const STAFF = ADMIN;
export type TestServer = RunningServer;

export function startServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  return startRealServer({ DEMO_DATA: '1', DATABASE_URL: undefined, ...extraEnv }, { ownPostgres: true });
}
