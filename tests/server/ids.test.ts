// Ids (server/db/ids.ts): the creation second, then 64 random bits drawn from a pool refilled every 512 ids;
// the activity log's ordered ids put a count within the second before fewer random bits.
import { describe, expect, it } from 'vitest';
import { newId, newOrderedId } from '../../server/db/ids.ts';

describe('newId', () => {
  it('is 24 hex digits, the second first; across several refills of the pool no two are alike', () => {
    const before = Math.floor(Date.now() / 1000);
    const ids = Array.from({ length: 5_000 }, newId);
    const after = Math.floor(Date.now() / 1000);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      const second = parseInt(id.slice(0, 8), 16);
      expect(second >= before && second <= after, id).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(8))).size).toBe(ids.length);
  });
});

describe('newOrderedId', () => {
  it('sorts in the order it was made, within one second too, and no two are alike', () => {
    const ids = Array.from({ length: 5_000 }, newOrderedId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // The random tail still differs between neighbours (it is not a bare counter).
    expect(new Set(ids.map((id) => id.slice(14))).size).toBe(ids.length);
  });
});
