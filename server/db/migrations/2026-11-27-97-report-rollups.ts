// Reports over a year in a few milliseconds' reading (issue 24): two running totals the database keeps in the
// transaction of each change, so a report adds up hundreds of rows instead of millions.
//
// money_days and money_route_days: the ledger (money_events, append-only) summed by Khartoum day, company and
// payment method, and by day, company and route (the trip's ends when the row was written): two narrow tables
// rather than one wide one, as a year of one is 7,000 lines and of the other 73,000, where both keys in one
// would be 140,000. A trigger on money_events adds each new row to its day's lines; as the ledger never
// changes, neither does a past day's line, and the sums equal the ledger's.
//
// trip_counts: per trip, the seat-legs held by paid bookings (sold) and, of those, the paid travellers marked
// not boarded, on the leg they board (noShows) — what the occupancy report counted from booking_seats. Kept
// by adding differences, never by recounting, so two transactions that change one trip side by side
// (PostgreSQL) both land: a seat-leg added or removed adds ±1 by what its booking is now, and a booking whose
// payment, no-show mark or boarding stop changes adds the difference over its seats.
//
// Both are filled from what is there when this runs. Frozen in time.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const money = (c: any) => c.notNull().defaultTo(0);
  const sums = (table: any) =>
    table
      .addColumn('sales', 'double precision', money)
      .addColumn('refundsOwed', 'double precision', money)
      .addColumn('refundsPaid', 'double precision', money)
      .addColumn('commission', 'double precision', money);
  /** '' for a booking whose bus names no company. */
  const company = (c: any) => c.notNull();
  await sums(
    db.schema
      .createTable('money_days')
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('companyId', 'varchar(32)', company)
      .addColumn('method', 'varchar(16)', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('money_days_key', ['day', 'companyId', 'method'])
    .execute();
  await db.schema.createIndex('money_days_company').on('money_days').columns(['companyId', 'day']).execute();
  await sums(
    db.schema
      .createTable('money_route_days')
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('companyId', 'varchar(32)', company)
      .addColumn('originId', 'varchar(32)', (c) => c.notNull())
      .addColumn('destinationId', 'varchar(32)', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('money_route_days_key', ['day', 'companyId', 'originId', 'destinationId'])
    .execute();
  await db.schema
    .createIndex('money_route_days_company')
    .on('money_route_days')
    .columns(['companyId', 'day'])
    .execute();
  await db.schema
    .createTable('trip_counts')
    .addColumn('tripId', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('sold', 'integer', money)
    .addColumn('noShows', 'integer', money)
    .execute();

  // The Khartoum day (UTC+2, no summer time) of an instant written as ISO text in UTC.
  const day = (at: string) =>
    postgres
      ? `to_char((${at}::timestamptz at time zone 'UTC') + interval '2 hours', 'YYYY-MM-DD')`
      : `date(${at}, '+2 hours')`;
  const kindSum = (kind: string, row: string) =>
    `case when ${row}.kind = '${kind}' then ${row}.amount else 0 end`;
  /** The key columns of each table: their names, and their values for a ledger row `row` (with its trip t). */
  const keys = {
    money_days: (row: string) => ({
      day: day(`${row}.at`),
      companyId: `coalesce(${row}."companyId", '')`,
      method: `coalesce(${row}.method, 'other')`,
    }),
    money_route_days: (row: string) => ({
      day: day(`${row}.at`),
      companyId: `coalesce(${row}."companyId", '')`,
      originId: `coalesce(t."trip_originId", '')`,
      destinationId: `coalesce(t."trip_destinationId", '')`,
    }),
  };
  type Table = keyof typeof keys;
  const quoted = (name: string) => `"${name}"`;
  /** A table's lines of one ledger row (NEW), or of all of them grouped (e). */
  const moneyLines = (table: Table, row: 'NEW' | 'e') => {
    const key = keys[table](row);
    const sum = (term: string) => (row === 'e' ? `sum(${term})` : term);
    const columns = [...Object.keys(key), 'sales', 'refundsOwed', 'refundsPaid', 'commission'];
    return `insert into ${table} (${columns.map(quoted).join(', ')})
      select ${Object.values(key).join(', ')}, ${sum(kindSum('sale', row))}, ${sum(kindSum('refund_owed', row))},
        ${sum(kindSum('refund_paid', row))}, ${sum(kindSum('commission', row))}
      from ${row === 'e' ? 'money_events e' : '(select 1) one'} left join trips t on t.id = ${row}."tripId"
      ${
        row === 'e'
          ? `group by ${Object.values(key).join(', ')}`
          : // SQLite: an upsert's select needs a where clause (its grammar), hence `where true`.
            `where true on conflict (${Object.keys(key).map(quoted).join(', ')}) do update set
          sales = ${table}.sales + excluded.sales, "refundsOwed" = ${table}."refundsOwed" + excluded."refundsOwed",
          "refundsPaid" = ${table}."refundsPaid" + excluded."refundsPaid",
          commission = ${table}.commission + excluded.commission`
      }`;
  };
  const moneyOfEvent = `${moneyLines('money_days', 'NEW')}; ${moneyLines('money_route_days', 'NEW')}`;

  // A seat-leg (row r: NEW or OLD of booking_seats) counts as sold when its booking is paid, and as a no-show
  // when that booking is also marked not boarded and r is the leg it boards. A seat of an unpaid booking (a
  // traveller's hold) writes nothing: no row of trip_counts is locked by the sales of a trip's online rush.
  const seatTerms = (r: string, sign: string) => `select ${r}."tripId",
      ${sign}(case when b."paymentStatus" = 'verified' then 1 else 0 end),
      ${sign}(case when b."paymentStatus" = 'verified' and b."noShow" = 1
        and ${r}.leg = coalesce(b."boardingStop", 0) then 1 else 0 end)
    from bookings b where b.id = ${r}."bookingId" and b."paymentStatus" = 'verified'`;
  // A booking (NEW and OLD) over its seats: what it holds now less what it held.
  const paid = (r: string) => `(case when ${r}."paymentStatus" = 'verified' then 1 else 0 end)`;
  const absent = (r: string) =>
    `(case when ${r}."paymentStatus" = 'verified' and ${r}."noShow" = 1 and s.leg = coalesce(${r}."boardingStop", 0) then 1 else 0 end)`;
  // On insert there is no OLD (seats written before their booking are counted when it comes).
  const bookingTerms = (before: 'OLD' | null) => {
    const minus = (term: (r: string) => string) => (before ? ` - ${term(before)}` : '');
    return `select s."tripId", sum(${paid('NEW')}${minus(paid)}), sum(${absent('NEW')}${minus(absent)})
      from booking_seats s where s."bookingId" = NEW.id group by s."tripId"`;
  };
  const countsUpsert = `on conflict ("tripId") do update set sold = trip_counts.sold + excluded.sold,
    "noShows" = trip_counts."noShows" + excluded."noShows"`;
  const intoCounts = `insert into trip_counts ("tripId", sold, "noShows")`;
  const bookingChanged = `OLD."paymentStatus" is distinct from NEW."paymentStatus" or OLD."noShow" is distinct from NEW."noShow"
    or OLD."boardingStop" is distinct from NEW."boardingStop"`;

  if (postgres) {
    const fn = async (name: string, body: string) =>
      sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
        begin ${sql.raw(body)}; return null; end $$`.execute(db);
    await fn('money_days_of_event', moneyOfEvent);
    await fn('trip_counts_of_seat_insert', `${intoCounts} ${seatTerms('NEW', '')} ${countsUpsert}`);
    await fn('trip_counts_of_seat_delete', `${intoCounts} ${seatTerms('OLD', '-')} ${countsUpsert}`);
    await fn('trip_counts_of_booking', `${intoCounts} ${bookingTerms('OLD')} ${countsUpsert}`);
    await fn('trip_counts_of_new_booking', `${intoCounts} ${bookingTerms(null)} ${countsUpsert}`);
    // At commit (deferred): a day's line is locked last in its transaction, after the seats, so a counter sale
    // and a seat cancellation on one trip never wait on each other's locks (a deadlock the race test met).
    await sql`create constraint trigger money_days_add after insert on money_events deferrable initially deferred
      for each row execute function money_days_of_event()`.execute(db);
    await sql`create trigger trip_counts_seat_insert after insert on booking_seats
      for each row execute function trip_counts_of_seat_insert()`.execute(db);
    await sql`create trigger trip_counts_seat_delete after delete on booking_seats
      for each row execute function trip_counts_of_seat_delete()`.execute(db);
    await sql`create trigger trip_counts_booking after update of "paymentStatus", "noShow", "boardingStop" on bookings
      for each row when (${sql.raw(bookingChanged)}) execute function trip_counts_of_booking()`.execute(db);
    await sql`create trigger trip_counts_new_booking after insert on bookings
      for each row when (NEW."paymentStatus" = 'verified') execute function trip_counts_of_new_booking()`.execute(
      db,
    );
  } else {
    await sql`create trigger money_days_add after insert on money_events
      begin ${sql.raw(moneyOfEvent)}; end`.execute(db);
    await sql`create trigger trip_counts_seat_insert after insert on booking_seats
      begin ${sql.raw(`${intoCounts} ${seatTerms('NEW', '')} ${countsUpsert}`)}; end`.execute(db);
    await sql`create trigger trip_counts_seat_delete after delete on booking_seats
      begin ${sql.raw(`${intoCounts} ${seatTerms('OLD', '-')} ${countsUpsert}`)}; end`.execute(db);
    await sql`create trigger trip_counts_booking after update of "paymentStatus", "noShow", "boardingStop" on bookings
      when ${sql.raw(bookingChanged.replaceAll('is distinct from', 'is not'))}
      begin ${sql.raw(`${intoCounts} ${bookingTerms('OLD')} ${countsUpsert}`)}; end`.execute(db);
    await sql`create trigger trip_counts_new_booking after insert on bookings when NEW."paymentStatus" = 'verified'
      begin ${sql.raw(`${intoCounts} ${bookingTerms(null)} ${countsUpsert}`)}; end`.execute(db);
  }

  // What is there already.
  await sql`${sql.raw(moneyLines('money_days', 'e'))}`.execute(db);
  await sql`${sql.raw(moneyLines('money_route_days', 'e'))}`.execute(db);
  await sql`${sql.raw(`${intoCounts} select s."tripId",
      sum(case when b."paymentStatus" = 'verified' then 1 else 0 end),
      sum(case when b."paymentStatus" = 'verified' and b."noShow" = 1 and s.leg = coalesce(b."boardingStop", 0) then 1 else 0 end)
    from booking_seats s join bookings b on b.id = s."bookingId" group by s."tripId"`)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [name, table] of [
    ['money_days_add', 'money_events'],
    ['trip_counts_seat_insert', 'booking_seats'],
    ['trip_counts_seat_delete', 'booking_seats'],
    ['trip_counts_booking', 'bookings'],
    ['trip_counts_new_booking', 'bookings'],
  ])
    await sql`drop trigger ${sql.raw(name)}${sql.raw(postgres ? ` on ${table}` : '')}`.execute(db);
  if (postgres)
    for (const name of [
      'money_days_of_event',
      'trip_counts_of_seat_insert',
      'trip_counts_of_seat_delete',
      'trip_counts_of_booking',
      'trip_counts_of_new_booking',
    ])
      await sql`drop function ${sql.raw(name)}()`.execute(db);
  await db.schema.dropTable('trip_counts').execute();
  await db.schema.dropTable('money_route_days').execute();
  await db.schema.dropTable('money_days').execute();
}
