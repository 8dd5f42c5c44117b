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

export function rowToDocument(def: ResourceDef, row: Row): Document {
  const document: Document = { _id: String(row.id) };
  for (const name of columnFields(def)) {
    const field = def.fields[name];
    const value = row[name];
    if (value === undefined) continue;
    // A trip without stops answers exactly as before stops existed: no route lists at all.
    if (ROUTE_KINDS.has(field.kind) && readList(value).length === 0) continue;
    if (field.kind === 'boolean') document[name] = Boolean(Number(value));
    else if (LIST_KINDS.has(field.kind)) document[name] = readList(value);
    else if ((field.kind === 'integer' || field.kind === 'money') && value !== null)
      document[name] = Number(value);
    else document[name] = value;
  }
  return document;
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
