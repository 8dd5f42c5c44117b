// Row locks for check-then-write sequences. PostgreSQL needs them (transactions run side by side); SQLite
// runs one write transaction at a time, so there the transaction alone is enough.
import { PostgresAdapter, type Selectable, sql } from 'kysely';
import { anyTable } from '../resources/crud/generic-db.ts';
import type { Row } from '../resources/crud/row-mapper.ts';
import type { Db, Tables } from './schema.ts';

export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Reads one row inside a transaction, locked against concurrent change (`update`) or deletion (`share`). */
export async function lockRow<T extends keyof Tables>(
  trx: Db,
  table: T,
  id: string,
  mode: 'share' | 'update',
): Promise<Selectable<Tables[T]> | undefined>;
/** A registry table named by its entry (the generic CRUD layer): its row as unknown values. */
export async function lockRow(
  trx: Db,
  table: string,
  id: string,
  mode: 'share' | 'update',
): Promise<Row | undefined>;
export async function lockRow(trx: Db, table: string, id: string, mode: 'share' | 'update') {
  if (!isPostgres(trx))
    return anyTable(trx).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
  const lock = mode === 'share' ? sql`for share` : sql`for update`;
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} where id = ${id} ${lock}`.execute(trx);
  return rows[0];
}

/**
 * Serialises the transactions that take the same name until they end (PostgreSQL's advisory locks), in one
 * statement, one name after the other in the order given (callers keep one order, so no two wait on each
 * other). SQLite runs one write transaction at a time already.
 */
export async function lockName(trx: Db, ...names: string[]) {
  if (!isPostgres(trx) || !names.length) return;
  const locks = names.map((name) => sql`pg_advisory_xact_lock(hashtext(${name}))`);
  await sql`select ${sql.join(locks)}`.execute(trx);
}
