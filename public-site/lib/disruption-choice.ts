// The two choices of a traveller whose trip the bus company cancelled (shared/disruptions.ts): move, free of
// charge, to another trip of the route (the server keeps their seat numbers where free, else gives the first
// free ones), or a full refund. Both are proved by the ticket id and phone, like the look-up itself.
import { ApiError, sendJson } from './api.ts';
import { apiPaths } from './api-paths.ts';
import type { BookingMatch } from './types.ts';

export type ChoiceProblem = 'seatsTaken' | 'notWaiting' | 'failed';
export type ChoiceOutcome = { kind: 'moved' | 'refunded'; ticketId: string; amount: number };

const proof = (booking: BookingMatch) => ({
  ticketId: booking.ticketId,
  phone: booking.passengerInfo.phone,
});

function problemOf(error: unknown): ChoiceProblem {
  if (!(error instanceof ApiError) || error.status !== 409) return 'failed';
  return error.body?.code === 'NOT_WAITING' ? 'notWaiting' : 'seatsTaken';
}

/** Sends the choice; answers the problem to show, or null once done. */
export async function sendChoice(
  booking: BookingMatch,
  choice: { move: string } | { refund: true },
): Promise<ChoiceProblem | null> {
  try {
    if ('move' in choice)
      await sendJson('POST', apiPaths.moveBooking, { ...proof(booking), tripId: choice.move });
    else await sendJson('POST', apiPaths.requestRefund, proof(booking));
    return null;
  } catch (error) {
    return problemOf(error);
  }
}
