import { randomFillSync } from 'node:crypto';

// Random bytes drawn 4 KB at a time (as Node's randomUUID does): one call into the system's generator per 512
// ids instead of one per id, which was most of what an id cost (a sale draws several: its booking, its message).
const POOL = Buffer.alloc(4096);
let used = POOL.length;

/** A 24-hex-digit id: creation second first (so ids sort by age), then 64 random bits. */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  if (used === POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  used += 8;
  return seconds + POOL.toString('hex', used - 8, used);
}
