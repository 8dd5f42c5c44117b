// Generic data access for every plain resource of the registry: list, find, create, update, delete,
// with reference checks, unique checks and delete integrity. Route handlers hold no SQL.
import { type SelectQueryBuilder, sql } from 'kysely';
import {
  getResource,
  type ResourceDef,
  type ResourceName,
  resources,
} from '../../../shared/registry/index.ts';
import { newId } from '../../db/ids.ts';
import { likeContaining } from '../../db/like.ts';
import { lockRow } from '../../db/locks.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { readCacheOf } from '../../cache/read-cache.ts';
import { createRules, updateRules } from '../seat-capacity.ts';
import type { ListParams } from './list-params.ts';
import { toDocuments } from './populate.ts';
import { routesStoppingAt } from './routes-through.ts';
import { bodyToRow, type Document, type Row } from './row-mapper.ts';
import type { Db } from '../../db/schema.ts';
import { anyTable, type AnyTables } from './generic-db.ts';
import { companyWhere, REACH_TABLES } from '../../auth/company-scope.ts';
import { assignedTripWhere } from '../conductors/assignments.repository.ts';

function applyFilters<O>(
  db: Db,
  def: ResourceDef,
  params: ListParams,
  query: SelectQueryBuilder<AnyTables, string, O>,
) {
  let q = query;
  // Company staff: their company's documents alone, paged and counted (server/auth/company-scope.ts).
  const { reach } = def.scope;
  if (params.companyId && reach !== 'none' && reach !== 'platform')
    q = q.where(companyWhere(db, reach, params.companyId));
  if (params.assignedTo && reach === 'trip') q = q.where(assignedTripWhere(db, params.assignedTo));
  if (params.ids) q = q.where('id', 'in', params.ids.length ? params.ids : ['']);
  for (const [field, value] of Object.entries(params.equals)) {
    const kind = def.fields[field].kind;
    const typed =
      kind === 'boolean'
        ? value === 'true' || value === '1'
          ? 1
          : 0
        : kind === 'integer' || kind === 'money'
          ? Number(value)
          : value;
    q = q.where(field, '=', typed);
  }
  for (const range of params.ranges) q = q.where(range.field, range.op, range.value);
  if (params.q) {
    const searchable = Object.entries(def.fields).filter(([, f]) => f.searchable && !f.computed);
    const pattern = likeContaining(params.q.toLowerCase());
    q = q.where((eb) =>
      eb.or(searchable.map(([name]) => sql<boolean>`lower(${sql.ref(name)}) like ${pattern} escape '\\'`)),
    );
  }
  return q;
}

export async function listDocuments(db: Db, def: ResourceDef, params: ListParams) {
  let query = applyFilters(db, def, params, anyTable(db).selectFrom(def.table).selectAll());
  const direction = params.order === 'DESC' ? 'desc' : 'asc';
  query = query.orderBy(params.sort, direction);
  // Ties go the same way as the sort: ids begin with their creation second, so "newest first" stays newest first.
  if (params.sort !== 'id') query = query.orderBy('id', direction);
  const paged = params.start !== undefined || params.end !== undefined;
  if (paged) {
    const start = params.start ?? 0;
    const end = Math.max(params.end ?? start + 25, start);
    query = query.limit(Math.min(end - start, 1000)).offset(start);
  }
  const rows: Row[] = await query.execute();
  let total = rows.length;
  if (paged) {
    const countQuery = applyFilters(db, def, params, anyTable(db).selectFrom(def.table)).select((eb) =>
      eb.fn.countAll().as('count'),
    );
    const compiled = countQuery.compile();
    // A count of a million rows costs ~200 ms on PostgreSQL; staff paging ask the same total again and again.
    // Remembered until the table is written to (on any node).
    const count = async () => Number((await countQuery.executeTakeFirst())?.count ?? 0);
    const cache = readCacheOf(db);
    total = cache
      ? (await cache.remember(`count|${compiled.sql}|${JSON.stringify(compiled.parameters)}`, count, {
          tables: [
            ...new Set([
              def.table,
              ...(params.companyId && def.scope.reach !== 'none' && def.scope.reach !== 'platform'
                ? REACH_TABLES[def.scope.reach]
                : []),
              ...(params.assignedTo ? ['conductor_assignments', 'buses'] : []),
            ]),
          ],
        }))!
      : await count();
  }
  return { documents: await toDocuments(db, def, rows), total };
}

export async function findDocument(db: Db, def: ResourceDef, id: string): Promise<Document | undefined> {
  const row = await anyTable(db).selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await toDocuments(db, def, [row]))[0] : undefined;
}

/**
 * A document without its references filled (they stay ids): what the activity log compares, which reads
 * references as ids anyway (server/audit/audit.ts), in one query less per reference.
 */
export async function findShallowDocument(
  db: Db,
  def: ResourceDef,
  id: string,
): Promise<Document | undefined> {
  const row = await anyTable(db).selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await toDocuments(db, def, [row], 0))[0] : undefined;
}

/** 400 naming the field when a reference points at nothing. */
export async function assertReferencesExist(db: Db, def: ResourceDef, body: Record<string, unknown>) {
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind !== 'reference' || typeof body[name] !== 'string') continue;
    const target = getResource(field.ref!);
    const found = await anyTable(db)
      .selectFrom(target.table)
      .select('id')
      .where('id', '=', body[name])
      .executeTakeFirst();
    if (!found) {
      const message = `${name} does not match any ${target.singular}.`;
      throw badRequest(message, { [name]: message });
    }
  }
}

/** 409 when a unique field's value is already taken by another document. */
export async function assertUnique(
  db: Db,
  def: ResourceDef,
  body: Record<string, unknown>,
  exceptId?: string,
) {
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.unique || body[name] === undefined) continue;
    let query = anyTable(db).selectFrom(def.table).select('id').where(name, '=', body[name]);
    if (exceptId) query = query.where('id', '<>', exceptId);
    if (await query.executeTakeFirst()) {
      throw conflict(`A ${def.singular} with this ${name} already exists.`, {
        errors: { [name]: 'Already taken.' },
      });
    }
  }
}

export async function createDocument(
  db: Db,
  def: ResourceDef,
  body: Record<string, unknown>,
  extra: Row = {},
  /** Its creation time: the app's clock (by which the travellers' forms are counted, public-forms.ts). */
  createdAt: Date,
) {
  await assertReferencesExist(db, def, body);
  await assertUnique(db, def, body);
  await createRules[def.name as ResourceName]?.(db, body);
  const now = createdAt.toISOString();
  const row: Row = { id: newId(), ...bodyToRow(def, body), ...extra };
  if (def.timestamps) Object.assign(row, { created_at: now, updated_at: now });
  await anyTable(db).insertInto(def.table).values(row).execute();
  return (await findDocument(db, def, row.id as string))!;
}

export async function updateDocument(
  db: Db,
  def: ResourceDef,
  id: string,
  body: Record<string, unknown>,
  /** The time of the change: the app's clock. */
  updatedAt: Date,
  extra: Row = {},
) {
  await assertReferencesExist(db, def, body);
  await assertUnique(db, def, body, id);
  const row: Row = { ...bodyToRow(def, body), ...extra };
  if (def.timestamps) row.updated_at = updatedAt.toISOString();
  if (Object.keys(row).length) {
    const rule = updateRules[def.name as ResourceName];
    const updated = await db.transaction().execute(async (trx) => {
      if (!(await lockRow(trx, def.table, id, 'update'))) return false;
      await rule?.(trx, id, body);
      await anyTable(trx).updateTable(def.table).set(row).where('id', '=', id).execute();
      return true;
    });
    if (!updated) return undefined;
  }
  return findDocument(db, def, id);
}

/** The lists whose towns a route's stops name (each stop: an origin and a destination, shared/segments.ts). */
const STOP_TOWNS: readonly string[] = ['origins', 'destinations'];

/** Who still refers to a document: {resource name: count}, counting only rows that block deletion. */
export async function referencesTo(db: Db, def: ResourceDef, id: string) {
  const found: Record<string, number> = {};
  // A town a route stops at: a town deleted under a stop left the stop nameless on tickets and manifests, and
  // its trip impossible to edit.
  if (STOP_TOWNS.includes(def.name))
    for (const route of await routesStoppingAt(db, id))
      found[route.resource] = (found[route.resource] ?? 0) + 1;
  for (const other of resources) {
    for (const [name, field] of Object.entries(other.fields)) {
      if (field.kind !== 'reference' || field.ref !== def.name) continue;
      let query = anyTable(db)
        .selectFrom(other.table)
        .select((eb) => eb.fn.countAll().as('count'))
        .where(name, '=', id);
      for (const [column, value] of Object.entries(field.blocksDeleteWhen ?? {}))
        query = query.where(column, '=', value);
      const count = Number((await query.executeTakeFirst())?.count ?? 0);
      if (count > 0) found[other.name] = (found[other.name] ?? 0) + count;
    }
  }
  return found;
}

export function describeReferences(def: ResourceDef, found: Record<string, number>): string {
  const parts = Object.entries(found).map(([name, count]) => {
    const other = getResource(name);
    // Only some of its rows count (a booking that is not cancelled): say which.
    const live = Object.values(other.fields).some((f) => f.ref === def.name && f.blocksDeleteWhen)
      ? 'live '
      : '';
    return `${count} ${live}${count === 1 ? other.singular : other.name}`;
  });
  const one = Object.keys(found).length === 1 && Object.values(found)[0] === 1;
  return `This ${def.singular} cannot be deleted: ${parts.join(', ')} still ${one ? 'refers' : 'refer'} to it.`;
}

export async function deleteDocument(db: Db, def: ResourceDef, id: string) {
  const document = await findDocument(db, def, id);
  if (!document) return undefined;
  // Checked and deleted in one transaction with the row locked, so nothing can start referring to it
  // (a booking of a trip, say) between the check and the delete.
  await db.transaction().execute(async (trx) => {
    await lockRow(trx, def.table, id, 'update');
    const found = await referencesTo(trx, def, id);
    if (Object.keys(found).length) throw conflict(describeReferences(def, found), { referencedBy: found });
    await anyTable(trx).deleteFrom(def.table).where('id', '=', id).execute();
  });
  return document;
}
