import { randomFillSync } from 'node:crypto';

// Random bytes drawn 4 KB at a time (as Node's randomUUID does): one call into the system's generator per 512
// ids instead of one per id, which was most of what an id cost (a sale draws several: its booking, its message).
const POOL = Buffer.alloc(4096);
let used = POOL.length;

/** `bytes` random bytes from the pool as hex, refilling it when too few are left. */
function randomHex(bytes: number): string {
  if (used + bytes > POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  used += bytes;
  return POOL.toString('hex', used - bytes, used);
}

/** The current second as 8 hex digits: an id's first part (ids sort by age). */
const secondHex = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');

/** A 24-hex-digit id: creation second first (so ids sort by age), then 64 random bits. */
export function newId(): string {
  return secondHex() + randomHex(8);
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
  const seconds = secondHex();
  if (seconds !== lastSecond) {
    lastSecond = seconds;
    counter = 0;
  }
  counter = Math.min(counter + 1, 0xffffff);
  return seconds + counter.toString(16).padStart(6, '0') + randomHex(5);
}
