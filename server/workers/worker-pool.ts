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

/** A worker that stopped before it was ready (its module failed to load, its database to open) is started again this much later, not at once and for ever. */
const RESTART_AFTER_FAILED_START_MS = 1_000;

class PooledWorker<A> {
  worker: Worker;
  jobs = new Map<number, Waiting<A>>();
  ready: Promise<void>;
  started = false;

  constructor(module: URL, data: unknown, onExit: (self: PooledWorker<A>) => void) {
    this.worker = new Worker(ENTRY, { workerData: { module: module.href, data } });
    let failed: (error: Error) => void = () => undefined;
    this.ready = new Promise((resolve, reject) => {
      failed = reject;
      this.worker.once('error', reject);
      this.worker.on('message', (message: Answer<A>) => {
        if ('ready' in message) {
          this.started = true;
          return resolve();
        }
        const job = this.jobs.get(message.id);
        this.jobs.delete(message.id);
        if ('answer' in message) job?.resolve(message.answer);
        else job?.reject(new Error(message.error));
      });
    });
    this.ready.catch(() => undefined);
    this.worker.on('exit', () => {
      failed(new WorkerStopped());
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
  private restarts = new Set<NodeJS.Timeout>();

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
      const replace = () => {
        const index = this.workers.indexOf(dead);
        if (index >= 0 && !this.closing) this.workers[index] = this.spawn();
      };
      if (dead.started) return replace();
      // Meanwhile its jobs find it not ready, and fail as WorkerStopped (a caller may answer them itself).
      const timer = setTimeout(() => {
        this.restarts.delete(timer);
        replace();
      }, RESTART_AFTER_FAILED_START_MS);
      timer.unref();
      this.restarts.add(timer);
    });
  }

  async ready(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.ready));
  }

  /** The job's answer from the least busy worker (the pool must have one). */
  async run(job: J): Promise<A> {
    const target = this.workers.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
    await target.ready.catch(() => {
      throw new WorkerStopped();
    });
    const id = this.nextId++;
    return new Promise<A>((resolve, reject) => {
      target.jobs.set(id, { resolve, reject });
      target.worker.postMessage({ id, job });
    });
  }

  /**
   * The job's answer from a worker, or `here(job)`'s when the pool has none or the job's worker stopped before
   * answering (killed, out of memory, not started): the caller gets an answer either way.
   */
  async runOr<B = A>(job: J, here: (job: J) => B | Promise<B>): Promise<A | B> {
    if (!this.workers.length) return here(job);
    try {
      return await this.run(job);
    } catch (error) {
      if (!(error instanceof WorkerStopped)) throw error;
      return here(job);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const timer of this.restarts) clearTimeout(timer);
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }
}
