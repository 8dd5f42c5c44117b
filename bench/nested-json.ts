// Hostile JSON: /api/health's latency while three clients send an 800 KB `[[[…]]]` body in a loop, each to
// another kind of address (an unknown path, a public form, the sign-in), compared with no such senders.
// Senders go as fast as they are answered; BENCH_SENDER_RATE=10 paces each to 10 bodies a second, so that
// their own work on a shared machine does not weigh on the figures.
//   node --import tsx bench/nested-json.ts          (BENCH_SECONDS=10 by default)
import http from 'node:http';
import autocannon from 'autocannon';
import { startServer } from './lib/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SENDER_RATE = Number(process.env.BENCH_SENDER_RATE ?? 0);
const DEPTH = 400_000;
const BODY = Buffer.from('['.repeat(DEPTH) + ']'.repeat(DEPTH));
const TARGETS = ['/api/no-such-call', '/api/enquiries/createEnquiry', '/api/auth/login'];

/** One sender: POSTs the body again and again until `until`, counting the answers by status. */
async function send(url: string, path: string, until: number, statuses: Map<string, number>) {
  while (Date.now() < until) {
    const started = Date.now();
    const status = await new Promise<string>((resolve) => {
      const request = http.request(
        `${url}${path}`,
        {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': BODY.length },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(String(response.statusCode)));
        },
      );
      // A server that answers before reading everything closes the connection under the rest.
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      request.end(BODY);
    });
    const key = `${path} ${status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    const wait = SENDER_RATE ? 1000 / SENDER_RATE - (Date.now() - started) : 0;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

async function health(url: string) {
  const result = await autocannon({ url: `${url}/api/health`, connections: 1, duration: SECONDS });
  return `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s, ${result.non2xx + result.errors} errors`;
}

const server = await startServer({ LOG_LEVEL: 'error' });
try {
  console.log(`/api/health alone:              ${await health(server.url)}`);
  const statuses = new Map<string, number>();
  const until = Date.now() + SECONDS * 1000 + 500;
  const senders = TARGETS.map((path) => send(server.url, path, until, statuses));
  const underAttack = await health(server.url);
  await Promise.all(senders);
  console.log(`/api/health with three senders: ${underAttack}`);
  for (const [key, count] of [...statuses].sort()) console.log(`  ${key}: ${count} answers`);
} finally {
  await server.stop();
}
