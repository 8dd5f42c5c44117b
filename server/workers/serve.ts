// The worker's side of WorkerPool: answers each job it is sent, by number, and says when it is ready.
import { parentPort } from 'node:worker_threads';

export type Answer<A> = { ready: true } | { id: number; answer: A } | { id: number; error: string };

/**
 * Answers every job with `handle`; `transfer` names the answer's buffers to move rather than copy. Call once
 * the worker has set itself up: the pool's ready() waits for it.
 */
export function serveJobs<J, A>(
  handle: (job: J) => A | Promise<A>,
  transfer: (answer: A) => ArrayBuffer[] = () => [],
): void {
  const port = parentPort!;
  port.on('message', async ({ id, job }: { id: number; job: J }) => {
    let message: Answer<A>;
    try {
      const answer = await handle(job);
      port.postMessage({ id, answer } satisfies Answer<A>, transfer(answer));
      return;
    } catch (error) {
      message = { id, error: String(error) };
    }
    port.postMessage(message);
  });
  port.postMessage({ ready: true } satisfies Answer<A>);
}
