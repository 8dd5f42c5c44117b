// A cache of the trip reads (filterTrips, getTrip, a trip's details for a sale, the trips shown beside
// bookings): they are read far more often than written, and a booking rush asks the same searches again and
// again. Answers are kept as serialised JSON. Every write that can change an answer invalidates it at once: a
// booking drops the entries of its trip; a change to trips, buses, prices, cities or companies drops
// everything. With PostgreSQL, invalidations reach the other API nodes through NOTIFY (cache-sync.ts).
// `ttlMs` only bounds memory and is a last safety net; the seat itself is always guarded by the database, not
// by this cache.
import { getResource } from '../../../shared/registry/index.ts';

/** Resources whose every write empties the cache: what a trip search shows, and nothing else. */
export const TRIP_SHOWN_RESOURCES = ['trips', 'buses', 'companies', 'origins', 'destinations', 'prices'];

export class SearchCache {
  private entries = new Map<string, { body: string; expires: number; tripIds: string[] }>();
  private keysByTrip = new Map<string, Set<string>>();
  /**
   * Counts invalidations, and remembers the latest ones (a trip id, or undefined for everything), so that an
   * answer loaded across an invalidation that concerns it is not kept: it may predate the write.
   */
  private generation = 0;
  private recent: { generation: number; tripId?: string }[] = [];
  /** Off while other nodes' invalidations cannot be heard. */
  enabled = true;
  /** Called on every local invalidation (tripId, or undefined for everything), to tell other nodes. */
  onInvalidate?: (tripId?: string) => void;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
  ) {}

  get(key: string): string | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.body;
  }

  /** Marks the start of a load: `set` with this mark keeps nothing if an invalidation came in between. */
  mark(): number {
    return this.generation;
  }

  set(key: string, body: string, tripIds: string[], loadedSince = this.generation) {
    if (this.ttlMs <= 0 || !this.enabled || this.invalidatedSince(loadedSince, tripIds)) return;
    if (this.entries.size >= this.maxEntries) this.clear(false);
    this.delete(key);
    this.entries.set(key, { body, expires: Date.now() + this.ttlMs, tripIds });
    for (const id of tripIds) {
      let keys = this.keysByTrip.get(id);
      if (!keys) this.keysByTrip.set(id, (keys = new Set()));
      keys.add(key);
    }
  }

  /**
   * The cached JSON answer under `key`, or `load` it, keep it (dropped when any trip of `tripIdsOf` changes)
   * and answer it. Undefined when `load` finds nothing (which is not kept).
   */
  async remember<T>(key: string, load: () => Promise<T | undefined>, tripIdsOf: (value: T) => string[]) {
    const cached = this.get(key);
    if (cached) return cached;
    const since = this.mark();
    const value = await load();
    if (value === undefined) return undefined;
    const body = JSON.stringify(value);
    this.set(key, body, tripIdsOf(value), since);
    return body;
  }

  private invalidatedSince(since: number, tripIds: string[]): boolean {
    if (since === this.generation) return false;
    // Forgotten invalidations may have concerned it.
    if (!this.recent.length || this.recent[0].generation > since + 1) return true;
    return this.recent.some(
      (change) =>
        change.generation > since && (change.tripId === undefined || tripIds.includes(change.tripId)),
    );
  }

  private noteInvalidation(tripId?: string) {
    this.recent.push({ generation: ++this.generation, tripId });
    if (this.recent.length > 1000) this.recent.splice(0, 500);
  }

  /** Drops every answer that shows this trip. */
  invalidateTrip(tripId: string, broadcast = true) {
    this.noteInvalidation(tripId);
    if (broadcast) this.onInvalidate?.(tripId);
    for (const key of this.keysByTrip.get(tripId) ?? []) this.delete(key);
    this.keysByTrip.delete(tripId);
  }

  clear(broadcast = true) {
    this.noteInvalidation();
    if (broadcast) this.onInvalidate?.();
    this.entries.clear();
    this.keysByTrip.clear();
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const id of entry.tripIds) this.keysByTrip.get(id)?.delete(key);
  }
}

/** API folders whose writes can change what a trip search answers. */
export const SEARCH_AFFECTING_PREFIXES = TRIP_SHOWN_RESOURCES.map((name) => `${getResource(name).api.base}/`);
