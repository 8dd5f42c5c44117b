// Worker thread body: renders tickets sent by TicketPool, so PDF work (~7 ms of CPU each) runs beside the
// event loop instead of on it.
import { parentPort } from 'node:worker_threads';
import { renderTicket, type TicketData, warmUpTicketRenderer } from './ticket-pdf.ts';

await warmUpTicketRenderer();
parentPort!.on('message', async ({ id, data }: { id: number; data: TicketData }) => {
  try {
    const pdf = await renderTicket(data);
    const bytes = pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength);
    parentPort!.postMessage({ id, pdf: bytes }, [bytes as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: String(error) });
  }
});
parentPort!.postMessage({ ready: true });
