// A map that keeps at most `max` entries and drops the least recently used: the server's bounded memos
// (prepared statements, shaped text, font subsets, laid-out lines) are all this.
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly max: number) {}

  /** The value kept under `key`, or `make` it, keep it and answer it. */
  getOrMake(key: K, make: () => V): V {
    let value: V;
    if (this.entries.has(key)) {
      value = this.entries.get(key)!;
      this.entries.delete(key);
    } else {
      value = make();
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, value);
    return value;
  }
}
