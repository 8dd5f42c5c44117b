// The ledger (issue 24): an append-only row for every movement of money a booking makes — a sale paid (at the
// counter, or verified), money owed back, money paid back, and the platform's commission on each — so that a
// report is a sum over rows that never change, and a booking that changed is never counted twice. The database
// writes it: a trigger on bookings turns each change of what a booking is worth into rows, in the transaction
// of the change, by any writer (the sales module, a CRUD edit, demo data, a script). Its time is the
// database's own (one clock for every API node).
//
// What a row's amount is, for a booking before (OLD, nothing on insert) and after (NEW) a change:
//   sale         paid(NEW) − paid(OLD), where paid = the price when the payment is verified, else 0
//                (a split's cancelled part moves its price from one row to the other: −part, +part)
//   refund_owed  refundDue(NEW) − refundDue(OLD)
//   refund_paid  the refund due once it is paid (refundPaidAt set) − the same before
//   commission   (sale − refund_owed) × the booking's commission rate ÷ 100
// A row's method is how the booking was paid (how its refund went back is on the booking). Rows with amount 0 are not written. Also: a company's commission (a percentage, set by the platform), and
// each booking's rate, taken from its company when the booking is made. Frozen in time.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('companies').addColumn('company_commission', 'integer').execute();
  await db.schema.alterTable('bookings').addColumn('commissionRate', 'real').execute();
  await db.schema
    .createTable('money_events')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('bookingId', 'varchar(32)', (c) => c.notNull())
    /** The booking it began as: a split's part and a change of day name the booking they came from. */
    .addColumn('originId', 'varchar(32)', (c) => c.notNull())
    .addColumn('tripId', 'varchar(32)', (c) => c.notNull())
    .addColumn('companyId', 'varchar(32)')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'real', (c) => c.notNull())
    .addColumn('method', 'varchar(16)')
    .addColumn('staffId', 'varchar(32)')
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('money_events_at').on('money_events').columns(['at']).execute();
  await db.schema
    .createIndex('money_events_company_at')
    .on('money_events')
    .columns(['companyId', 'at'])
    .execute();
  await db.schema.createIndex('money_events_booking').on('money_events').column('bookingId').execute();

  const rate = (row: string) =>
    sql.raw(`coalesce(${row}."commissionRate", (select coalesce(c.company_commission, 0)
      from trips t join buses b on b.id = t."busId" join companies c on c.id = b."bus_owner_companyId"
      where t.id = ${row}."tripId"), 0)`);
  const paid = (row: string) =>
    `(case when ${row}."paymentStatus" = 'verified' then ${row}."totalTicketPrice" else 0 end)`;
  const owed = (row: string) => `coalesce(${row}."refundDue", 0)`;
  const repaid = (row: string) =>
    `(case when ${row}."refundPaidAt" is not null then coalesce(${row}."refundDue", 0) else 0 end)`;
  const now = postgres
    ? `to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  /** The rows of one change: `before` is OLD, or null on insert (its terms are 0). */
  const events = (before: 'OLD' | null) => {
    const minus = (term: (row: string) => string) => (before ? ` - ${term(before)}` : '');
    const sale = `${paid('NEW')}${minus(paid)}`;
    const refund = `${owed('NEW')}${minus(owed)}`;
    return sql`insert into money_events ("bookingId", "originId", "tripId", "companyId", kind, amount, method, "staffId", at)
      select NEW.id, coalesce(NEW."splitFrom", NEW."changeOf", NEW.id), NEW."tripId",
        (select b."bus_owner_companyId" from trips t join buses b on b.id = t."busId" where t.id = NEW."tripId"),
        e.kind, e.amount, e.method, e.staff, ${sql.raw(now)}
      from (
        select 'sale' as kind, ${sql.raw(sale)} as amount, NEW."paymentMethod" as method,
          coalesce(NEW."verifiedBy", NEW."soldBy") as staff
        union all select 'refund_owed', ${sql.raw(refund)}, NEW."paymentMethod", null
        union all select 'refund_paid', ${sql.raw(`${repaid('NEW')}${minus(repaid)}`)}, NEW."paymentMethod",
          NEW."refundPaidBy"
        union all select 'commission', ((${sql.raw(sale)}) - (${sql.raw(refund)})) * ${rate('NEW')} / 100.0,
          NEW."paymentMethod", null
      ) e
      where e.amount <> 0;`;
  };
  const worthOnInsert = sql.raw(`NEW."paymentStatus" = 'verified' or NEW."refundDue" is not null`);
  const columns = sql.raw(`"paymentStatus", "totalTicketPrice", "refundDue", "refundPaidAt"`);
  if (postgres) {
    await sql`create function booking_commission_rate() returns trigger language plpgsql as $$
      begin
        if new."commissionRate" is null then new."commissionRate" := ${rate('NEW')}; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger bookings_commission_rate before insert on bookings
      for each row execute function booking_commission_rate()`.execute(db);
    await sql`create function money_events_of_insert() returns trigger language plpgsql as $$
      begin ${events(null)} return null; end $$`.execute(db);
    await sql`create function money_events_of_update() returns trigger language plpgsql as $$
      begin ${events('OLD')} return null; end $$`.execute(db);
    await sql`create trigger bookings_money_insert after insert on bookings
      for each row when (${worthOnInsert}) execute function money_events_of_insert()`.execute(db);
    await sql`create trigger bookings_money_update after update of ${columns} on bookings
      for each row execute function money_events_of_update()`.execute(db);
  } else {
    await sql`create trigger bookings_commission_rate after insert on bookings when NEW."commissionRate" is null
      begin update bookings set "commissionRate" = ${rate('NEW')} where id = NEW.id; end`.execute(db);
    await sql`create trigger bookings_money_insert after insert on bookings when ${worthOnInsert}
      begin ${events(null)} end`.execute(db);
    await sql`create trigger bookings_money_update after update of ${columns} on bookings
      begin ${events('OLD')} end`.execute(db);
  }
  // What bookings were worth before the ledger began: their rows, as of when each was paid or made.
  for (const [kind, amount, method, staff] of [
    ['sale', paid('bk'), 'bk."paymentMethod"', 'coalesce(bk."verifiedBy", bk."soldBy")'],
    ['refund_owed', owed('bk'), 'bk."paymentMethod"', 'null'],
    ['refund_paid', repaid('bk'), 'bk."paymentMethod"', 'bk."refundPaidBy"'],
  ])
    await sql`insert into money_events ("bookingId", "originId", "tripId", "companyId", kind, amount, method, "staffId", at)
      select bk.id, coalesce(bk."splitFrom", bk."changeOf", bk.id), bk."tripId", b."bus_owner_companyId",
        ${kind}, ${sql.raw(amount)}, ${sql.raw(method)}, ${sql.raw(staff)}, coalesce(bk."verifiedAt", bk.created_at)
      from bookings bk join trips t on t.id = bk."tripId" join buses b on b.id = t."busId"
      where ${sql.raw(amount)} <> 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const name of ['bookings_commission_rate', 'bookings_money_insert', 'bookings_money_update'])
    await sql`drop trigger ${sql.raw(name)}${sql.raw(postgres ? ' on bookings' : '')}`.execute(db);
  if (postgres)
    for (const name of ['booking_commission_rate', 'money_events_of_insert', 'money_events_of_update'])
      await sql`drop function ${sql.raw(name)}()`.execute(db);
  await db.schema.dropTable('money_events').execute();
  await db.schema.alterTable('bookings').dropColumn('commissionRate').execute();
  await db.schema.alterTable('companies').dropColumn('company_commission').execute();
}
