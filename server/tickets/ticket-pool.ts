// Renders tickets on a small pool of worker threads (TICKET_WORKERS; 0 renders on the main thread). A
// crashed worker fails only its own jobs and is replaced (server/workers/worker-pool.ts); a ticket whose worker
// stopped with it in hand, or could not start, is rendered on the main thread, as a search is.
import { WorkerPool } from '../workers/worker-pool.ts';
import { renderTicket, type TicketData } from './ticket-pdf.ts';

export class TicketPool {
  private pool: WorkerPool<TicketData, ArrayBuffer>;

  constructor(size: number) {
    this.pool = new WorkerPool(new URL('./ticket-worker.ts', import.meta.url), size);
  }

  ready(): Promise<void> {
    return this.pool.ready();
  }

  async render(data: TicketData): Promise<Buffer> {
    const pdf = await this.pool.runOr(data, renderTicket);
    return Buffer.isBuffer(pdf) ? pdf : Buffer.from(pdf);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
