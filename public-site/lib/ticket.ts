// The traveller's proof that a booking is theirs (ticket id + phone, as the server compares them), and the
// ticket fetched again: always the current one, which says PAID once staff have confirmed the payment.
import { normalizeDigits, normalizePhone } from '../../shared/rules.ts';
import { ApiError, getBlob, withQuery } from './api.ts';
import { apiPaths } from './api-paths.ts';
import { saveBlob, ticketFileName } from './download.ts';

export function credentials(ticketId: string, phone: string) {
  return { ticketId: normalizeDigits(ticketId.trim()), phone: normalizePhone(phone) };
}

/** Fetches and saves the booking's ticket as it is now; throws ApiError when it cannot. */
export async function downloadTicket(ticketId: string, phone: string): Promise<void> {
  const blob = await getBlob(withQuery(apiPaths.ticket, credentials(ticketId, phone)));
  saveBlob(blob, ticketFileName(ticketId));
}

/** Why a ticket could not be downloaded, as a key of the cancel page's messages. */
export const downloadProblem = (error: unknown) =>
  error instanceof ApiError && error.status === 404
    ? ('downloadMissing' as const)
    : ('downloadFailed' as const);
