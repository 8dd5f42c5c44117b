// Which fields a generated list shows and filters by, from the registry (and the screen config's columns).
import type { FieldDef, ResourceDef } from '../../shared/registry/index.ts';
import { configOf } from './screenConfig.ts';

/** Fields staff can read: everything but write-only ones (passwords). */
export const readableFields = (def: ResourceDef): [string, FieldDef][] =>
  Object.entries(def.fields).filter(([, field]) => !field.writeOnly);

export function listColumns(def: ResourceDef): [string, FieldDef][] {
  const { listFields } = configOf(def.name);
  if (listFields) return listFields.map((name) => [name, def.fields[name]]);
  return readableFields(def).filter(([name, field]) => field.kind !== 'image' && name !== 'updated_at');
}

const FILTER_KINDS = new Set(['choice', 'reference', 'boolean', 'date', 'timestamp']);

export const filterFields = (def: ResourceDef): [string, FieldDef][] =>
  readableFields(def).filter(([, field]) => FILTER_KINDS.has(field.kind) && !field.computed);

export const hasSearch = (def: ResourceDef) =>
  Object.values(def.fields).some((f) => f.searchable && !f.computed);
