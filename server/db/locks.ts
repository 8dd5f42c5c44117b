// Row locks for check-then-write sequences. PostgreSQL needs them (transactions run side by side); SQLite
// runs one write transaction at a time, so there the transaction alone is enough.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Reads one row inside a transaction, locked against concurrent change (`update`) or deletion (`share`). */
export async function lockRow(trx: Kysely<any>, table: string, id: string, mode: 'share' | 'update') {
  if (!isPostgres(trx)) return trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
  const lock = mode === 'share' ? sql`for share` : sql`for update`;
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} where id = ${id} ${lock}`.execute(trx);
  return rows[0];
}
