// Worker thread body: renders tickets sent by TicketPool, so PDF work (~7 ms of CPU each) runs beside the
// event loop instead of on it.
import { serveJobs } from '../workers/serve.ts';
import { renderTicket, type TicketData, warmUpTicketRenderer } from './ticket-pdf.ts';

await warmUpTicketRenderer();
serveJobs(
  async (data: TicketData) => {
    const pdf = await renderTicket(data);
    return pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer;
  },
  (bytes) => [bytes],
);
