// A small pool of worker threads, each running one module (server/workers/serve.ts's serveJobs) that answers
// jobs by number: tickets (server/tickets) and searches (server/resources/trips). A job goes to the worker with
// the fewest waiting; a worker that dies fails only its own jobs and is replaced.
import { Worker } from 'node:worker_threads';
import type { Answer } from './serve.ts';

/** Loads the TypeScript module named in workerData (workers do not inherit the parent's loader). */
const ENTRY = new URL('./entry.mjs', import.meta.url);

/** The job's worker stopped before answering it (terminated, out of memory): the job may be tried again. */
export class WorkerStopped extends Error {
  constructor() {
    super('worker stopped');
  }
}

interface Waiting<A> {
  resolve: (answer: A) => void;
  reject: (error: Error) => void;
}

class PooledWorker<A> {
  worker: Worker;
  jobs = new Map<number, Waiting<A>>();
  ready: Promise<void>;

  constructor(module: URL, data: unknown, onExit: (self: PooledWorker<A>) => void) {
    this.worker = new Worker(ENTRY, { workerData: { module: module.href, data } });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('error', reject);
      this.worker.on('message', (message: Answer<A>) => {
        if ('ready' in message) return resolve();
        const job = this.jobs.get(message.id);
        this.jobs.delete(message.id);
        if ('answer' in message) job?.resolve(message.answer);
        else job?.reject(new Error(message.error));
      });
    });
    this.ready.catch(() => undefined);
    this.worker.on('exit', () => {
      for (const job of this.jobs.values()) job.reject(new WorkerStopped());
      this.jobs.clear();
      onExit(this);
    });
  }
}

export class WorkerPool<J, A> {
  private workers: PooledWorker<A>[] = [];
  private nextId = 0;
  private closing = false;

  /** `size` workers running `module` (a file that calls serveJobs), each given `data` as its workerData.data. */
  constructor(
    private readonly module: URL,
    size: number,
    private readonly data?: unknown,
  ) {
    for (let i = 0; i < size; i++) this.workers.push(this.spawn());
  }

  get size() {
    return this.workers.length;
  }

  private spawn(): PooledWorker<A> {
    return new PooledWorker<A>(this.module, this.data, (dead) => {
      const index = this.workers.indexOf(dead);
      if (index >= 0 && !this.closing) this.workers[index] = this.spawn();
    });
  }

  async ready(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.ready));
  }

  /** The job's answer from the least busy worker (the pool must have one). */
  async run(job: J): Promise<A> {
    const target = this.workers.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
    await target.ready;
    const id = this.nextId++;
    return new Promise<A>((resolve, reject) => {
      target.jobs.set(id, { resolve, reject });
      target.worker.postMessage({ id, job });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }
}
