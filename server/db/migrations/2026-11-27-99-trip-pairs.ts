// The stretches a trip with stops sells, as rows the search finds with one index range (issue 23): a row per
// boarding town and alighting town after it (from trip_towns' 'b' and 'a' rows), with the trip's date and the
// two stop indexes. The search looked the pair up as two trip_towns ranges joined; on a year of trips, SQLite's
// statistics (STAT4, per value) often chose to read each boarding town's trip rows before checking the
// destination, three to four times the work of the best order. One row per pair needs no choice. The database
// keeps them in the same trigger that keeps trip_towns: rewritten whenever a trip's route, ends or date are
// written, by any writer, and dropped with the trip. Frozen in time.
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

// The pairs of the trips `which` picks, from their trip_towns rows (in a trigger: written just before in it).
const pairsOf = (which: RawBuilder<unknown>) => sql`insert into trip_pairs
    (origin, destination, trip_date, "tripId", boarding, alighting)
  select b.town, a.town, b.trip_date, b."tripId", b.stop, a.stop
  from trip_towns b join trip_towns a on a."tripId" = b."tripId" and a.role = 'a' and a.stop > b.stop
  where ${which} and b.role = 'b'`;

/** Migration 81's triggers on trips, with the pairs written after the towns (`withPairs`) or without. */
async function keepTowns(db: Kysely<any>, withPairs: boolean) {
  const pairs = withPairs ? sql`${pairsOf(sql`b."tripId" = new.id`)};` : sql``;
  const dropPairs = withPairs ? sql`delete from trip_pairs where "tripId" = old.id;` : sql``;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create or replace function trip_towns_of() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          delete from trip_towns where "tripId" = old.id;
          ${dropPairs}
        end if;
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
          ${pairs}
        end if;
        return null;
      end $$`.execute(db);
    return;
  }
  const insert = sql`insert into trip_towns (town, role, trip_date, "tripId", stop)
    select new."trip_originId", 'b', new.trip_date, new.id, 0 where new.trip_stops <> '[]'
    union all
    select json_extract(s.value, '$.originId'), 'b', new.trip_date, new.id, s.key + 1 from json_each(new.trip_stops) s
    union all
    select json_extract(s.value, '$.destinationId'), 'a', new.trip_date, new.id, s.key + 1 from json_each(new.trip_stops) s
    union all
    select new."trip_destinationId", 'a', new.trip_date, new.id, json_array_length(new.trip_stops) + 1
      where new.trip_stops <> '[]'; ${pairs}`;
  const drop = sql`delete from trip_towns where "tripId" = old.id; ${dropPairs}`;
  for (const name of ['insert', 'update', 'delete'])
    await sql`drop trigger ${sql.raw(`trips_towns_${name}`)}`.execute(db);
  await sql`create trigger trips_towns_insert after insert on trips begin ${insert} end`.execute(db);
  await sql`create trigger trips_towns_update
    after update of trip_stops, trip_date, "trip_originId", "trip_destinationId" on trips
    begin ${drop} ${insert} end`.execute(db);
  await sql`create trigger trips_towns_delete after delete on trips begin ${drop} end`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('trip_pairs')
    .addColumn('origin', 'varchar(32)', (c) => c.notNull())
    .addColumn('destination', 'varchar(32)', (c) => c.notNull())
    .addColumn('trip_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('tripId', 'varchar(32)', (c) => c.notNull())
    .addColumn('boarding', 'integer', (c) => c.notNull())
    .addColumn('alighting', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('trip_pairs_pk', [
      'origin',
      'destination',
      'trip_date',
      'tripId',
      'boarding',
      'alighting',
    ])
    // SQLite: the rows are the key's index itself (nothing else to read).
    .$call((table) => (postgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  await db.schema.createIndex('trip_pairs_trip').on('trip_pairs').column('tripId').execute();

  await keepTowns(db, true);
  // The trips of before: their pairs from the towns they have.
  await pairsOf(sql`1 = 1`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await keepTowns(db, false);
  await db.schema.dropTable('trip_pairs').execute();
}
