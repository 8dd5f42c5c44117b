// Lost-item reports and public enquiries sent by travellers. Frozen in time.
import type { Kysely } from 'kysely';

const ID = 'varchar(32)';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lost_items')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('date_of_loss', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('brand', 'text')
    .addColumn('bus_number', 'text')
    .addColumn('line_description', 'text')
    .addColumn('boarding_time', 'text')
    .addColumn('message_subject', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lost_items_created').on('lost_items').column('created_at').execute();

  await db.schema
    .createTable('enquiries')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('enquiries_created').on('enquiries').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('enquiries').execute();
  await db.schema.dropTable('lost_items').execute();
}
