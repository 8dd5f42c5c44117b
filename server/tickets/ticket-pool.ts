// Renders tickets on a small pool of worker threads (TICKET_WORKERS; 0 renders on the main thread). A
// crashed worker fails only its own jobs and is replaced.
import { Worker } from 'node:worker_threads';
import { renderTicket, type TicketData } from './ticket-pdf.ts';

interface Job {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

class PooledWorker {
  worker: Worker;
  jobs = new Map<number, Job>();
  ready: Promise<void>;

  constructor(onExit: (self: PooledWorker) => void) {
    this.worker = new Worker(new URL('./ticket-worker-entry.mjs', import.meta.url));
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('error', reject);
      this.worker.on(
        'message',
        (message: { ready?: boolean; id?: number; pdf?: ArrayBuffer; error?: string }) => {
          if (message.ready) return resolve();
          const job = this.jobs.get(message.id!);
          this.jobs.delete(message.id!);
          if (message.pdf) job?.resolve(Buffer.from(message.pdf));
          else job?.reject(new Error(message.error ?? 'ticket worker failed'));
        },
      );
    });
    this.ready.catch(() => undefined);
    this.worker.on('exit', () => {
      for (const job of this.jobs.values()) job.reject(new Error('ticket worker stopped'));
      this.jobs.clear();
      onExit(this);
    });
  }
}

export class TicketPool {
  private workers: PooledWorker[] = [];
  private nextId = 0;
  private closing = false;

  constructor(private readonly size: number) {
    for (let i = 0; i < size; i++) this.workers.push(this.spawn());
  }

  private spawn(): PooledWorker {
    return new PooledWorker((dead) => {
      const index = this.workers.indexOf(dead);
      if (index >= 0 && !this.closing) this.workers[index] = this.spawn();
    });
  }

  async ready(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.ready));
  }

  async render(data: TicketData): Promise<Buffer> {
    if (!this.workers.length) return renderTicket(data);
    const target = this.workers.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
    await target.ready;
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      target.jobs.set(id, { resolve, reject });
      target.worker.postMessage({ id, data });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }
}
