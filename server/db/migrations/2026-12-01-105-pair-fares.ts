// Each stretch a trip with stops sells carries its fare (trip_pairs.fare: the trip_fares entry of its boarding
// and alighting stops, null when that pair is not listed), so the search reads it with the pair's row instead of
// reading the trip's fares as JSON for every trip it finds (8 % of the search statement on PostgreSQL, 10 % on
// SQLite, measured on a year of trips). The database keeps it: a pair's fare is set as the pair is written (by
// the trigger of migration 99, whoever writes the trip), and a trip's pairs are priced again whenever its fares
// are written. The ends pair keeps reading the trip's own price (trip_ticket_priceId). Frozen in time.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('trip_pairs').addColumn('fare', 'double precision').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The search reads the pairs from their key's index alone: the fare goes into it (SQLite keeps the rows in
    // their key's b-tree, without rowid, so it has the fare there already).
    await keyIncluding(db, sql`include (fare)`);
    // The fare of boarding `b` and alighting `a` in a trip's fares (JSON text).
    const fareIn = (fares: string, b: string, a: string) =>
      sql.raw(`(select (f.v->>'price')::double precision from jsonb_array_elements((${fares})::jsonb) f(v)
        where (f.v->>'from')::int = ${b} and (f.v->>'to')::int = ${a} limit 1)`);
    await sql`create function trip_pair_fare() returns trigger language plpgsql as $$
      begin
        new.fare := ${fareIn(`select t.trip_fares from trips t where t.id = new."tripId"`, 'new.boarding', 'new.alighting')};
        return new;
      end $$`.execute(db);
    await sql`create trigger trip_pairs_fare before insert on trip_pairs
      for each row execute function trip_pair_fare()`.execute(db);
    await sql`create function trip_fares_of() returns trigger language plpgsql as $$
      begin
        update trip_pairs p set fare = ${fareIn('new.trip_fares', 'p.boarding', 'p.alighting')}
          where p."tripId" = new.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger trips_fares after update of trip_fares on trips
      for each row execute function trip_fares_of()`.execute(db);
    await sql`update trip_pairs p set fare = ${fareIn(
      `select t.trip_fares from trips t where t.id = p."tripId"`,
      'p.boarding',
      'p.alighting',
    )}`.execute(db);
    return;
  }
  const fareIn = (fares: string, b: string, a: string) =>
    sql.raw(`(select json_extract(f.value, '$.price') from json_each(${fares}) f
      where json_extract(f.value, '$.from') = ${b} and json_extract(f.value, '$.to') = ${a} limit 1)`);
  const tripFares = (trip: string) => `(select t.trip_fares from trips t where t.id = ${trip})`;
  await sql`create trigger trip_pairs_fare after insert on trip_pairs begin
      update trip_pairs set fare = ${fareIn(tripFares('new."tripId"'), 'new.boarding', 'new.alighting')}
      where origin = new.origin and destination = new.destination and trip_date = new.trip_date
        and "tripId" = new."tripId" and boarding = new.boarding and alighting = new.alighting;
    end`.execute(db);
  await sql`create trigger trips_fares after update of trip_fares on trips begin
      update trip_pairs set fare = ${fareIn('new.trip_fares', 'trip_pairs.boarding', 'trip_pairs.alighting')}
      where "tripId" = new.id;
    end`.execute(db);
  await sql`update trip_pairs set fare = ${fareIn(
    tripFares('trip_pairs."tripId"'),
    'trip_pairs.boarding',
    'trip_pairs.alighting',
  )}`.execute(db);
}

const keyIncluding = (db: Kysely<any>, include: ReturnType<typeof sql>) =>
  sql`alter table trip_pairs drop constraint trip_pairs_pk, add constraint trip_pairs_pk
    primary key (origin, destination, trip_date, "tripId", boarding, alighting) ${include}`.execute(db);

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await keyIncluding(db, sql``);
    await sql`drop trigger trips_fares on trips`.execute(db);
    await sql`drop function trip_fares_of()`.execute(db);
    await sql`drop trigger trip_pairs_fare on trip_pairs`.execute(db);
    await sql`drop function trip_pair_fare()`.execute(db);
  } else {
    await sql`drop trigger trips_fares`.execute(db);
    await sql`drop trigger trip_pairs_fare`.execute(db);
  }
  await db.schema.alterTable('trip_pairs').dropColumn('fare').execute();
}
