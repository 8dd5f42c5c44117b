import { randomInt } from 'node:crypto';
import type { Db } from '../db/schema.ts';

/** 13 random digits from a CSPRNG (not guessable from another ticket); never a leading zero. */
export function newTicketId(): string {
  let id = String(randomInt(1, 10));
  for (let i = 0; i < 12; i++) id += String(randomInt(0, 10));
  return id;
}

const TICKET_ID_ATTEMPTS = 5;

/** A ticket id no booking has (checked in the transaction; a collision among concurrent draws is negligible). */
export async function freeTicketId(trx: Db): Promise<string> {
  for (let attempt = 0; attempt < TICKET_ID_ATTEMPTS; attempt++) {
    const ticketId = newTicketId();
    const taken = await trx
      .selectFrom('bookings')
      .select('id')
      .where('ticketId', '=', ticketId)
      .executeTakeFirst();
    if (!taken) return ticketId;
  }
  throw new Error('Could not draw a unique ticket id');
}
