// A short-lived cache of the public trip reads (filterTrips, getTrip): they are read far more often than
// written, and a booking rush asks the same few searches again and again. Answers are kept as serialised
// JSON. Writes on this node invalidate at once (a booking drops the entries of its trip; a change to trips,
// buses, prices, cities or companies drops everything); another node's writes show within `ttlMs`, which is
// harmless because the seat itself is guarded by the database, not by this cache.
export class SearchCache {
  private entries = new Map<string, { body: string; expires: number; tripIds: string[] }>();
  private keysByTrip = new Map<string, Set<string>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.body;
  }

  set(key: string, body: string, tripIds: string[]) {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.clear();
    this.delete(key);
    this.entries.set(key, { body, expires: Date.now() + this.ttlMs, tripIds });
    for (const id of tripIds) {
      let keys = this.keysByTrip.get(id);
      if (!keys) this.keysByTrip.set(id, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Drops every answer that shows this trip. */
  invalidateTrip(tripId: string) {
    for (const key of this.keysByTrip.get(tripId) ?? []) this.delete(key);
    this.keysByTrip.delete(tripId);
  }

  clear() {
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
