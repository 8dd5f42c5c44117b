// Staff trust: a role per account (existing accounts, which could do everything, become admins); sign-in
// sessions with an absolute end that access tokens name, so that signing out, a password change or a stolen
// refresh token ends them at once (existing refresh tokens are dropped: everyone signs in once more); and the
// append-only activity log of what staff did (the database itself refuses to change or delete its rows).
// Frozen in time.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const ID = 'varchar(32)';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('admin'))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('user_id', ID, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** Absolute: rotating refresh tokens never extends it. */
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await db.deleteFrom('refresh_tokens').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('userId', ID)
    /** The account's e-mail when the row was written (a deleted account stays readable here). */
    .addColumn('userLabel', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource', 'text')
    .addColumn('recordId', 'text')
    /** JSON: {field: [before, after]} of what changed; never password material or ID numbers in clear. */
    .addColumn('diff', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema
    .createIndex('audit_record')
    .on('audit_log')
    .columns(['resource', 'recordId', 'at'])
    .execute();
  await db.schema.createIndex('audit_user').on('audit_log').columns(['userId', 'at']).execute();
  await db.schema.createIndex('audit_action').on('audit_log').columns(['action', 'at']).execute();
  if (postgres) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    for (const event of ['update', 'delete'])
      await sql`${sql.raw(`create trigger audit_log_no_${event} before ${event} on audit_log
        begin select raise(abort, 'audit_log is append-only'); end`)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
