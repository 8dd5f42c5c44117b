// The read cache keeps nothing that a write may have made stale: an answer loaded while a change concerning it
// was announced is answered but not kept; changes to other trips or tables leave it; a load in flight is not
// shared with readers who came after a change.
import { describe, expect, it } from 'vitest';
import { type Dependencies, ReadCache } from '../../server/cache/read-cache.ts';

/** A load that finishes when `finish` is called, as a slow query would. */
function slowLoad<T>(value: T) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let calls = 0;
  return {
    load: async () => {
      calls++;
      await done;
      return value;
    },
    finish,
    calls: () => calls,
  };
}

const trips = (...ids: string[]): Dependencies => ({
  tables: ['trips', 'buses'],
  keyed: { table: 'booking_seats', keys: ids },
});

describe('ReadCache', () => {
  it('keeps an answer when nothing was changed while it loaded', async () => {
    const cache = new ReadCache(60_000);
    await cache.remember('a', async () => 'A', trips('t1'));
    expect(cache.get('a')).toBe('A');
  });

  it('drops an answer when a table it was read from changes, or a keyed row of one of its trips', () => {
    const cache = new ReadCache(60_000);
    cache.keep('a', 'A', trips('t1', 't2'), cache.mark());
    cache.keep('b', 'B', trips('t3'), cache.mark());
    cache.apply([{ table: 'booking_seats', key: 't2' }]);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('B');
    cache.apply([{ table: 'users' }]);
    expect(cache.get('b')).toBe('B');
    cache.apply([{ table: 'buses' }]);
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops every keyed answer when a write to a keyed table does not say which rows', () => {
    const cache = new ReadCache(60_000);
    cache.keep('a', 'A', trips('t1'), cache.mark());
    cache.keep('count', 7, { tables: ['bookings'] }, cache.mark());
    cache.apply([{ table: 'booking_seats' }]);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('count')).toBe(7);
    cache.apply([{ table: '*' }]);
    expect(cache.get('count')).toBeUndefined();
  });

  it('does not keep an answer whose trip changed while it loaded, but keeps one when another trip did', async () => {
    const cache = new ReadCache(60_000);
    const stale = slowLoad('A');
    const answer = cache.remember('a', stale.load, trips('t1', 't2'));
    cache.apply([{ table: 'booking_seats', key: 't2' }]);
    stale.finish();
    expect(await answer).toBe('A');
    expect(cache.get('a')).toBeUndefined();

    const fresh = slowLoad('B');
    const other = cache.remember('b', fresh.load, trips('t1'));
    cache.apply([{ table: 'booking_seats', key: 't9' }]);
    fresh.finish();
    await other;
    expect(cache.get('b')).toBe('B');
  });

  it('does not keep an answer older than the changes it remembers', async () => {
    const cache = new ReadCache(60_000);
    const old = slowLoad('A');
    const answer = cache.remember('a', old.load, trips('t1'));
    for (let i = 0; i < 2000; i++) cache.apply([{ table: 'booking_seats', key: `other-${i}` }]);
    old.finish();
    await answer;
    expect(cache.get('a')).toBeUndefined();
  });

  it('shares one load between concurrent readers, but not with a reader who came after a change', async () => {
    const cache = new ReadCache(60_000);
    const first = slowLoad(1);
    const a = cache.remember('count', first.load, { tables: ['bookings'] });
    const b = cache.remember('count', first.load, { tables: ['bookings'] });
    expect(first.calls()).toBe(1);
    cache.apply([{ table: 'bookings' }]);
    const second = slowLoad(2);
    const c = cache.remember('count', second.load, { tables: ['bookings'] });
    expect(second.calls()).toBe(1);
    first.finish();
    second.finish();
    expect([await a, await b, await c]).toEqual([1, 1, 2]);
    expect(cache.get('count')).toBe(2);
  });

  it('answers nothing and keeps nothing while disabled, or when its lifetime is 0', async () => {
    const cache = new ReadCache(60_000);
    cache.enabled = false;
    expect(await cache.remember('a', async () => 'A', trips('t1'))).toBe('A');
    cache.enabled = true;
    expect(cache.get('a')).toBeUndefined();
    const off = new ReadCache(0);
    await off.remember('a', async () => 'A', trips('t1'));
    expect(off.get('a')).toBeUndefined();
  });

  it('asks before every answer from memory whether another process wrote', () => {
    const cache = new ReadCache(60_000);
    cache.keep('a', 'A', trips('t1'), cache.mark());
    cache.beforeRead = () => cache.apply([{ table: '*' }]);
    expect(cache.get('a')).toBeUndefined();
  });
});
