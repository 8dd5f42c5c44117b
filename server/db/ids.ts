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

let lastSecond = '';
let counter = 0;

/**
 * A 24-hex-digit id that also sorts by when this process made it: creation second, then a count within that
 * second, then 40 random bits. For the activity log, whose rows of one record can share a millisecond (a create
 * and the update right after it) and must still read in the order they happened. Not for ids a traveller sees:
 * the count makes a neighbour's id easier to guess.
 */
export function newOrderedId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  if (seconds !== lastSecond) {
    lastSecond = seconds;
    counter = 0;
  }
  counter = Math.min(counter + 1, 0xffffff);
  if (used === POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  used += 8;
  return seconds + counter.toString(16).padStart(6, '0') + POOL.toString('hex', used - 5, used);
}
