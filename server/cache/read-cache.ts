// What the API remembers between requests: trip searches and trips (as serialised JSON), the trips, buses,
// companies, cities and prices that other documents refer to, and list totals. Reads far outnumber writes: a
// booking rush asks the same searches again and again, and staff page through a million bookings.
//
// Every entry says what it was read from (its dependencies); every change the write layer announces
// (server/db/changes.ts, from this node, another node, or another process) drops the entries that depend on it,
// before the writer's answer leaves. An answer loaded while a change that concerns it was made is answered but
// not kept (it may predate the change), and a load in flight is not shared with readers that came after such a
// change. `ttlMs` bounds memory and is a last safety net; seats themselves are always guarded by the database.
import type { Change } from '../db/changes.ts';

/** What an entry was read from: whole tables, and rows of a keyed table (booking_seats of some trips). */
export interface Dependencies {
  tables: readonly string[];
  keyed?: { table: string; keys: readonly string[] };
}

interface Entry {
  value: unknown;
  expires: number;
  deps: Dependencies;
}

function concerns(change: Change, deps: Dependencies): boolean {
  if (change.table === '*' || deps.tables.includes(change.table)) return true;
  const keyed = deps.keyed;
  return (
    !!keyed && keyed.table === change.table && (change.key === undefined || keyed.keys.includes(change.key))
  );
}

/** Remembers the latest changes so that a load can tell whether one concerning it happened meanwhile. */
const RECENT_CHANGES = 1000;

export class ReadCache {
  private entries = new Map<string, Entry>();
  /** Cache keys by what they depend on: a whole table, any row of a keyed table, one key of it. */
  private byTable = new Map<string, Set<string>>();
  private byKeyedTable = new Map<string, Set<string>>();
  private byKey = new Map<string, Set<string>>();
  private inFlight = new Map<string, { since: number; promise: Promise<unknown> }>();
  private generation = 0;
  private recent: { generation: number; change: Change }[] = [];
  /** Off while changes from other nodes cannot be heard (cache-sync.ts). */
  enabled = true;
  /** Run before answering from memory: notices writes by other processes (SQLite's data_version). */
  beforeRead: () => void = () => undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
  ) {}

  get size() {
    return this.entries.size;
  }

  get<T>(key: string): T | undefined {
    if (!this.enabled) return undefined;
    this.beforeRead();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  /**
   * The value remembered under `key`, or `load` it, remember it with its dependencies and answer it.
   * Concurrent misses share one load. Undefined when `load` finds nothing (which is not remembered).
   */
  async remember<T>(
    key: string,
    load: () => Promise<T | undefined>,
    dependencies: Dependencies | ((value: T) => Dependencies),
  ): Promise<T | undefined> {
    const cached = this.get<T>(key);
    if (cached !== undefined) return cached;
    if (this.ttlMs <= 0 || !this.enabled) return load();
    const running = this.inFlight.get(key);
    if (running) return running.promise as Promise<T | undefined>;
    const since = this.generation;
    const promise = load().then((value) => {
      if (value !== undefined) {
        this.keep(key, value, typeof dependencies === 'function' ? dependencies(value) : dependencies, since);
      }
      return value;
    });
    this.inFlight.set(key, { since, promise });
    try {
      return await promise;
    } finally {
      if (this.inFlight.get(key)?.promise === promise) this.inFlight.delete(key);
    }
  }

  /** Marks the start of a load that will `keep` what it read. */
  mark(): number {
    return this.generation;
  }

  /** Keeps `value` unless a change concerning it was announced since `loadedSince` (from `mark`). */
  keep(key: string, value: unknown, deps: Dependencies, loadedSince: number) {
    if (this.ttlMs <= 0 || !this.enabled || this.changedSince(loadedSince, deps)) return;
    if (this.entries.size >= this.maxEntries) this.dropAll();
    this.delete(key);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs, deps });
    for (const table of deps.tables) this.index(this.byTable, table, key);
    if (deps.keyed) {
      this.index(this.byKeyedTable, deps.keyed.table, key);
      for (const id of deps.keyed.keys) this.index(this.byKey, `${deps.keyed.table}|${id}`, key);
    }
  }

  private changedSince(since: number, deps: Dependencies): boolean {
    if (since === this.generation) return false;
    // Changes older than the ones remembered may have concerned it.
    if (!this.recent.length || this.recent[0].generation > since + 1) return true;
    return this.recent.some((entry) => entry.generation > since && concerns(entry.change, deps));
  }

  /** Drops everything that depends on these changes, and the loads in flight that might. */
  apply(changes: readonly Change[]) {
    for (const change of changes) {
      this.recent.push({ generation: ++this.generation, change });
      if (change.table === '*') {
        this.dropAll();
        continue;
      }
      this.deleteAll(this.byTable.get(change.table));
      if (change.key === undefined) this.deleteAll(this.byKeyedTable.get(change.table));
      else this.deleteAll(this.byKey.get(`${change.table}|${change.key}`));
    }
    if (this.recent.length > RECENT_CHANGES) this.recent.splice(0, this.recent.length - RECENT_CHANGES / 2);
    // A load that started before these changes is not shared with readers that come after them (it is still
    // answered to those who asked before, and kept only if the changes did not concern it).
    for (const [key, running] of this.inFlight)
      if (running.since < this.generation) this.inFlight.delete(key);
  }

  /** Forgets everything (another node's changes could not be heard, or memory is full). */
  dropAll() {
    this.recent.push({ generation: ++this.generation, change: { table: '*' } });
    this.entries.clear();
    this.byTable.clear();
    this.byKeyedTable.clear();
    this.byKey.clear();
    this.inFlight.clear();
  }

  private index(map: Map<string, Set<string>>, name: string, key: string) {
    let keys = map.get(name);
    if (!keys) map.set(name, (keys = new Set()));
    keys.add(key);
  }

  private unindex(map: Map<string, Set<string>>, name: string, key: string) {
    const keys = map.get(name);
    if (!keys) return;
    keys.delete(key);
    if (!keys.size) map.delete(name);
  }

  private deleteAll(keys: Set<string> | undefined) {
    if (keys) for (const key of [...keys]) this.delete(key);
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const table of entry.deps.tables) this.unindex(this.byTable, table, key);
    if (entry.deps.keyed) {
      this.unindex(this.byKeyedTable, entry.deps.keyed.table, key);
      for (const id of entry.deps.keyed.keys)
        this.unindex(this.byKey, `${entry.deps.keyed.table}|${id}`, key);
    }
  }
}

/** The cache that reads through a database handle use (set by the app; none inside transactions). */
const cacheOf = new WeakMap<object, ReadCache>();

export function useReadCache(db: object, cache: ReadCache) {
  cacheOf.set(db, cache);
}

export function readCacheOf(db: object): ReadCache | undefined {
  return cacheOf.get(db);
}
