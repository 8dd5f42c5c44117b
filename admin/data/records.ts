// Server documents ↔ react-admin records. Documents carry `_id`; records carry `id` too. Reads populate
// references (trip.busId is the whole bus); records keep the `_id` string in the field, so forms and
// ReferenceInputs work, and hand the populated documents to react-admin's cache as `prefetched`.
import { getResource, type ResourceDef } from '../../shared/registry/index.ts';

export type Doc = Record<string, unknown> & { _id: string };
export type RaRecordOf = Record<string, unknown> & { id: string; _id: string };
export type Prefetched = Record<string, RaRecordOf[]>;

const isDoc = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && typeof (value as Doc)._id === 'string';

/** The `_id` of a reference, whether it arrives populated or as a bare string. */
export const idOf = (value: unknown): unknown => (isDoc(value) ? value._id : value);

export function toRecord(def: ResourceDef, doc: Doc, prefetched: Prefetched = {}): RaRecordOf {
  const record: RaRecordOf = { ...doc, id: doc._id };
  for (const [name, field] of Object.entries(def.fields)) {
    const value = doc[name];
    if (field.kind !== 'reference' || !field.ref || !isDoc(value)) continue;
    record[name] = value._id;
    const list = (prefetched[field.ref] ??= []);
    if (!list.some((known) => known.id === value._id))
      list.push(toRecord(getResource(field.ref), value, prefetched));
  }
  return record;
}

export function toRecords(def: ResourceDef, docs: Doc[]) {
  const prefetched: Prefetched = {};
  const data = docs.map((doc) => toRecord(def, doc, prefetched));
  return { data, prefetched };
}

const isWritable = (def: ResourceDef, name: string) => {
  const field = def.fields[name];
  return field !== undefined && !field.readOnly && !field.computed;
};

/** The body of a create: writable registry fields only (never id, _id or server-set fields). */
export function toCreateBody(def: ResourceDef, data: Record<string, unknown>) {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    if (isWritable(def, name) && value !== undefined) body[name] = idOf(value);
  }
  return body;
}

const same = (a: unknown, b: unknown) => JSON.stringify(idOf(a) ?? null) === JSON.stringify(idOf(b) ?? null);

/** The body of a PATCH: only the writable fields whose value changed. */
export function toPatchBody(
  def: ResourceDef,
  data: Record<string, unknown>,
  previous: Record<string, unknown> = {},
) {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    if (isWritable(def, name) && value !== undefined && !same(value, previous[name]))
      body[name] = idOf(value);
  }
  return body;
}
