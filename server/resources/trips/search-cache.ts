// A cache of the public trip reads (filterTrips, getTrip): they are read far more often than written, and a
// booking rush asks the same searches again and again. Answers are kept as serialised JSON. Every write that
// can change an answer invalidates it at once: a booking drops the entries of its trip; a change to trips,
// buses, prices, cities or companies drops everything. With PostgreSQL, invalidations reach the other API
// nodes through NOTIFY (cache-sync.ts). `ttlMs` only bounds memory and is a last safety net; the seat itself
// is always guarded by the database, not by this cache.
export class SearchCache {
  private entries = new Map<string, { body: string; expires: number; tripIds: string[] }>();
  private keysByTrip = new Map<string, Set<string>>();
  /** Off while other nodes' invalidations cannot be heard. */
  enabled = true;
  /** Called on every local invalidation (tripId, or undefined for everything), to tell other nodes. */
  onInvalidate?: (tripId?: string) => void;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
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

  set(key: string, body: string, tripIds: string[]) {
    if (this.ttlMs <= 0 || !this.enabled) return;
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
    const value = await load();
    if (value === undefined) return undefined;
    const body = JSON.stringify(value);
    this.set(key, body, tripIdsOf(value));
    return body;
  }

  /** Drops every answer that shows this trip. */
  invalidateTrip(tripId: string, broadcast = true) {
    if (broadcast) this.onInvalidate?.(tripId);
    for (const key of this.keysByTrip.get(tripId) ?? []) this.delete(key);
    this.keysByTrip.delete(tripId);
  }

  clear(broadcast = true) {
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
export const SEARCH_AFFECTING_PREFIXES = [
  '/api/trips/',
  '/api/buses/',
  '/api/companies/',
  '/api/origins/',
  '/api/destination/',
  '/api/prices/',
];
