// Company staff and company payment accounts (issue 24). A staff account may belong to a company (null: the
// platform's staff, who see everything); a company may carry its own payment instructions, which its trips'
// travellers see instead of the operator's. Frozen in time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('companyId', 'varchar(32)', (c) => c.references('companies.id'))
    .execute();
  await db.schema.createIndex('users_company').on('users').column('companyId').execute();
  for (const column of ['company_bankak_account', 'company_account_name', 'company_wallets'])
    await db.schema.alterTable('companies').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['company_bankak_account', 'company_account_name', 'company_wallets'])
    await db.schema.alterTable('companies').dropColumn(column).execute();
  await db.schema.dropIndex('users_company').execute();
  await db.schema.alterTable('users').dropColumn('companyId').execute();
}
