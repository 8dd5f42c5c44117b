import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TicketPool } from '../../server/tickets/ticket-pool.ts';
import type { TicketData } from '../../server/tickets/ticket-pdf.ts';

const ticket = (n: number): TicketData => ({
  ticketId: String(4000000000000 + n),
  passengerName: `Huda Ali ${n}`,
  companyName: 'Nile Express',
  busNumber: 'KH-1201',
  tripDate: '2026-12-01',
  boardingTime: '9:00 am',
  originCity: 'Khartoum',
  destinationCity: 'Kassala',
  seats: [(n % 40) + 1],
  passengerCount: 1,
  total: 30000,
  currency: 'SDG',
  bookingDate: '2026-11-21T10:00:00.000Z',
  paid: true,
});

describe('ticket worker pool', () => {
  const pool = new TicketPool(2);
  afterAll(() => pool.close());

  it('renders tickets on worker threads, each PDF holding its own ticket id', async () => {
    await pool.ready();
    const pdfs = await Promise.all(Array.from({ length: 8 }, (_, n) => pool.render(ticket(n))));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-pool-'));
    pdfs.forEach((pdf, n) => {
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
      const file = path.join(dir, `${n}.pdf`);
      fs.writeFileSync(file, pdf);
      expect(execFileSync('pdftotext', [file, '-']).toString()).toContain(ticket(n).ticketId);
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('replaces a worker that died and keeps rendering', async () => {
    const worker = (pool as unknown as { pool: { workers: { worker: { terminate(): Promise<number> } }[] } })
      .pool.workers[0];
    await worker.worker.terminate();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pool.ready();
    const pdf = await pool.render(ticket(99));
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('renders on this thread a ticket whose worker stopped with it in hand', async () => {
    await pool.ready();
    const workers = (pool as unknown as { pool: { workers: { worker: { terminate(): Promise<number> } }[] } })
      .pool.workers;
    // Both workers have a ticket when both stop: neither answers, and each ticket still comes back.
    const rendering = [pool.render(ticket(7)), pool.render(ticket(8))];
    await Promise.all(workers.map((w) => w.worker.terminate()));
    const pdfs = await Promise.all(rendering);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-pool-'));
    pdfs.forEach((pdf, n) => {
      const file = path.join(dir, `${n}.pdf`);
      fs.writeFileSync(file, pdf);
      expect(execFileSync('pdftotext', [file, '-']).toString()).toContain(ticket(7 + n).ticketId);
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
