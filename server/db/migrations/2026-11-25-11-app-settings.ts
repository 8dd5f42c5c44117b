// Settings an admin changes in the back-office (the operator's contact details, where travellers pay), one JSON
// value per key, so every API node reads the same and a change needs no restart. Frozen in time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    /** The staff member who last changed it; null for the values taken from the environment at first start. */
    .addColumn('updated_by', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_settings').execute();
}
