// Starts the real server (node --import tsx server/main.ts) as a child process on a free port, the way
// production runs it, and stops it again. Used by the benchmarks, the process-level tests (crash, two nodes)
// and the browser tests.
// - DATA_DIR: the given one is used and kept (a restart after a crash reuses it); otherwise a fresh temporary
//   one is made and removed on stop.
// - `ownPostgres`: when TEST_DATABASE_URL is set, a fresh PostgreSQL database of its own, dropped on stop.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../../tests/helpers/postgres.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
// The staff account the server creates on a fresh database (benchmarks reuse databases made with it).
export const ADMIN = { email: 'bench@rihla.test', password: 'bench-secret-1' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

type ChildProcess = ReturnType<typeof spawn>;

export interface StartOptions {
  /** A PostgreSQL database of its own when TEST_DATABASE_URL is set (SQLite otherwise). */
  ownPostgres?: boolean;
  /**
   * As the README's `npm start`: none of the optional variables (no ADMIN_EMAIL, no raised limits, SQLite),
   * only DATA_DIR, PORT (to run beside other tests) and `env`.
   */
  asReadme?: boolean;
}

async function waitForHealth(url: string, exited: () => boolean, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`server exited before it was ready:\n${output()}`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy after 90 s:\n${output()}`);
}

export async function startServer(
  env: Record<string, string | undefined> = {},
  { ownPostgres = false, asReadme = false }: StartOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const ownDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-server-'));
  const postgres = ownPostgres && process.env.TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Benchmarks and tests sign in and book far more than a person; the counters live in the database.
    LOGIN_RATE_LIMIT_PER_IP: '100000',
    LOGIN_RATE_LIMIT_PER_EMAIL: '100000',
    LOOKUP_RATE_LIMIT_PER_IP: '100000000',
    BOOKING_RATE_LIMIT_PER_IP: '100000000',
    MAX_UNPAID_BOOKINGS_PER_PHONE: '100000000',
    MAX_UNPAID_BOOKINGS_PER_ADDRESS: '100000000',
    MAX_UNPAID_SEATS_PER_ADDRESS_PER_TRIP: '100000000',
    MAX_UNPAID_BOOKINGS_PER_DEVICE: '100000000',
    MAX_UNPAID_SHARE: '1',
    PROOF_BYTES_PER_IP_PER_HOUR: '100000000000',
    // Every load generator is one address (127.0.0.1).
    MAX_CONNECTIONS_PER_IP: '1000',
    ...env,
    DATA_DIR: dataDir,
  };
  if (postgres) childEnv.DATABASE_URL = postgres.url;
  if (!childEnv.DATABASE_URL) delete childEnv.DATABASE_URL;
  const { PATH, HOME, TMPDIR } = process.env;
  const serverEnv = asReadme
    ? { PATH, HOME, TMPDIR, PORT: String(port), ...env, DATA_DIR: dataDir }
    : childEnv;

  // BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log += chunk;
    if (log.length > 1_000_000) log = log.slice(-500_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  let stopping = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      // A server that dies on its own says why (a kill -9 by a test has no code and says nothing).
      if (code && !stopping) process.stderr.write(`server exited with code ${code}:\n${log.slice(-4000)}\n`);
      resolve();
    }),
  );
  const cleanUp = async () => {
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(
      url,
      () => exited,
      () => log,
    );
  } catch (error) {
    child.kill('SIGKILL');
    await exit;
    await cleanUp();
    throw error;
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => log,
    stop: async () => {
      stopping = true;
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exit;
        clearTimeout(timer);
      }
      await cleanUp();
    },
  };
}

export async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = await response.json();
  if (!body.access_token) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  // The bench's staff sell at the counter: their shift is open (cash-up); one already open is kept.
  const shift = await fetch(`${url}/api/shifts/openShift`, {
    method: 'POST',
    headers: { authorization: `Bearer ${body.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ float: 0 }),
  });
  if (shift.status !== 201 && shift.status !== 409) throw new Error(`openShift answered ${shift.status}`);
  return body.access_token;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
