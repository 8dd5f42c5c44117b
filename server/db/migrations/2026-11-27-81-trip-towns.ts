// The towns a trip with stops passes, as rows the search can find by index (issue 23): for each such trip, a
// row per town a traveller may board at (role 'b': its origin, stop 0, and each stop's origins row) and per town
// one may alight at (role 'a': each stop's destinations row and its destination, stop n + 1), with the trip's
// date. The database keeps them: a trigger on trips rewrites a trip's rows whenever its route, ends or date are
// written, by any writer (the API, timetables, a delay, a script), and drops them with the trip. Trips without
// stops have none (the search finds them by trips_search). Frozen in time.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trip_towns')
    .addColumn('town', 'varchar(32)', (c) => c.notNull())
    .addColumn('role', 'varchar(1)', (c) => c.notNull())
    .addColumn('trip_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('tripId', 'varchar(32)', (c) => c.notNull())
    .addColumn('stop', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('trip_towns_pk', ['town', 'role', 'trip_date', 'tripId', 'stop'])
    .execute();
  await db.schema.createIndex('trip_towns_trip').on('trip_towns').column('tripId').execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function trip_towns_of() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then delete from trip_towns where "tripId" = old.id; end if;
        if tg_op <> 'DELETE' and new.trip_stops <> '[]' then
          insert into trip_towns (town, role, trip_date, "tripId", stop)
            select new."trip_originId", 'b', new.trip_date, new.id, 0
            union all
            select s.v->>'originId', 'b', new.trip_date, new.id, s.n
              from jsonb_array_elements(new.trip_stops::jsonb) with ordinality s(v, n)
            union all
            select s.v->>'destinationId', 'a', new.trip_date, new.id, s.n
              from jsonb_array_elements(new.trip_stops::jsonb) with ordinality s(v, n)
            union all
            select new."trip_destinationId", 'a', new.trip_date, new.id, jsonb_array_length(new.trip_stops::jsonb) + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger trips_towns after insert or delete
      or update of trip_stops, trip_date, "trip_originId", "trip_destinationId" on trips
      for each row execute function trip_towns_of()`.execute(db);
  } else {
    const insert = sql`insert into trip_towns (town, role, trip_date, "tripId", stop)
      select new."trip_originId", 'b', new.trip_date, new.id, 0 where new.trip_stops <> '[]'
      union all
      select json_extract(s.value, '$.originId'), 'b', new.trip_date, new.id, s.key + 1 from json_each(new.trip_stops) s
      union all
      select json_extract(s.value, '$.destinationId'), 'a', new.trip_date, new.id, s.key + 1 from json_each(new.trip_stops) s
      union all
      select new."trip_destinationId", 'a', new.trip_date, new.id, json_array_length(new.trip_stops) + 1
        where new.trip_stops <> '[]';`;
    await sql`create trigger trips_towns_insert after insert on trips begin ${insert} end`.execute(db);
    await sql`create trigger trips_towns_update
      after update of trip_stops, trip_date, "trip_originId", "trip_destinationId" on trips
      begin delete from trip_towns where "tripId" = old.id; ${insert} end`.execute(db);
    await sql`create trigger trips_towns_delete after delete on trips
      begin delete from trip_towns where "tripId" = old.id; end`.execute(db);
  }
  // The trips of before: an update of their route fires the trigger.
  await sql`update trips set trip_stops = trip_stops where trip_stops <> '[]'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger trips_towns on trips`.execute(db);
    await sql`drop function trip_towns_of()`.execute(db);
  } else
    for (const name of ['insert', 'update', 'delete'])
      await sql`drop trigger ${sql.raw(`trips_towns_${name}`)}`.execute(db);
  await db.schema.dropTable('trip_towns').execute();
}
