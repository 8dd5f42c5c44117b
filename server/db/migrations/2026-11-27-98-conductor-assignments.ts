// Conductors assigned to trips (issue 24): a conductor opens the door (offline package, scans, passenger list)
// only of the trips assigned to them. A row names one trip (`tripId`), or one company's trips of one day
// (`companyId` and `date`, no trip): exactly one of the two, the database says so. Who assigned and when is
// kept on the row (the activity log has the change too); `assignedBy` has no foreign key, so a manager's
// account deleted later leaves the record. A trip or a conductor deleted takes its rows along. Frozen in time.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('conductor_assignments')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('userId', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tripId', 'varchar(32)', (c) => c.references('trips.id').onDelete('cascade'))
    .addColumn('companyId', 'varchar(32)', (c) => c.references('companies.id').onDelete('cascade'))
    /** YYYY-MM-DD, with companyId: every trip of that company on that day. */
    .addColumn('date', 'varchar(10)')
    .addColumn('assignedBy', 'varchar(32)', (c) => c.notNull())
    .addColumn('assignedAt', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint(
      'conductor_assignments_one_kind',
      sql`("tripId" is not null and "companyId" is null and "date" is null)
        or ("tripId" is null and "companyId" is not null and "date" is not null)`,
    )
    .execute();
  // One row per conductor and trip, and per conductor, company and day (a second assign finds the first).
  await sql`create unique index conductor_assignments_trip on conductor_assignments ("tripId", "userId")
    where "tripId" is not null`.execute(db);
  await sql`create unique index conductor_assignments_day on conductor_assignments ("companyId", "date", "userId")
    where "tripId" is null`.execute(db);
  await db.schema
    .createIndex('conductor_assignments_user')
    .on('conductor_assignments')
    .columns(['userId', 'date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('conductor_assignments').execute();
}
