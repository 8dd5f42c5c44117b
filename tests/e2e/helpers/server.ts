// Starts the real server (node --import tsx server/main.ts) on a free port with a fresh data directory
// and the demo network, the way production runs it; PostgreSQL when TEST_DATABASE_URL is set.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../../helpers/postgres.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const STAFF = { email: 'admin@example.com', password: 'secret123' };

export interface TestServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

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

async function waitForHealth(url: string, exited: () => boolean, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`server exited before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy after 90 s:\n${output()}`);
}

export async function startServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rihla-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_DATA: '1',
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    LOOKUP_RATE_LIMIT_PER_IP: '1000',
    BOOKING_RATE_LIMIT_PER_IP: '1000',
    ...extraEnv,
  };
  // Each server gets a database of its own, so no test file sees another's bookings.
  const postgres = process.env.TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
  if (postgres) env.DATABASE_URL = postgres.url;
  else delete env.DATABASE_URL;

  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  let exited = false;
  const exit = new Promise<void>((resolve) => child.on('exit', () => ((exited = true), resolve())));

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(
      url,
      () => exited,
      () => log,
    );
  } catch (error) {
    child.kill('SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
    await postgres?.drop();
    throw error;
  }

  return {
    url,
    dataDir,
    output: () => log,
    stop: async () => {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exit;
        clearTimeout(timer);
      }
      await fs.rm(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}
