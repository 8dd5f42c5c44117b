// Fills references with the documents they point to, as the spec's entities show them (a trip's busId is
// the bus, whose bus_owner_companyId is the company), one query per reference field and level, then
// adds the fields a resource computes (a trip's bookedSeats, a user's full_name).
//
// Referenced trips, buses, companies, cities and prices are remembered in the app's read cache
// (server/cache/read-cache.ts), which every write to their tables empties on every node: a page of bookings
// then costs its own query and one for its trips' booked seats, instead of eight (1M bookings on PostgreSQL:
// p99 60–65 ms → 34–42 ms, README).
import { getResource, type ResourceDef } from '../../../shared/registry/index.ts';
import { type Dependencies, readCacheOf } from '../../cache/read-cache.ts';
import { computeOf, referencedFieldsOf, rowMapperOf } from '../computed-fields.ts';
import { type Document, type Row, rowToDocument } from './row-mapper.ts';
import type { Db } from '../../db/schema.ts';
import { anyTable } from './generic-db.ts';

/** booking → trip → bus → company is the longest chain documents show. */
const MAX_DEPTH = 3;

/** What a trip shows (its bus, the bus's company, its cities and price): documents remembered when referred to. */
export const TRIP_SHOWN_RESOURCES = ['trips', 'buses', 'companies', 'origins', 'destinations', 'prices'];

/** A trip as shown, without its booked seats, is read from these tables. */
export const TRIP_SHOWN: Dependencies = {
  tables: TRIP_SHOWN_RESOURCES.map((name) => getResource(name).table),
};

// A remembered document keeps what its own references computed; only its own computed fields (a trip's
// bookedSeats, which sales change without emptying the cache) are computed again on every read. So what
// remembered documents refer to must compute nothing.
for (const name of TRIP_SHOWN_RESOURCES) {
  for (const field of Object.values(getResource(name).fields)) {
    if (field.kind === 'reference' && computeOf(field.ref!)) {
      throw new Error(`${name}.${field.ref}: a remembered document cannot hold computed fields`);
    }
  }
}

export async function toDocuments(
  db: Db,
  def: ResourceDef,
  rows: Row[],
  depth = MAX_DEPTH,
): Promise<Document[]> {
  const documents = await withReferences(db, def, rows, depth);
  if (documents.length) await computeOf(def.name)?.(db, documents);
  return documents;
}

/**
 * Rows as documents with their references filled and what they derive from them (a trip's stops' names), but
 * without their own computed fields.
 */
async function withReferences(db: Db, def: ResourceDef, rows: Row[], depth: number) {
  const toDocument = rowMapperOf(def.name) ?? ((row: Row) => rowToDocument(def, row));
  const documents = rows.map(toDocument);
  if (documents.length) await referencedFieldsOf(def.name)?.(db, documents);
  if (!documents.length || depth <= 0) return documents;
  // The reference fields are independent: load them side by side (PostgreSQL runs them in parallel).
  const references = Object.entries(def.fields).filter(([, field]) => field.kind === 'reference');
  await Promise.all(
    references.map(async ([name, field]) => {
      const ids = [
        ...new Set(documents.map((d) => d[name]).filter((v): v is string => typeof v === 'string')),
      ];
      if (!ids.length) return;
      const byId = await documentsById(db, getResource(field.ref!), ids, depth - 1);
      for (const document of documents) document[name] = byId.get(document[name] as string) ?? null;
    }),
  );
  return documents;
}

/**
 * One document as another refers to it (populated to MAX_DEPTH - 1), remembered when its resource allows, and
 * without its computed fields: a sale reads its trip's bus, cities and price this way.
 */
export async function referencedDocument(db: Db, def: ResourceDef, id: string) {
  return (await documentsById(db, def, [id], MAX_DEPTH - 1, false)).get(id);
}

/** The documents of `def` with these ids, populated to `depth`; remembered ones from the cache. */
async function documentsById(db: Db, def: ResourceDef, ids: string[], depth: number, compute = true) {
  const cache = TRIP_SHOWN_RESOURCES.includes(def.name) ? readCacheOf(db) : undefined;
  const key = (id: string) => `document|${def.name}|${depth}|${id}`;
  const found: Document[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    // Kept as JSON: every reader gets its own copy to fill in.
    const body = cache?.get<string>(key(id));
    if (body) found.push(JSON.parse(body) as Document);
    else missing.push(id);
  }
  if (missing.length) {
    const since = cache?.mark() ?? 0;
    const rows = await anyTable(db).selectFrom(def.table).selectAll().where('id', 'in', missing).execute();
    for (const document of await withReferences(db, def, rows, depth)) {
      cache?.keep(key(document._id), JSON.stringify(document), TRIP_SHOWN, since);
      found.push(document);
    }
  }
  if (compute && found.length) await computeOf(def.name)?.(db, found);
  return new Map(found.map((document) => [document._id, document]));
}
