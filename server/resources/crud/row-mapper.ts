// Turns database rows into API documents and back. Driver differences (SQLite's 0/1 booleans, pg's numeric
// strings) are normalised here and nowhere else.
import type { ResourceDef } from '../../../shared/registry/index.ts';

export type Row = Record<string, unknown>;

/** Kinds kept as a JSON list in a text column (a timetable's days, its days off). */
const LIST_KINDS = new Set(['weekdays', 'dateList', 'stops', 'fares']);
const readList = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? []));
/** A route's stops and fares: answered only when there are some. */
const ROUTE_KINDS = new Set(['stops', 'fares']);
export type Document = Record<string, unknown> & { _id: string };

const columnsOfDef = new WeakMap<ResourceDef, string[]>();

/**
 * Fields with a column of their own (computed and structured ones are filled elsewhere). Worked out once per
 * resource: every row of every answer asks (a search's rows ask 12 times each).
 */
export function columnFields(def: ResourceDef): string[] {
  let names = columnsOfDef.get(def);
  if (!names) {
    names = Object.entries(def.fields)
      .filter(([, field]) => !field.writeOnly && !field.computed)
      .filter(([, field]) => !['seats', 'passenger', 'priceList'].includes(field.kind))
      .map(([name]) => name);
    columnsOfDef.set(def, names);
  }
  return names;
}

/** Turns one row into a document of its resource. */
export type DocumentReader = (row: Row) => Document;

/** A row read as an array: its columns in the statement's order (a search's, from a reader of its own). */
export type ArrayRow = readonly unknown[];

const SKIP = Symbol('skip');
/** How a column's value becomes a document's, by the field's kind (SKIP: left out of the document). */
function converterOf(kind: string): (value: unknown) => unknown {
  // A trip without stops answers exactly as before stops existed: no route lists at all.
  if (ROUTE_KINDS.has(kind))
    return (value) => {
      const list = readList(value);
      return list.length === 0 ? SKIP : list;
    };
  if (kind === 'boolean') return (value) => Boolean(Number(value));
  if (LIST_KINDS.has(kind)) return readList;
  if (kind === 'integer' || kind === 'money') return (value) => (value === null ? null : Number(value));
  return (value) => value;
}

const plainReaders = new WeakMap<ResourceDef, DocumentReader>();

/**
 * A reader of `def`'s rows, worked out once: which columns, each one's conversion. `prefix`: the columns are
 * named `<prefix><field>` (a statement that joins several tables); `only`: the fields it reads (every field
 * with a column otherwise); `indexOf`: the rows are arrays, and this says where each `<prefix><field>` is. A search
 * turns a dozen rows of six tables into documents: listing the fields and choosing each conversion again for
 * every row cost a sixth of its CPU (measured on a year, issue 23).
 */
export function documentReader(def: ResourceDef, prefix?: string, only?: readonly string[]): DocumentReader;
export function documentReader(
  def: ResourceDef,
  prefix: string,
  only: readonly string[] | undefined,
  indexOf: (column: string) => number,
): (row: ArrayRow) => Document;
export function documentReader(
  def: ResourceDef,
  prefix = '',
  only?: readonly string[],
  indexOf?: (column: string) => number,
): (row: Row & ArrayRow) => Document {
  const keyOf = (column: string): string => (indexOf ? (indexOf(column) as unknown as string) : column);
  const fields = columnFields(def)
    .filter((name) => !only || only.includes(name))
    .map((name) => ({ name, key: keyOf(prefix + name), convert: converterOf(def.fields[name].kind) }));
  const idKey = keyOf(`${prefix}id`);
  return (row) => {
    const document: Document = { _id: String(row[idKey]) };
    for (const { name, key, convert } of fields) {
      const value = row[key];
      if (value === undefined) continue;
      const converted = convert(value);
      if (converted !== SKIP) document[name] = converted;
    }
    return document;
  };
}

export function rowToDocument(def: ResourceDef, row: Row): Document {
  let read = plainReaders.get(def);
  if (!read) plainReaders.set(def, (read = documentReader(def)));
  return read(row);
}

/** Column values from a validated body (references stay as `_id` strings). */
export function bodyToRow(def: ResourceDef, body: Record<string, unknown>): Row {
  const row: Row = {};
  for (const [name, value] of Object.entries(body)) {
    const field = def.fields[name];
    if (!field || field.readOnly || field.writeOnly || value === undefined) continue;
    row[name] =
      field.kind === 'boolean' ? (value ? 1 : 0) : LIST_KINDS.has(field.kind) ? JSON.stringify(value) : value;
  }
  return row;
}
