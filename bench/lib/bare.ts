// The ceiling a benchmark compares the real server with: a bare Fastify 5 answering one JSON text from memory,
// in a process of its own, as the server has (started in the same run, so both meet the same machine). A
// ceiling inside the load generator's process shares that process's CPU with autocannon and looks slower than
// it is: bench:search measured its server at 78–95 % of such a ceiling, and at 26 % of one in its own process.
import { fork } from 'node:child_process';
import Fastify from 'fastify';

export interface BareServer {
  url: string;
  pid: number;
  stop(): void;
}

/**
 * Starts the bare process answering `body` (as application/json) at `path`; with `answers` (URL → JSON text)
 * it answers each of those URLs with its own text instead, found in a Map, as a ceiling for a mix of different
 * requests whose answers differ in size.
 */
export async function startBare(
  path: string,
  body: string,
  answers?: Record<string, string>,
): Promise<BareServer> {
  const child = fork(import.meta.filename, ['bare'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = new Promise<string>((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve(message.url));
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with code ${code}`)));
  });
  child.send({ path, body, answers });
  return { url: await url, pid: child.pid!, stop: () => child.kill() };
}

if (process.argv[1] === import.meta.filename && process.argv[2] === 'bare' && process.send) {
  type Message = { path: string; body: string; answers?: Record<string, string> };
  process.once('message', async ({ path, body, answers }: Message) => {
    const app = Fastify();
    const byUrl = new Map(Object.entries(answers ?? {}));
    app.get(path, (request, reply) =>
      reply.type('application/json; charset=utf-8').send(byUrl.get(request.url) ?? body),
    );
    process.send!({ url: await app.listen({ port: 0, host: '127.0.0.1' }) });
  });
}
