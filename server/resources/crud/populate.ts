// Fills references with the documents they point to, as the spec's entities show them (a trip's busId is
// the bus, whose bus_owner_companyId is the company), one query per reference field and level, then
// adds the fields a resource computes (a trip's bookedSeats, a user's full_name).
import type { Kysely } from 'kysely';
import { getResource, type ResourceDef } from '../../../shared/registry/index.ts';
import { computedFields, rowMappers } from '../computed-fields.ts';
import { type Document, type Row, rowToDocument } from './row-mapper.ts';

/** booking → trip → bus → company is the longest chain the spec shows. */
const MAX_DEPTH = 3;

export async function toDocuments(
  db: Kysely<any>,
  def: ResourceDef,
  rows: Row[],
  depth = MAX_DEPTH,
): Promise<Document[]> {
  const toDocument = rowMappers[def.name] ?? ((row: Row) => rowToDocument(def, row));
  const documents = rows.map(toDocument);
  if (!documents.length) return documents;
  if (depth > 0) {
    // The reference fields are independent: load them side by side (PostgreSQL runs them in parallel).
    const references = Object.entries(def.fields).filter(([, field]) => field.kind === 'reference');
    await Promise.all(
      references.map(async ([name, field]) => {
        const ids = [
          ...new Set(documents.map((d) => d[name]).filter((v): v is string => typeof v === 'string')),
        ];
        if (!ids.length) return;
        const target = getResource(field.ref!);
        const targetRows = await db.selectFrom(target.table).selectAll().where('id', 'in', ids).execute();
        const referenced = await toDocuments(db, target, targetRows, depth - 1);
        const byId = new Map(referenced.map((d) => [d._id, d]));
        for (const document of documents) document[name] = byId.get(document[name] as string) ?? null;
      }),
    );
  }
  await computedFields[def.name]?.(db, documents);
  return documents;
}
