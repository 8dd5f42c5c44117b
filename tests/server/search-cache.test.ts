// The trip cache keeps nothing that a write may have made stale: an answer loaded while its trip (or
// everything) was invalidated is answered but not kept; invalidations of other trips do not stop it.
import { describe, expect, it } from 'vitest';
import { SearchCache } from '../../server/resources/trips/search-cache.ts';

/** A load that finishes when `finish` is called, as a slow query would. */
function slowLoad(value: { trips: string[] }) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { load: async () => (await done, value), finish };
}

describe('SearchCache', () => {
  const tripIds = (value: { trips: string[] }) => value.trips;

  it('keeps an answer when nothing was invalidated while it loaded', async () => {
    const cache = new SearchCache(60_000);
    await cache.remember('a', async () => ({ trips: ['t1'] }), tripIds);
    expect(cache.get('a')).toBe('{"trips":["t1"]}');
  });

  it('does not keep an answer whose trip was invalidated while it loaded', async () => {
    const cache = new SearchCache(60_000);
    const { load, finish } = slowLoad({ trips: ['t1', 't2'] });
    const answer = cache.remember('a', load, tripIds);
    cache.invalidateTrip('t2');
    finish();
    expect(await answer).toBe('{"trips":["t1","t2"]}');
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps an answer when only another trip was invalidated while it loaded', async () => {
    const cache = new SearchCache(60_000);
    const { load, finish } = slowLoad({ trips: ['t1'] });
    const answer = cache.remember('a', load, tripIds);
    cache.invalidateTrip('t9');
    finish();
    await answer;
    expect(cache.get('a')).toBe('{"trips":["t1"]}');
  });

  it('does not keep an answer loaded across a clear, nor one older than the invalidations it remembers', async () => {
    const cache = new SearchCache(60_000);
    const cleared = slowLoad({ trips: [] });
    const first = cache.remember('a', cleared.load, tripIds);
    cache.clear();
    cleared.finish();
    await first;
    expect(cache.get('a')).toBeUndefined();

    const old = slowLoad({ trips: ['t1'] });
    const second = cache.remember('b', old.load, tripIds);
    for (let i = 0; i < 2000; i++) cache.invalidateTrip(`other-${i}`);
    old.finish();
    await second;
    expect(cache.get('b')).toBeUndefined();
  });

  it('answers nothing and keeps nothing while disabled (another node cannot be heard)', async () => {
    const cache = new SearchCache(60_000);
    cache.enabled = false;
    await cache.remember('a', async () => ({ trips: ['t1'] }), tripIds);
    cache.enabled = true;
    expect(cache.get('a')).toBeUndefined();
  });
});
