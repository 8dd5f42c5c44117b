// List totals (X-Total-Count) over big tables cost a count of every matching row (200 ms over a million
// bookings on PostgreSQL); staff paging through them ask the same total again and again. Totals are kept per
// table and filter: fresh for TTL_MS, then answered stale while one refresh runs in the background, and
// forgotten at once when this node writes to the table. Concurrent misses share one count. Only the page
// count shown can lag (by seconds, after another node's writes), never the rows.
const TTL_MS = 5000;
const MAX_ENTRIES = 1000;

interface Entry {
  table: string;
  total?: number;
  expires: number;
  pending?: Promise<number>;
}
type Totals = Map<string, Entry>;
/** One set of totals per database handle (tests and the two-node check run several apps in one process). */
const byDatabase = new WeakMap<object, Totals>();

function totalsOf(db: object): Totals {
  let totals = byDatabase.get(db);
  if (!totals) byDatabase.set(db, (totals = new Map()));
  return totals;
}

export async function cachedCount(
  db: object,
  table: string,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  const totals = totalsOf(db);
  const cacheKey = `${table}|${key}`;
  let entry = totals.get(cacheKey);
  if (!entry) {
    if (totals.size >= MAX_ENTRIES) totals.clear();
    totals.set(cacheKey, (entry = { table, expires: 0 }));
  }
  const current = entry;
  if (current.total !== undefined && current.expires > Date.now()) return current.total;
  current.pending ??= count()
    .then((total) => {
      current.total = total;
      current.expires = Date.now() + TTL_MS;
      return total;
    })
    .finally(() => (current.pending = undefined));
  // A stale total answers at once while the refresh runs (its failure is then only a missed refresh);
  // the first ever waits for it.
  if (current.total !== undefined) {
    current.pending.catch(() => undefined);
    return current.total;
  }
  return current.pending;
}

export function forgetCounts(db: object, table: string) {
  const totals = totalsOf(db);
  for (const [key, entry] of totals) if (entry.table === table) totals.delete(key);
}
