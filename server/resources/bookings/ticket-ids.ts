import { randomInt } from 'node:crypto';

/** 13 random digits from a CSPRNG (not guessable from another ticket); never a leading zero. */
export function newTicketId(): string {
  let id = String(randomInt(1, 10));
  for (let i = 0; i < 12; i++) id += String(randomInt(0, 10));
  return id;
}
