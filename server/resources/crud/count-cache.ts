// List totals (X-Total-Count) over big tables cost a count of every matching row; staff paging through a
// million bookings ask the same total again and again. Totals are kept a few seconds per table and filter,
// and forgotten at once when this node writes to the table. Another node's writes show within TTL_MS:
// only the page count shown can lag, never the rows.
const TTL_MS = 5000;
const MAX_ENTRIES = 1000;

type Totals = Map<string, { table: string; total: number; expires: number }>;
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
  const entry = totals.get(cacheKey);
  if (entry && entry.expires > Date.now()) return entry.total;
  const total = await count();
  if (totals.size >= MAX_ENTRIES) totals.clear();
  totals.set(cacheKey, { table, total, expires: Date.now() + TTL_MS });
  return total;
}

export function forgetCounts(db: object, table: string) {
  const totals = totalsOf(db);
  for (const [key, entry] of totals) if (entry.table === table) totals.delete(key);
}
