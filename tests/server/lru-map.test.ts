// The bounded memo behind the server's caches: made once per key, at most `max` kept, least recently used
// dropped first.
import { describe, expect, it } from 'vitest';
import { LruMap } from '../../server/lru-map.ts';

describe('LruMap', () => {
  it('makes a value once and answers it again', () => {
    const map = new LruMap<string, number>(2);
    let made = 0;
    expect(map.getOrMake('a', () => ++made)).toBe(1);
    expect(map.getOrMake('a', () => ++made)).toBe(1);
    expect(made).toBe(1);
  });

  it('drops the least recently used entry when full', () => {
    const map = new LruMap<string, string>(2);
    map.getOrMake('a', () => 'a1');
    map.getOrMake('b', () => 'b1');
    map.getOrMake('a', () => 'a2'); // used again: b is now the oldest
    map.getOrMake('c', () => 'c1');
    expect(map.getOrMake('a', () => 'a3')).toBe('a1');
    expect(map.getOrMake('b', () => 'b2')).toBe('b2');
  });
});
