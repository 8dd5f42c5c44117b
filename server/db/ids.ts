import { randomBytes } from 'node:crypto';

/** A 24-hex-digit id: creation second first (so ids sort by age), then 64 random bits. */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}
