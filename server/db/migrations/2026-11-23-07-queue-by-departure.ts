// The payments queue in departure order from one index. Each booking carries its trip's departure as a sortable
// key ("tripDeparture": the trip's date, then its boarding time's place in the day), kept by the database
// itself: set when a booking is written and rewritten on all of a trip's bookings when the trip's date or
// boarding time changes, whoever writes (a route, a script, a generator); existing bookings get it when they
// may still enter the queue. The queue's partial index is then in the order staff see it, so a page reads what
// it shows. Replaces bookings_queue (trips walked by date).
// Frozen in time: the boarding times below are those of 2026-11-23.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The departure key of the trip row `trip` (an alias or NEW), as SQL text. */
const departure = (trip: string) =>
  `${trip}.trip_date || ' ' || (case ${trip}.trip_boarding_time when '9:00 am' then '0' when '7:00 pm' then '1' else '2' end)`;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('bookings').addColumn('tripDeparture', 'text').execute();
  // Existing bookings that may still wait in the queue: live and unpaid (a rejected proof can be sent again).
  // Paid, expired and cancelled ones never return to it; rewriting a million of them took ~50 s on PostgreSQL.
  const mayWait = `bookings."isCancelled" = 0
    and bookings."paymentStatus" in ('awaiting_proof', 'proof_submitted', 'rejected')`;
  await sql`${sql.raw(
    postgres
      ? `update bookings set "tripDeparture" = ${departure('trips')} from trips
          where trips.id = bookings."tripId" and ${mayWait}`
      : `update bookings set "tripDeparture" =
          (select ${departure('trips')} from trips where trips.id = bookings."tripId") where ${mayWait}`,
  )}`.execute(db);
  if (postgres) {
    await sql`${sql.raw(`create function bookings_set_departure() returns trigger language plpgsql as $$
      begin
        new."tripDeparture" := (select ${departure('trips')} from trips where trips.id = new."tripId");
        return new;
      end $$`)}`.execute(db);
    await sql`create trigger bookings_departure before insert or update of "tripId" on bookings
      for each row execute function bookings_set_departure()`.execute(db);
    await sql`${sql.raw(`create function trips_move_departure() returns trigger language plpgsql as $$
      begin
        update bookings set "tripDeparture" = ${departure('new')} where "tripId" = new.id;
        return null;
      end $$`)}`.execute(db);
    await sql`create trigger trips_departure after update of trip_date, trip_boarding_time on trips
      for each row execute function trips_move_departure()`.execute(db);
  } else {
    await sql`${sql.raw(`create trigger bookings_departure_insert after insert on bookings begin
      update bookings set "tripDeparture" = (select ${departure('trips')} from trips where trips.id = new."tripId")
        where id = new.id;
    end`)}`.execute(db);
    await sql`${sql.raw(`create trigger bookings_departure_trip after update of "tripId" on bookings begin
      update bookings set "tripDeparture" = (select ${departure('trips')} from trips where trips.id = new."tripId")
        where id = new.id;
    end`)}`.execute(db);
    await sql`${sql.raw(`create trigger trips_departure after update of trip_date, trip_boarding_time on trips begin
      update bookings set "tripDeparture" = ${departure('new')} where "tripId" = new.id;
    end`)}`.execute(db);
  }
  await sql`drop index bookings_queue`.execute(db);
  await sql`create index bookings_queue on bookings ("tripDeparture", "bookingDate", id)
    where "paymentStatus" = 'proof_submitted' and "isCancelled" = 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`drop index bookings_queue`.execute(db);
  if (postgres) {
    await sql`drop trigger trips_departure on trips`.execute(db);
    await sql`drop trigger bookings_departure on bookings`.execute(db);
    await sql`drop function trips_move_departure()`.execute(db);
    await sql`drop function bookings_set_departure()`.execute(db);
  } else {
    for (const trigger of ['trips_departure', 'bookings_departure_trip', 'bookings_departure_insert'])
      await sql`${sql.raw(`drop trigger ${trigger}`)}`.execute(db);
  }
  await db.schema.alterTable('bookings').dropColumn('tripDeparture').execute();
  await sql`create index bookings_queue on bookings ("tripId", "bookingDate")
    where "paymentStatus" = 'proof_submitted' and "isCancelled" = 0`.execute(db);
}
