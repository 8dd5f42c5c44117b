// The activity log's rows cannot be rewritten or emptied either: SQLite's INSERT OR REPLACE deleted the row it
// replaced without firing the delete trigger (SQLite fires none for REPLACE unless recursive triggers are on),
// so an insert that names an existing id is refused; PostgreSQL's TRUNCATE fires no row trigger, so a
// statement trigger refuses it, and the application's own role gives up the TRUNCATE privilege.
// Frozen in time.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
    await sql`revoke truncate on audit_log from public, current_user`.execute(db);
  } else {
    await sql`create trigger audit_log_no_replace before insert on audit_log
      when exists (select 1 from audit_log where id = new.id)
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`grant truncate on audit_log to current_user`.execute(db);
    await sql`drop trigger audit_log_no_truncate on audit_log`.execute(db);
  } else {
    await sql`drop trigger audit_log_no_replace`.execute(db);
  }
}
