// Names in both languages: an optional Arabic name beside each city and company (the specification's
// fields keep the names as they were). Frozen in time.
import type { Kysely } from 'kysely';

const COLUMNS: [string, string][] = [
  ['origins', 'origin_city_ar'],
  ['destinations', 'destination_city_ar'],
  ['companies', 'company_name_ar'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of COLUMNS)
    await db.schema.alterTable(table).addColumn(column, 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of COLUMNS) await db.schema.alterTable(table).dropColumn(column).execute();
}
