// Two API nodes, two real server processes, on one PostgreSQL (issue 20): node A claims the outbox's messages
// and hands them to a provider that takes them but has not answered when A is killed with SIGKILL. Nothing is
// lost: A's claims run out (SMS_LEASE_SECONDS, at least the timeout and a second) and node B sends every one of
// them, with the same message ids, so the provider, which had already sent some before A died, sends none
// twice. The provider is a small HTTP server on loopback that answers slowly; nothing else is faked.
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../bench/lib/server.ts';
import { openDatabase } from '../../server/db/database.ts';
import type { Db } from '../../server/db/schema.ts';
import { enqueue } from '../../server/messages/outbox.repository.ts';
import { closeLoopback, listenOnLoopback } from './helpers/loopback.ts';
import { createPostgresDatabase, dialects } from './helpers/test-app.ts';

const TOKEN = 'gateway-token-for-the-crash-test-0123';

/** A provider that sends a message the first time it hears of its id and knows it again after. */
class SlowProvider {
  server = http.createServer((request, response) => this.handle(request, response));
  url = '';
  /** How many times each id was put on the air (must end at one). */
  sent = new Map<string, number>();
  /** Every call, by id and the node's order of arrival. */
  calls: string[] = [];
  /** While true, calls are taken (and sent) but not answered: the node waits, mid-send. */
  holding = true;
  private held: http.ServerResponse[] = [];

  async start() {
    this.url = await listenOnLoopback(this.server, '/send');
  }
  stop() {
    return closeLoopback(this.server);
  }
  private handle(request: http.IncomingMessage, response: http.ServerResponse) {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.headers.authorization !== `Bearer ${TOKEN}`) return response.writeHead(401).end();
      const id = String(request.headers['idempotency-key']);
      expect(JSON.parse(body).id).toBe(id);
      this.calls.push(id);
      if (!this.sent.has(id)) this.sent.set(id, 1);
      if (this.holding) return void this.held.push(response);
      // Slow, as providers are under load: the answer comes later than the call.
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: `p-${id}` }));
      }, 200);
    });
  }
}

/** Polls `check` until it holds (a process-level test waits for other processes, it has no clock of theirs). */
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!dialects.includes('postgres'))('two nodes on one PostgreSQL, one killed mid-send', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(
    "loses nothing: the other node sends the dead node's claimed messages once",
    { timeout: 180_000 },
    async () => {
      const provider = new SlowProvider();
      await provider.start();
      cleanups.push(() => provider.stop());
      const postgres = await createPostgresDatabase();
      cleanups.push(postgres.drop);
      const env = {
        DATABASE_URL: postgres.url,
        SMS_GATEWAY: 'http',
        SMS_HTTP_URL: provider.url,
        SMS_HTTP_TOKEN: TOKEN,
        SMS_SENDER_SECONDS: '1',
        SMS_TIMEOUT_MS: '4000',
        SMS_LEASE_SECONDS: '1',
      };
      const a: RunningServer = await startServer(env);
      cleanups.push(a.stop);
      const database = openDatabase({ databaseUrl: postgres.url, dataDir: a.dataDir });
      cleanups.push(database.close);
      const db = database.db as Db;
      const now = new Date();
      for (let i = 0; i < 6; i++)
        await enqueue(
          db,
          { kind: 'broadcast', phone: `09120000${10 + i}`, language: 'en', text: `Crash test ${i}` },
          now,
        );
      const messages = () => db.selectFrom('messages').selectAll().orderBy('id').execute();
      const ids = (await messages()).map((row) => row.id);
      expect(ids).toHaveLength(6);

      // A claims all six and is mid-send: four calls at the provider (its parallel sends), none answered.
      await until(() => provider.calls.length === 4, 'node A calls the provider');
      const claimed = await messages();
      expect(claimed.map((row) => row.status)).toEqual(Array(6).fill('sending'));
      const nodeA = claimed[0].claimed_by;
      expect(claimed.every((row) => row.claimed_by === nodeA)).toBe(true);
      a.process.kill('SIGKILL');
      await until(() => a.process.exitCode !== null || a.process.signalCode !== null, 'node A dies');

      provider.holding = false;
      const b = await startServer({ ...env });
      cleanups.push(b.stop);
      await until(
        async () => (await messages()).every((row) => row.status === 'sent'),
        'node B sends every message',
      );

      const after = await messages();
      expect(after.every((row) => row.claimed_by === null && row.provider_id === `p-${row.id}`)).toBe(true);
      // Each put on the air once; the four A had handed over were called again by B under the same id.
      for (const id of ids) expect(provider.sent.get(id), id).toBe(1);
      const heardFromB = provider.calls.slice(4);
      expect([...heardFromB].sort()).toEqual([...ids].sort());
      expect(after.every((row) => row.tries === 2)).toBe(true);
    },
  );
});
