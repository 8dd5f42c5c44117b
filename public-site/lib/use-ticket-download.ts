// Downloads a booking's ticket again, as the server renders it now; the problem is kept as a key of the
// cancel page's messages so it follows a language switch.
import { useState } from 'preact/hooks';
import { downloadProblem, downloadTicket } from './ticket.ts';

export type DownloadProblem = 'downloadFailed' | 'downloadMissing' | null;

export function useTicketDownload() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<DownloadProblem>(null);
  const download = async (ticketId: string, phone: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await downloadTicket(ticketId, phone);
    } catch (error) {
      setProblem(downloadProblem(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, download };
}
