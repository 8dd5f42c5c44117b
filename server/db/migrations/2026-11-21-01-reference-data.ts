// Companies, buses, positions, employees, cities, prices, trips and reports. Frozen in time: imports no app code.
import type { Kysely } from 'kysely';

const ID = 'varchar(32)';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('company_name', 'text', (c) => c.notNull().unique())
    .addColumn('company_phone', 'text', (c) => c.notNull())
    .addColumn('company_email', 'text', (c) => c.notNull())
    .addColumn('company_tin', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('buses')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('bus_number', 'text', (c) => c.notNull().unique())
    .addColumn('bus_owner_companyId', ID, (c) => c.notNull().references('companies.id'))
    .addColumn('bus_number_of_seats', 'integer', (c) => c.notNull())
    .addColumn('bus_status', 'text', (c) => c.notNull())
    .addColumn('date_ofLast_oil_service', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('buses_company').on('buses').column('bus_owner_companyId').execute();

  await db.schema
    .createTable('positions')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('employee_position_title', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('employees')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('employee_full_name', 'text', (c) => c.notNull())
    .addColumn('employee_national_id', 'text', (c) => c.notNull().unique())
    .addColumn('employee_phone_number', 'text', (c) => c.notNull())
    .addColumn('employee_emial', 'text', (c) => c.notNull())
    .addColumn('positionId', ID, (c) => c.notNull().references('positions.id'))
    .execute();
  await db.schema.createIndex('employees_position').on('employees').column('positionId').execute();

  for (const [table, column] of [
    ['origins', 'origin_city'],
    ['destinations', 'destination_city'],
  ]) {
    await db.schema
      .createTable(table)
      .addColumn('id', ID, (c) => c.primaryKey())
      .addColumn(column, 'text', (c) => c.notNull().unique())
      .execute();
  }

  await db.schema
    .createTable('prices')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('price', 'double precision', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('trips')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('busId', ID, (c) => c.notNull().references('buses.id'))
    .addColumn('trip_originId', ID, (c) => c.notNull().references('origins.id'))
    .addColumn('trip_destinationId', ID, (c) => c.notNull().references('destinations.id'))
    .addColumn('trip_date', 'text', (c) => c.notNull())
    .addColumn('trip_boarding_time', 'text', (c) => c.notNull())
    .addColumn('trip_ticket_priceId', ID, (c) => c.notNull().references('prices.id'))
    .addColumn('isCancelled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The public search: origin + destination + date.
  await db.schema
    .createIndex('trips_search')
    .on('trips')
    .columns(['trip_originId', 'trip_destinationId', 'trip_date'])
    .execute();
  await db.schema.createIndex('trips_date').on('trips').column('trip_date').execute();
  await db.schema.createIndex('trips_bus').on('trips').column('busId').execute();
  await db.schema.createIndex('trips_destination').on('trips').column('trip_destinationId').execute();
  await db.schema.createIndex('trips_price').on('trips').column('trip_ticket_priceId').execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('report_title', 'text', (c) => c.notNull())
    .addColumn('report_description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_created').on('reports').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'reports',
    'trips',
    'prices',
    'destinations',
    'origins',
    'employees',
    'positions',
    'buses',
    'companies',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
