// Where the review goes next: skipping wraps round the queue; after a decision, the proof that followed (not
// one skipped earlier), else the first still waiting, else nothing (the queue is empty).
import { describe, expect, it } from 'vitest';
import { afterDecision, nextInQueue } from '../../admin/payments/queueOrder.ts';

describe('queue order', () => {
  it('next: the one after, wrapping round; the first when this one is not queued; none when alone', () => {
    expect(nextInQueue(['a', 'b', 'c'], 'a')).toBe('b');
    expect(nextInQueue(['a', 'b', 'c'], 'c')).toBe('a');
    expect(nextInQueue(['a', 'b', 'c'], 'x')).toBe('a');
    expect(nextInQueue(['a'], 'a')).toBeUndefined();
    expect(nextInQueue([], 'a')).toBeUndefined();
  });

  it('after a decision: the one that followed and still waits, else the first waiting', () => {
    // b was skipped (a, c decided since): after deciding d, e comes, not b.
    expect(afterDecision(['b', 'd', 'e'], ['b', 'e'], 'd')).toBe('e');
    // e was taken by a colleague meanwhile: f.
    expect(afterDecision(['d', 'e', 'f'], ['f'], 'd')).toBe('f');
    // d was the last: back to the first still waiting.
    expect(afterDecision(['b', 'd'], ['b'], 'd')).toBe('b');
    // Opened from a booking, not from the queue: the first waiting.
    expect(afterDecision(['a', 'b'], ['a', 'b'], 'x')).toBe('a');
    expect(afterDecision(['d'], [], 'd')).toBeUndefined();
  });
});
